import type { DeliveryCheckpoint } from 'shared-contracts/deliveries';
import { formatServiceTime } from 'shared-contracts/service-time';
import { media } from 'shared-ui';
import styled, { css } from 'styled-components';

const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 8px;
  grid-template-columns: 1fr;
  ${media.sm} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
    gap: 0;
  }
`;

const Step = styled.li<{ $reached: boolean; $current: boolean }>`
  position: relative;
  display: flex;
  align-items: center;
  gap: 10px;
  ${media.sm} {
    flex-direction: column;
    text-align: center;
    gap: 6px;
    /* The line joining this step to the previous one. */
    &:not(:first-child)::before {
      content: '';
      position: absolute;
      top: 15px;
      right: 50%;
      width: 100%;
      height: 4px;
      background: ${({ $reached, theme }) => ($reached ? theme.colors.primary : theme.colors.border)};
      z-index: 0;
    }
  }
`;

const Dot = styled.span<{ $reached: boolean; $current: boolean }>`
  position: relative;
  z-index: 1;
  flex: none;
  width: 34px;
  height: 34px;
  border-radius: 50%;
  display: grid;
  place-items: center;
  font-weight: 700;
  border: 3px solid ${({ $reached, theme }) => ($reached ? theme.colors.primary : theme.colors.border)};
  background: ${({ $reached, theme }) => ($reached ? theme.colors.primary : theme.colors.surface)};
  color: ${({ $reached, theme }) => ($reached ? '#fff' : theme.colors.muted)};
  ${({ $current, theme }) =>
    $current &&
    css`
      box-shadow: 0 0 0 4px ${theme.colors.primarySoft};
    `}
`;

const Label = styled.span<{ $reached: boolean }>`
  font-weight: ${({ $reached }) => ($reached ? 700 : 400)};
  color: ${({ $reached, theme }) => ($reached ? theme.colors.text : theme.colors.muted)};
`;

const When = styled.span`
  display: block;
  font-size: 0.875rem;
  font-weight: 400;
  color: ${({ theme }) => theme.colors.muted};
`;

/** The four checkpoints: Pickup Confirmed, En Route, Arriving, Delivered. */
export function CheckpointProgress({ checkpoints }: { checkpoints: DeliveryCheckpoint[] }) {
  const currentIndex = checkpoints.reduce(
    (last, checkpoint, index) => (checkpoint.reached ? index : last),
    -1,
  );
  return (
    <List aria-label="Delivery progress">
      {checkpoints.map((checkpoint, index) => {
        const current = index === currentIndex;
        return (
          <Step
            key={checkpoint.id}
            $reached={checkpoint.reached}
            $current={current}
            aria-current={current ? 'step' : undefined}
            data-testid={`checkpoint-${checkpoint.id}`}
            data-reached={checkpoint.reached}
          >
            <Dot $reached={checkpoint.reached} $current={current} aria-hidden="true">
              {checkpoint.reached ? '✓' : index + 1}
            </Dot>
            <Label $reached={checkpoint.reached}>
              {checkpoint.label}
              <When>
                {checkpoint.reached
                  ? checkpoint.at
                    ? formatServiceTime(checkpoint.at)
                    : 'Done'
                  : 'Not yet'}
              </When>
            </Label>
          </Step>
        );
      })}
    </List>
  );
}

import { useId } from 'react';
import type { TrackingUpdate } from 'shared-contracts/curbside';
import { CURBSIDE_STATUS_LABELS } from 'shared-contracts/curbside';
import { formatServiceTime } from 'shared-contracts/service-time';
import { Card, Muted, Stack } from 'shared-ui';
import styled from 'styled-components';

const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 0;
`;

const Item = styled.li`
  position: relative;
  padding: 0 0 16px 24px;
  border-left: 2px solid ${({ theme }) => theme.colors.border};
  margin-left: 6px;
  &::before {
    content: '';
    position: absolute;
    left: -7px;
    top: 4px;
    width: 12px;
    height: 12px;
    border-radius: 50%;
    background: ${({ theme }) => theme.colors.primary};
  }
  &:first-child::before { background: ${({ theme }) => theme.colors.accent}; }
  &:last-child { padding-bottom: 0; }
  p { margin: 0; }
`;

const Meta = styled.p`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.muted};
`;

/** The tracking updates, newest first, each with time and optional ETA. */
export function DeliveryTimeline({ updates }: { updates: TrackingUpdate[] }) {
  const headingId = useId();
  const newestFirst = [...updates].reverse();
  return (
    <Card aria-labelledby={headingId}>
      <Stack $gap={16}>
        <div>
          <h2 id={headingId}>Delivery Timeline</h2>
          <Muted>Real-time updates on your curbside pickup</Muted>
        </div>
        {newestFirst.length === 0 ? (
          <Muted>No updates yet.</Muted>
        ) : (
          <List>
            {newestFirst.map((update) => (
              <Item key={`${update.timestamp}-${update.status}-${update.message}`}>
                <p>
                  <strong>{CURBSIDE_STATUS_LABELS[update.status]}</strong>
                </p>
                <p>{update.message}</p>
                <Meta>
                  <time dateTime={update.timestamp}>
                    {formatServiceTime(update.timestamp, true)}
                  </time>
                  {update.estimatedArrival ? (
                    <>
                      {' · ETA '}
                      <time dateTime={update.estimatedArrival}>
                        {formatServiceTime(update.estimatedArrival)}
                      </time>
                    </>
                  ) : null}
                </Meta>
              </Item>
            ))}
          </List>
        )}
      </Stack>
    </Card>
  );
}

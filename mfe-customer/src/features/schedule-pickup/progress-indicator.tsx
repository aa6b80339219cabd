import { media, VisuallyHidden } from 'shared-ui';
import { Link } from 'shared-ui/router';
import styled from 'styled-components';
import { STEPS, type StepId, stepIndex } from '../../shared/schedule-steps';

const List = styled.ol`
  list-style: none;
  margin: 0 0 24px;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(5, minmax(0, 1fr));
  gap: 6px;
  counter-reset: step;
`;

const Item = styled.li<{ $state: 'done' | 'current' | 'upcoming' }>`
  display: flex;
  flex-direction: column;
  gap: 6px;
  font-size: 0.75rem;
  font-weight: 700;
  color: ${({ $state, theme }) => ($state === 'upcoming' ? theme.colors.muted : theme.colors.text)};
  &::before {
    content: '';
    height: 6px;
    border-radius: 3px;
    background: ${({ $state, theme }) =>
      $state === 'upcoming'
        ? theme.colors.border
        : $state === 'current'
          ? theme.colors.primary
          : theme.colors.success};
  }
  a {
    color: inherit;
  }
  /* Narrow screens show the step numbers; the names stay readable by screen readers. */
  .label {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0, 0, 0, 0);
    white-space: nowrap;
  }
  ${media.md} {
    font-size: 0.875rem;
    .label {
      position: static;
      width: auto;
      height: auto;
      overflow: visible;
      clip: auto;
      white-space: normal;
    }
    .short {
      display: none;
    }
  }
`;

const Caption = styled.p`
  margin: 0 0 8px;
  font-weight: 700;
  color: ${({ theme }) => theme.colors.muted};
`;

export interface ProgressIndicatorProps {
  current: StepId | null;
  /** Steps the person may go back to. */
  reachable: (step: StepId) => boolean;
  isComplete: (step: StepId) => boolean;
}

/** The five steps by name, the current one marked; earlier steps link back. */
export function ProgressIndicator({ current, reachable, isComplete }: ProgressIndicatorProps) {
  const currentIndex = current ? stepIndex(current) : -1;
  return (
    <nav aria-label="Pickup steps">
      {current ? (
        <Caption>
          Step {currentIndex + 1} of {STEPS.length}: {STEPS[currentIndex]?.label}
        </Caption>
      ) : null}
      <List>
        {STEPS.map((step, index) => {
          const state =
            step.id === current
              ? 'current'
              : isComplete(step.id) || index < currentIndex
                ? 'done'
                : 'upcoming';
          const text = (
            <>
              <span className="short" aria-hidden="true">
                {index + 1}
              </span>
              <span className="label">
                {step.label}
                {state === 'done' ? <VisuallyHidden> (done)</VisuallyHidden> : null}
              </span>
            </>
          );
          const linkable = step.id !== current && step.id !== 'complete' && reachable(step.id);
          return (
            <Item
              key={step.id}
              $state={state}
              aria-current={step.id === current ? 'step' : undefined}
            >
              {linkable ? <Link to={step.path}>{text}</Link> : <span>{text}</span>}
            </Item>
          );
        })}
      </List>
    </nav>
  );
}

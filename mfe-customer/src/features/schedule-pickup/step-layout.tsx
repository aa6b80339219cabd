import { type ReactNode, useEffect, useRef } from 'react';
import { Button, Card, Row, Stack } from 'shared-ui';
import styled from 'styled-components';

const Heading = styled.h2`
  font-size: 1.5rem;
  margin: 0;
  &:focus {
    outline: none;
  }
`;

const Actions = styled(Row)`
  justify-content: space-between;
  margin-top: 8px;
`;

export interface StepLayoutProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

/**
 * A step's card. Its heading takes focus when the step opens, so keyboard and screen-reader
 * users start at the top of the new step.
 */
export function StepLayout({ title, description, children }: StepLayoutProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <Card>
      <Stack $gap={20}>
        <Stack $gap={6}>
          <Heading ref={heading} tabIndex={-1}>
            {title}
          </Heading>
          {description ? <p>{description}</p> : null}
        </Stack>
        {children}
      </Stack>
    </Card>
  );
}

export interface StepActionsProps {
  onBack?: () => void;
  /** Next submits the step's form when `nextType` is submit. */
  nextType?: 'submit' | 'button';
  onNext?: () => void;
  nextLabel?: string;
  nextLoading?: boolean;
  nextDisabled?: boolean;
}

export function StepActions({
  onBack,
  nextType = 'button',
  onNext,
  nextLabel = 'Next',
  nextLoading = false,
  nextDisabled = false,
}: StepActionsProps) {
  return (
    <Actions>
      {onBack ? (
        <Button variant="secondary" onClick={onBack}>
          Back
        </Button>
      ) : (
        <span />
      )}
      <Button type={nextType} onClick={onNext} loading={nextLoading} disabled={nextDisabled}>
        {nextLabel}
      </Button>
    </Actions>
  );
}

import type { ReactNode } from 'react';
import styled from 'styled-components';

const Label = styled.label<{ $checked: boolean; $disabled: boolean }>`
  display: flex;
  gap: 12px;
  align-items: flex-start;
  padding: 14px 16px;
  border: 2px solid ${({ $checked, theme }) => ($checked ? theme.colors.primary : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ $checked, theme }) => ($checked ? theme.colors.primarySoft : theme.colors.surface)};
  cursor: ${({ $disabled }) => ($disabled ? 'not-allowed' : 'pointer')};
  opacity: ${({ $disabled }) => ($disabled ? 0.65 : 1)};
  &:focus-within {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
  input {
    margin-top: 3px;
    width: 18px;
    height: 18px;
    flex: none;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
`;

const Body = styled.span`
  display: flex;
  flex-direction: column;
  gap: 2px;
  flex: 1;
  min-width: 0;
`;

const Title = styled.span`
  font-weight: 700;
`;

const Description = styled.span`
  color: ${({ theme }) => theme.colors.muted};
  font-size: 0.875rem;
`;

const Aside = styled.span`
  font-weight: 700;
  white-space: nowrap;
`;

export interface ChoiceCardProps {
  name: string;
  value: string;
  checked: boolean;
  onChange: (value: string) => void;
  title: ReactNode;
  description?: ReactNode;
  /** Shown at the right, e.g. a price. */
  aside?: ReactNode;
  disabled?: boolean;
  /** Extra accessible description, e.g. why it is disabled. */
  describedBy?: string;
}

/** One option of a radio group, drawn as a selectable card; arrow keys move between options. */
export function ChoiceCard({
  name,
  value,
  checked,
  onChange,
  title,
  description,
  aside,
  disabled = false,
  describedBy,
}: ChoiceCardProps) {
  return (
    <Label $checked={checked} $disabled={disabled}>
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        disabled={disabled}
        aria-describedby={describedBy}
        onChange={() => onChange(value)}
      />
      <Body>
        <Title>{title}</Title>
        {description ? <Description>{description}</Description> : null}
      </Body>
      {aside ? <Aside>{aside}</Aside> : null}
    </Label>
  );
}

/** A titled radio group (`fieldset` + `legend`), so screen readers announce the question. */
export const ChoiceGroup = styled.fieldset<{ $columns?: number }>`
  border: 0;
  margin: 0;
  padding: 0;
  min-width: 0;
  display: grid;
  grid-template-columns: 1fr;
  gap: 10px;
  ${({ $columns }) =>
    $columns && $columns > 1
      ? `@media (min-width: 768px) { grid-template-columns: repeat(2, minmax(0, 1fr)); }
         @media (min-width: 1024px) { grid-template-columns: repeat(${$columns}, minmax(0, 1fr)); }`
      : ''}
  > p,
  > div[role='alert'],
  > [role='status'] {
    grid-column: 1 / -1;
  }
  legend {
    font-weight: 700;
    margin-bottom: 8px;
    padding: 0;
  }
`;

export const FieldError = styled.p`
  margin: 0;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.danger};
  font-weight: 400;
`;

import styled from 'styled-components';
import { type PasswordStrengthLevel, passwordStrength } from './password-strength';

const Wrap = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
`;

const Bars = styled.div`
  display: grid;
  grid-template-columns: repeat(4, 1fr);
  gap: 4px;
`;

const Bar = styled.span<{ $on: boolean; $level: PasswordStrengthLevel }>`
  height: 6px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ $on, $level, theme }) =>
    $on
      ? [theme.colors.danger, theme.colors.warning, theme.colors.primary, theme.colors.success][
          $level
        ]
      : theme.colors.border};
`;

const Label = styled.p`
  margin: 0;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.text};
`;

const Tip = styled.p`
  margin: 0;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.muted};
`;

export interface PasswordStrengthMeterProps {
  password: string;
  id?: string;
}

/**
 * The registration form's strength meter: four bars, the level's name and,
 * below Strong, the tip. Nothing shows for an empty password. The level is announced politely as
 * it changes.
 */
export function PasswordStrengthMeter({ password, id }: PasswordStrengthMeterProps) {
  if (password.length === 0) return null;
  const strength = passwordStrength(password);
  return (
    <Wrap id={id}>
      <Bars
        role="meter"
        aria-label="Password strength"
        aria-valuemin={0}
        aria-valuemax={3}
        aria-valuenow={strength.level}
        aria-valuetext={strength.label}
      >
        {[0, 1, 2, 3].map((bar) => (
          <Bar key={bar} $on={bar <= strength.level} $level={strength.level} />
        ))}
      </Bars>
      <Label aria-live="polite">
        Password strength: <strong>{strength.label}</strong>
      </Label>
      {strength.tip ? <Tip>{strength.tip}</Tip> : null}
    </Wrap>
  );
}

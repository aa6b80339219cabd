/**
 * Password strength (docs/product.md, "Login and register (`/auth`)"): by length and by the kinds
 * of characters used (lowercase, uppercase, digit, symbol). Weak needs 2 kinds and 8 characters,
 * Medium 4 kinds and 10, Strong 4 kinds and 12. The level drops by one when the password contains a
 * common word or a character repeated three or more times in a row. Below Strong the tip is shown.
 *
 * Advice only: what registration accepts is `newPasswordSchema` in shared-contracts.
 */
export const PASSWORD_STRENGTH_LABELS = ['Too Weak', 'Weak', 'Medium', 'Strong'] as const;
export type PasswordStrengthLabel = (typeof PASSWORD_STRENGTH_LABELS)[number];
export type PasswordStrengthLevel = 0 | 1 | 2 | 3;

export const COMMON_PASSWORD_WORDS = [
  'password',
  '123456',
  'qwerty',
  'letmein',
  'admin',
  'welcome',
  'login',
  'abc123',
] as const;

export const PASSWORD_STRENGTH_TIP =
  'Consider avoiding common words, repeated characters, or sequential numbers.';

export interface PasswordStrength {
  level: PasswordStrengthLevel;
  label: PasswordStrengthLabel;
  /** How many of lowercase, uppercase, digit and symbol occur. */
  kinds: number;
  /** Whether a common word or a triple repeat cost one level. */
  dropped: boolean;
  /** The tip shown below Strong, otherwise null. */
  tip: string | null;
}

const KINDS = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/];

export function characterKinds(password: string): number {
  return KINDS.filter((kind) => kind.test(password)).length;
}

export function hasCommonWord(password: string): boolean {
  const lower = password.toLowerCase();
  return COMMON_PASSWORD_WORDS.some((word) => lower.includes(word));
}

export function hasTripleRepeat(password: string): boolean {
  return /(.)\1\1/u.test(password);
}

export function passwordStrength(password: string): PasswordStrength {
  // Characters, not UTF-16 units: an emoji counts once.
  const length = [...password].length;
  const kinds = characterKinds(password);
  let level: PasswordStrengthLevel = 0;
  if (kinds >= 4 && length >= 12) level = 3;
  else if (kinds >= 4 && length >= 10) level = 2;
  else if (kinds >= 2 && length >= 8) level = 1;

  const dropped = level > 0 && (hasCommonWord(password) || hasTripleRepeat(password));
  if (dropped) level = (level - 1) as PasswordStrengthLevel;

  return {
    level,
    label: PASSWORD_STRENGTH_LABELS[level],
    kinds,
    dropped,
    tip: level < 3 ? PASSWORD_STRENGTH_TIP : null,
  };
}

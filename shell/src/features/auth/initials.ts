import type { User } from 'shared-contracts/auth';

type NameParts = Pick<User, 'firstName' | 'lastName' | 'username' | 'email'>;

/** First `count` characters (not UTF-16 units, so accented or astral letters stay whole). */
function leading(value: string | null | undefined, count: number): string {
  return [...(value ?? '').trim()].slice(0, count).join('');
}

/**
 * Avatar initials (docs/product.md, "Site frame"): the first letters of firstName and lastName;
 * else the first 2 letters of the username, upper-cased; else the first 2 of the email; else 'U'.
 */
export function userInitials(user: Partial<NameParts> | null | undefined): string {
  const first = leading(user?.firstName, 1);
  const last = leading(user?.lastName, 1);
  if (first && last) return `${first}${last}`;
  const username = leading(user?.username, 2);
  if (username) return username.toUpperCase();
  const email = leading(user?.email, 2);
  if (email) return email;
  return 'U';
}

/** "Ada Lovelace", or the username when the names are missing. */
export function displayName(user: Partial<NameParts>): string {
  const full = [user.firstName, user.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return full || user.username || user.email || 'Your account';
}

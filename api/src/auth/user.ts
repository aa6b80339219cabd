import type { User } from 'shared-contracts/auth';
import type { UserRow } from './schema.ts';

/** What `request.user` holds on routes behind `requireUser`. */
export interface AuthUser {
  id: string;
  email: string;
  username: string;
  firstName: string;
  lastName: string;
  emailVerified: boolean;
}

export function toAuthUser(
  row: Pick<UserRow, 'id' | 'email' | 'username' | 'firstName' | 'lastName' | 'emailVerifiedAt'>,
): AuthUser {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    firstName: row.firstName,
    lastName: row.lastName,
    emailVerified: row.emailVerifiedAt !== null,
  };
}

/**
 * The `user` of `GET /api/auth/me`. `defaultAddressLine` is the street line of
 * the default saved address (addresses domain), null when the user has none; the avatar menu then
 * links to /settings to add one.
 */
export function toPublicUser(user: AuthUser, defaultAddressLine: string | null = null): User {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    username: user.username,
    email: user.email,
    emailVerified: user.emailVerified,
    defaultAddressLine,
  };
}

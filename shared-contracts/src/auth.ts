import { z } from 'zod';
import { safeText } from './text.ts';

/** The signed-in user as the client sees it. */
export const userSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  username: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  /** The default address's street line for the avatar menu, when the user saved one. */
  defaultAddressLine: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

export const meResponseSchema = z.object({ user: userSchema });
export type MeResponse = z.infer<typeof meResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Limits. The minimums are the product's (docs/product.md, "Login and register (`/auth`)"); the
// maximums make an oversized value a clear 400 instead of a megabyte hashed by argon2 or stored
// in a name column.

export const PASSWORD_MIN_LENGTH = 8;
export const LOGIN_PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 64;
export const NAME_MAX_LENGTH = 60;
/** RFC 5321's limit for a forward path. */
export const EMAIL_MAX_LENGTH = 254;
/** Tokens we issue are 43 characters (32 random bytes, base64url); anything much longer is not ours. */
export const TOKEN_MAX_LENGTH = 128;

/**
 * The 403 of a route that needs the recent password re-check (api/src/auth/guards.ts,
 * requireSensitiveAuth): a client seeing it sends the person to /re-authenticate and back.
 */
export const SENSITIVE_AUTH_REQUIRED_MESSAGE = 'Please confirm your password to continue.';

/** The special characters a new password needs one of. */
export const PASSWORD_SPECIAL_CHARACTERS = '@$!%*?&';

// Messages; the ones docs/product.md lists are relied on by tests and clients, word for word.
export const AUTH_MESSAGES = {
  identifierRequired: 'Email or username is required',
  loginPasswordMin: 'Password must be at least 6 characters',
  usernameMin: 'Username must be at least 3 characters',
  usernameMax: `Username must be at most ${USERNAME_MAX_LENGTH} characters`,
  usernameCharacters: 'Username may contain only letters, numbers, dots, hyphens and underscores',
  emailInvalid: 'Invalid email address',
  emailMax: `Email must be at most ${EMAIL_MAX_LENGTH} characters`,
  firstNameRequired: 'First name is required',
  firstNameMax: `First name must be at most ${NAME_MAX_LENGTH} characters`,
  lastNameRequired: 'Last name is required',
  lastNameMax: `Last name must be at most ${NAME_MAX_LENGTH} characters`,
  passwordMin: 'Password must be at least 8 characters',
  passwordMax: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  passwordLowercase: 'Password must contain at least one lowercase letter',
  passwordUppercase: 'Password must contain at least one uppercase letter',
  passwordNumber: 'Password must contain at least one number',
  passwordSpecial: 'Password must contain at least one special character (@$!%*?&)',
  passwordRequired: 'Password is required',
  identifierMax: `Email or username must be at most ${EMAIL_MAX_LENGTH} characters`,
  tokenRequired: 'Verification token is required',
  tokenMax: 'Verification token is not valid',
} as const;

const passwordMax = () => z.string().max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordMax);

// ---------------------------------------------------------------------------------------------
// Requests. One schema serves the form and the server, so both refuse the same input.

/** `POST /api/auth/login` (the identifier is an email or a username). */
export const loginRequestSchema = z
  .object({
    identifier: safeText('Email or username')
      .min(1, AUTH_MESSAGES.identifierRequired)
      .max(EMAIL_MAX_LENGTH, AUTH_MESSAGES.identifierMax),
    password: passwordMax().min(LOGIN_PASSWORD_MIN_LENGTH, AUTH_MESSAGES.loginPasswordMin),
  })
  .meta({ id: 'LoginRequest' });
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/**
 * The registration password rules, checked in the order docs/product.md lists them;
 * every failing rule is reported, so the form can show the first and the server lists them all.
 */
export const newPasswordSchema = passwordMax()
  .min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordMin)
  .regex(/[a-z]/, AUTH_MESSAGES.passwordLowercase)
  .regex(/[A-Z]/, AUTH_MESSAGES.passwordUppercase)
  .regex(/[0-9]/, AUTH_MESSAGES.passwordNumber)
  .regex(/[@$!%*?&]/, AUTH_MESSAGES.passwordSpecial);

/**
 * Usernames never contain '@', so a login identifier with one is always an email (people may
 * sign in with either).
 */
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]+$/;

/** `POST /api/auth/register`. */
export const registerRequestSchema = z
  .object({
    firstName: safeText('First name')
      .min(1, AUTH_MESSAGES.firstNameRequired)
      .max(NAME_MAX_LENGTH, AUTH_MESSAGES.firstNameMax),
    lastName: safeText('Last name')
      .min(1, AUTH_MESSAGES.lastNameRequired)
      .max(NAME_MAX_LENGTH, AUTH_MESSAGES.lastNameMax),
    username: safeText('Username')
      .min(USERNAME_MIN_LENGTH, AUTH_MESSAGES.usernameMin)
      .max(USERNAME_MAX_LENGTH, AUTH_MESSAGES.usernameMax)
      .regex(USERNAME_PATTERN, AUTH_MESSAGES.usernameCharacters),
    email: safeText('Email')
      .max(EMAIL_MAX_LENGTH, AUTH_MESSAGES.emailMax)
      .pipe(z.email({ error: AUTH_MESSAGES.emailInvalid })),
    password: newPasswordSchema,
  })
  .meta({ id: 'RegisterRequest' });
export type RegisterRequest = z.infer<typeof registerRequestSchema>;
export type RegisterFormValues = z.input<typeof registerRequestSchema>;

/** `POST /api/auth/verify-recent`: the password re-check that opens the sensitive window. */
export const verifyRecentRequestSchema = z
  .object({
    password: passwordMax().min(1, AUTH_MESSAGES.passwordRequired),
  })
  .meta({ id: 'VerifyRecentRequest' });
export type VerifyRecentRequest = z.infer<typeof verifyRecentRequestSchema>;

/** `POST /api/auth/verify-email`. */
export const verifyEmailRequestSchema = z
  .object({
    token: safeText('Verification token')
      .min(1, AUTH_MESSAGES.tokenRequired)
      .max(TOKEN_MAX_LENGTH, AUTH_MESSAGES.tokenMax),
  })
  .meta({ id: 'VerifyEmailRequest' });
export type VerifyEmailRequest = z.infer<typeof verifyEmailRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Answers.

/** `POST /api/auth/login`. */
export const loginResponseSchema = z
  .object({
    token: z.string(),
    user: z.object({ id: z.string() }),
  })
  .meta({ id: 'LoginResponse' });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** Register, verify-email, logout, resend-verification: a sentence for the person. */
export const authMessageResponseSchema = z
  .object({ message: z.string() })
  .meta({ id: 'AuthMessage' });
export type AuthMessageResponse = z.infer<typeof authMessageResponseSchema>;

/** `GET /api/auth/check-sensitive` (200) and `POST /api/auth/verify-recent`. */
export const sensitiveWindowResponseSchema = z
  .object({
    message: z.string(),
    /** ISO 8601 end of the session's sensitive window. */
    sensitiveUntil: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'SensitiveWindow' });
export type SensitiveWindowResponse = z.infer<typeof sensitiveWindowResponseSchema>;

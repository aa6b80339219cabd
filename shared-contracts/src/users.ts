import { z } from 'zod';
import {
  AUTH_MESSAGES,
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  newPasswordSchema,
  PASSWORD_MAX_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  USERNAME_PATTERN,
  userSchema,
} from './auth.ts';
import { safeText } from './text.ts';

/**
 * The account as the person manages it at /settings: profile, email change, password
 * change and account deletion. `GET /api/users` answers only the caller's own
 * record: a customer must never list other customers.
 */

export const USER_MESSAGES = {
  profileSaved: 'Profile saved.',
  emailUnchanged: 'That is already your email address.',
  emailChangeSent: (email: string) =>
    `We sent a verification link to ${email}. Your email changes once you open it.`,
  passwordChanged: 'Password changed. You were signed out on every other device.',
  otherSessionsEnded: 'You were signed out on every other device. This one stays signed in.',
  currentPasswordRequired: 'Enter your current password',
  currentPasswordWrong: 'Your current password is incorrect.',
  newPasswordSame: 'Choose a new password that differs from the current one',
  confirmPasswordMismatch: 'The passwords do not match',
  deleteConfirmation: 'Type DELETE to confirm',
  accountDeleted:
    'Your account was deleted. Your personal data has been removed; your past orders are kept without it.',
} as const;

const firstNameSchema = safeText('First name')
  .min(1, AUTH_MESSAGES.firstNameRequired)
  .max(NAME_MAX_LENGTH, AUTH_MESSAGES.firstNameMax);
const lastNameSchema = safeText('Last name')
  .min(1, AUTH_MESSAGES.lastNameRequired)
  .max(NAME_MAX_LENGTH, AUTH_MESSAGES.lastNameMax);
const usernameSchema = safeText('Username')
  .min(USERNAME_MIN_LENGTH, AUTH_MESSAGES.usernameMin)
  .max(USERNAME_MAX_LENGTH, AUTH_MESSAGES.usernameMax)
  .regex(USERNAME_PATTERN, AUTH_MESSAGES.usernameCharacters);
const emailSchema = safeText('Email')
  .max(EMAIL_MAX_LENGTH, AUTH_MESSAGES.emailMax)
  .pipe(z.email({ error: AUTH_MESSAGES.emailInvalid }));

/** The settings profile: the caller's user plus an email change waiting for its link. */
export const accountProfileSchema = userSchema
  .extend({
    /** The new address an email change is waiting to verify, if any. */
    pendingEmail: z.string().nullable(),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'AccountProfile' });
export type AccountProfile = z.infer<typeof accountProfileSchema>;

/** `GET /api/users`: a list with exactly one record, the caller's. */
export const userListSchema = z.array(accountProfileSchema).meta({ id: 'UserList' });

/** `PATCH /api/users/me`. */
export const updateProfileRequestSchema = z
  .object({
    firstName: firstNameSchema,
    lastName: lastNameSchema,
    username: usernameSchema,
  })
  .meta({ id: 'UpdateProfileRequest' });
export type UpdateProfileRequest = z.infer<typeof updateProfileRequestSchema>;

/** `POST /api/users/me/email` (sensitive): sends a verification link to the new address. */
export const changeEmailRequestSchema = z
  .object({ email: emailSchema })
  .meta({ id: 'ChangeEmailRequest' });
export type ChangeEmailRequest = z.infer<typeof changeEmailRequestSchema>;

/** `POST /api/users/me/password`: other sessions are signed out. */
export const changePasswordRequestSchema = z
  .object({
    currentPassword: z
      .string()
      .max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordMax)
      .min(1, USER_MESSAGES.currentPasswordRequired),
    newPassword: newPasswordSchema,
  })
  .refine((value) => value.currentPassword !== value.newPassword, {
    path: ['newPassword'],
    message: USER_MESSAGES.newPasswordSame,
  })
  .meta({ id: 'ChangePasswordRequest' });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** The client form adds a confirmation field. */
export const changePasswordFormSchema = z
  .object({
    currentPassword: z.string().min(1, USER_MESSAGES.currentPasswordRequired),
    newPassword: newPasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((value) => value.currentPassword !== value.newPassword, {
    path: ['newPassword'],
    message: USER_MESSAGES.newPasswordSame,
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    path: ['confirmPassword'],
    message: USER_MESSAGES.confirmPasswordMismatch,
  });
export type ChangePasswordFormValues = z.infer<typeof changePasswordFormSchema>;

export const DELETE_CONFIRMATION_WORD = 'DELETE';

/** `DELETE /api/users/me` (sensitive): the password again and the typed word. */
export const deleteAccountRequestSchema = z
  .object({
    password: z
      .string()
      .max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordMax)
      .min(1, AUTH_MESSAGES.passwordRequired),
    confirmation: z.literal(DELETE_CONFIRMATION_WORD, { error: USER_MESSAGES.deleteConfirmation }),
  })
  .meta({ id: 'DeleteAccountRequest' });
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

export const userMessageSchema = z.object({ message: z.string() }).meta({ id: 'UserMessage' });

export const emailChangeResponseSchema = z
  .object({ message: z.string(), pendingEmail: z.string() })
  .meta({ id: 'EmailChangeResponse' });

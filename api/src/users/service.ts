import { and, desc, eq, gt, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { AccountProfile, UpdateProfileRequest } from 'shared-contracts/users';
import { USER_MESSAGES } from 'shared-contracts/users';
import { defaultAddressLine } from '../addresses/service.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { emailVerificationTokens, sessions, type UserRow, users } from '../auth/schema.ts';
import { AUTH_RESULT_MESSAGES, EMAIL_VERIFICATION_TTL_MS } from '../auth/service.ts';
import { publishSessionRevocation } from '../auth/session-revocation.ts';
import { clearAttempts, reserveAttempt, signedInAttemptKey } from '../auth/throttle.ts';
import { generateToken, hashToken } from '../auth/tokens.ts';
import { toAuthUser, toPublicUser } from '../auth/user.ts';
import type { Db } from '../db/database.ts';
import { BadRequestError, ForbiddenError, HttpError, NotFoundError } from '../http/errors.ts';
import { sendNotification, withoutToken } from '../outbox/service.ts';

/**
 * The account as its owner manages it at /settings: profile, email change with a new
 * verification, password change that signs out the other sessions. Deleting the account is in
 * anonymise.ts.
 */

async function findUser(db: Db, userId: string): Promise<UserRow> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!user) throw new NotFoundError('Account not found');
  return user;
}

/** The newest email change still waiting for its link, if any. */
async function pendingEmailOf(db: Db, userId: string, now: Date): Promise<string | null> {
  const [row] = await db
    .select({ newEmail: emailVerificationTokens.newEmail })
    .from(emailVerificationTokens)
    .where(
      and(
        eq(emailVerificationTokens.userId, userId),
        isNotNull(emailVerificationTokens.newEmail),
        isNull(emailVerificationTokens.usedAt),
        gt(emailVerificationTokens.expiresAt, now),
      ),
    )
    .orderBy(desc(emailVerificationTokens.createdAt))
    .limit(1);
  return row?.newEmail ?? null;
}

export async function getAccountProfile(db: Db, userId: string): Promise<AccountProfile> {
  const user = await findUser(db, userId);
  return {
    ...toPublicUser(toAuthUser(user), await defaultAddressLine(db, userId)),
    pendingEmail: await pendingEmailOf(db, userId, new Date()),
    createdAt: user.createdAt.toISOString(),
  };
}

function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

function usernameTaken(): HttpError {
  return new HttpError(409, AUTH_RESULT_MESSAGES.usernameTaken, [
    { path: 'username', message: AUTH_RESULT_MESSAGES.usernameTaken },
  ]);
}

/** `PATCH /api/users/me`: names and username (unique regardless of case). */
export async function updateProfile(
  db: Db,
  userId: string,
  input: UpdateProfileRequest,
): Promise<AccountProfile> {
  await findUser(db, userId);
  const [clash] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(sql`lower(${users.username})`, input.username.toLowerCase()), ne(users.id, userId)),
    );
  if (clash) throw usernameTaken();
  try {
    await db
      .update(users)
      .set({ firstName: input.firstName, lastName: input.lastName, username: input.username })
      .where(eq(users.id, userId));
  } catch (error) {
    if (isUniqueViolation(error)) throw usernameTaken();
    throw error;
  }
  return getAccountProfile(db, userId);
}

function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}${'•'.repeat(Math.max(1, Math.min(6, local.length - 1)))}@${domain}`;
}

/**
 * `POST /api/users/me/email` (sensitive window): the new address gets a verification link and
 * becomes the account's email only when it is opened; the current address is told, so a stolen
 * session cannot quietly take the account over.
 */
export async function requestEmailChange(
  db: Db,
  userId: string,
  newEmailInput: string,
  options: { now: Date; publicUrl: string },
): Promise<{ message: string; pendingEmail: string }> {
  const newEmail = newEmailInput.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user || user.deletedAt) throw new NotFoundError('Account not found');
    if (user.email === newEmail) throw new BadRequestError(USER_MESSAGES.emailUnchanged);
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, newEmail));
    if (taken) {
      throw new HttpError(409, AUTH_RESULT_MESSAGES.emailTaken, [
        { path: 'email', message: AUTH_RESULT_MESSAGES.emailTaken },
      ]);
    }
    // One change at a time: an earlier link stops working.
    await tx
      .delete(emailVerificationTokens)
      .where(
        and(
          eq(emailVerificationTokens.userId, userId),
          isNotNull(emailVerificationTokens.newEmail),
          isNull(emailVerificationTokens.usedAt),
        ),
      );
    const token = generateToken();
    const expiresAt = new Date(options.now.getTime() + EMAIL_VERIFICATION_TTL_MS);
    await tx.insert(emailVerificationTokens).values({
      userId,
      tokenHash: hashToken(token),
      newEmail,
      createdAt: options.now,
      expiresAt,
    });
    const link = `${options.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
    const text = [
      `Hi ${user.firstName},`,
      '',
      'Open this link to make this your CurbRun email address:',
      '',
      link,
      '',
      'The link works once and expires in 24 hours. Until then you keep signing in with your current address.',
    ].join('\n');
    await sendNotification(tx, {
      channel: 'email',
      to: newEmail,
      subject: 'Confirm your new CurbRun email address',
      text,
      // The token leaves the outbox once delivered, or when the link expires (docs/security.md).
      secret: { redactedText: withoutToken(text, token), keepUntil: expiresAt },
    });
    await sendNotification(tx, {
      channel: 'email',
      to: user.email,
      subject: 'Your CurbRun email address is about to change',
      text: `Someone signed in to your account asked to change its email address to ${maskEmail(newEmail)}. If this was not you, change your password now and contact support; the change only happens once the new address confirms it.`,
    });
    return { message: USER_MESSAGES.emailChangeSent(newEmail), pendingEmail: newEmail };
  });
}

/** Ends every session of the user but `sessionId`, their live streams too on every process. */
async function endOtherSessions(tx: Db, userId: string, sessionId: string, now: Date) {
  await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(eq(sessions.userId, userId), ne(sessions.id, sessionId), isNull(sessions.revokedAt)),
    );
  await publishSessionRevocation(tx, { userId, allSessions: true, exceptSessionId: sessionId });
}

/**
 * `POST /api/users/me/sessions/sign-out-others` (sensitive): signs every other session
 * out without changing the password, the owner's answer to a session they do not recognise.
 */
export async function signOutOtherSessions(
  db: Db,
  input: { userId: string; sessionId: string },
  now: Date,
): Promise<string> {
  const user = await findUser(db, input.userId);
  await db.transaction(async (tx) => {
    await endOtherSessions(tx, user.id, input.sessionId, now);
    await sendNotification(tx, {
      channel: 'email',
      to: user.email,
      subject: 'Your CurbRun account was signed out on your other devices',
      text: `Hi ${user.firstName},\n\nEvery other device signed in to your account was signed out. If this was not you, change your password and contact support right away.`,
    });
  });
  return USER_MESSAGES.otherSessionsEnded;
}

/**
 * `POST /api/users/me/password`: the current password (throttled like login), then the new one;
 * every other session of the account ends at once, this one stays.
 */
export async function changePassword(
  db: Db,
  input: {
    userId: string;
    sessionId: string;
    address: string;
    currentPassword: string;
    newPassword: string;
  },
  now: Date,
): Promise<string> {
  const user = await findUser(db, input.userId);
  const subject = signedInAttemptKey(user.id, input.sessionId, input.address);
  await reserveAttempt(db, subject, now);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    // 403 like a failed re-check: the session is fine, the password was not.
    throw new ForbiddenError(USER_MESSAGES.currentPasswordWrong);
  }
  await clearAttempts(db, subject);
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await endOtherSessions(tx, user.id, input.sessionId, now);
    await sendNotification(tx, {
      channel: 'email',
      to: user.email,
      subject: 'Your CurbRun password was changed',
      text: `Hi ${user.firstName},\n\nYour password was changed and every other device was signed out. If this was not you, contact support right away.`,
    });
  });
  return USER_MESSAGES.passwordChanged;
}

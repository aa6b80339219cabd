import { and, desc, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import type { LoginRequest, RegisterRequest } from 'shared-contracts/auth';
import type { ApiErrorIssue } from 'shared-contracts/errors';
import type { Db } from '../db/database.ts';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  HttpError,
  UnauthorizedError,
} from '../http/errors.ts';
import { redactUsedSecret, sendNotification, withoutToken } from '../outbox/service.ts';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from './passwords.ts';
import { emailVerificationTokens, type UserRow, users } from './schema.ts';
import { type CreatedSession, createSession, openSensitiveWindow } from './sessions.ts';
import {
  accountSubject,
  clearAttempts,
  identifierSubject,
  recordFailure,
  reserveAttempt,
  TooManyAttemptsError,
} from './throttle.ts';
import { generateToken, hashToken } from './tokens.ts';

export const EMAIL_VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;
/** One verification email a minute per account is plenty for a person and useless for spam. */
export const RESEND_VERIFICATION_COOLDOWN_MS = 60_000;

export const AUTH_RESULT_MESSAGES = {
  registered: 'Account created. We sent a verification link to your email; you can log in now.',
  usernameTaken: 'That username is already taken. Please choose another one.',
  emailTaken: 'An account with that email already exists. Try logging in instead.',
  /** Unknown account and wrong password alike, so the answer reveals nothing. */
  invalidCredentials: 'Invalid email/username or password.',
  wrongPassword: 'The password is incorrect.',
  passwordConfirmed: 'Password confirmed. You can now access sensitive information.',
  emailVerified: 'Your email address is verified. You can now log in.',
  emailChanged: 'Your new email address is verified. Use it to log in from now on.',
  newEmailTaken:
    'That email address now belongs to another account. Ask for the change again with another address.',
  tokenInvalid: 'This verification link is not valid. Request a new one after logging in.',
  tokenUsed: 'This verification link has already been used.',
  tokenExpired: 'This verification link has expired. Log in and request a new one.',
  alreadyVerified: 'Your email address is already verified.',
  verificationSent: 'We sent a new verification link to your email.',
  loggedOut: 'You have been logged out.',
} as const;

export interface AuthClock {
  now: Date;
}

// --------------------------------------------------------------------------------------------
// Registration and email verification

function verificationLink(publicUrl: string, token: string): string {
  return `${publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
}

/** Creates a verification token for the user and queues the email, inside the caller's `db`. */
async function sendVerificationEmail(
  db: Db,
  user: Pick<UserRow, 'id' | 'email' | 'firstName'>,
  options: { now: Date; publicUrl: string },
): Promise<void> {
  const token = generateToken();
  const expiresAt = new Date(options.now.getTime() + EMAIL_VERIFICATION_TTL_MS);
  await db.insert(emailVerificationTokens).values({
    userId: user.id,
    tokenHash: hashToken(token),
    createdAt: options.now,
    expiresAt,
  });
  const link = verificationLink(options.publicUrl, token);
  const text = [
    `Hi ${user.firstName},`,
    '',
    'Confirm your email address to finish setting up your CurbRun account:',
    '',
    link,
    '',
    'The link works once and expires in 24 hours. If you did not create a CurbRun account, you can ignore this email.',
  ].join('\n');
  await sendNotification(db, {
    channel: 'email',
    to: user.email,
    subject: 'Verify your CurbRun email address',
    text,
    // The token leaves the outbox once delivered, or when the link expires (docs/security.md).
    secret: { redactedText: withoutToken(text, token), keepUntil: expiresAt },
  });
}

function conflictIssues(
  existing: Array<Pick<UserRow, 'email' | 'username'>>,
  input: { email: string; username: string },
): ApiErrorIssue[] {
  const issues: ApiErrorIssue[] = [];
  if (existing.some((row) => row.email === input.email)) {
    issues.push({ path: 'email', message: AUTH_RESULT_MESSAGES.emailTaken });
  }
  if (existing.some((row) => row.username.toLowerCase() === input.username.toLowerCase())) {
    issues.push({ path: 'username', message: AUTH_RESULT_MESSAGES.usernameTaken });
  }
  return issues;
}

function conflictError(issues: ApiErrorIssue[]): HttpError {
  const first = issues[0];
  if (!first) return new ConflictError(AUTH_RESULT_MESSAGES.usernameTaken);
  return new HttpError(409, first.message, issues);
}

/** The driver error behind drizzle's wrapper, when it is a unique violation. */
function uniqueViolation(error: unknown): { constraint?: string } | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23505') {
      return {
        constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined,
      };
    }
    current = candidate.cause;
  }
  return null;
}

/**
 * `POST /api/auth/register`: a new, unverified account and a verification email in one
 * transaction (no account without its email, no email for an account that failed).
 */
export async function registerUser(
  db: Db,
  input: RegisterRequest,
  options: { now: Date; publicUrl: string },
): Promise<{ userId: string; message: string }> {
  const email = input.email.toLowerCase();
  const findConflicts = () =>
    db
      .select({ email: users.email, username: users.username })
      .from(users)
      .where(
        sql`${users.email} = ${email} or lower(${users.username}) = ${input.username.toLowerCase()}`,
      );
  const early = conflictIssues(await findConflicts(), { email, username: input.username });
  if (early.length > 0) throw conflictError(early);

  // Hash outside the transaction: it takes tens of milliseconds and PGlite has one connection.
  const passwordHash = await hashPassword(input.password);
  try {
    const userId = await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          firstName: input.firstName,
          lastName: input.lastName,
          username: input.username,
          email,
          passwordHash,
          createdAt: options.now,
        })
        .returning();
      if (!user) throw new Error('Inserting the user returned no row');
      await sendVerificationEmail(tx, user, options);
      return user.id;
    });
    return { userId, message: AUTH_RESULT_MESSAGES.registered };
  } catch (error) {
    // Someone registered the same name between our check and the insert.
    if (uniqueViolation(error)) {
      const late = conflictIssues(await findConflicts(), { email, username: input.username });
      throw conflictError(late);
    }
    throw error;
  }
}

/** `POST /api/auth/verify-email`: single use, 24 hours. */
export async function verifyEmail(db: Db, token: string, options: AuthClock): Promise<string> {
  const { now } = options;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(emailVerificationTokens)
      .where(eq(emailVerificationTokens.tokenHash, hashToken(token)))
      .for('update');
    if (!row) throw new BadRequestError(AUTH_RESULT_MESSAGES.tokenInvalid);
    if (row.usedAt) throw new BadRequestError(AUTH_RESULT_MESSAGES.tokenUsed);
    if (row.expiresAt.getTime() <= now.getTime()) {
      throw new BadRequestError(AUTH_RESULT_MESSAGES.tokenExpired);
    }
    await tx
      .update(emailVerificationTokens)
      .set({ usedAt: now })
      .where(eq(emailVerificationTokens.id, row.id));
    // The link has done its work: its email stops showing it.
    await redactUsedSecret(tx, token);
    if (row.newEmail) {
      // An email change: the new address proved itself, so it becomes the account's.
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, row.newEmail), ne(users.id, row.userId)));
      if (taken) throw new ConflictError(AUTH_RESULT_MESSAGES.newEmailTaken);
      await tx
        .update(users)
        .set({ email: row.newEmail, emailVerifiedAt: now })
        .where(and(eq(users.id, row.userId), isNull(users.deletedAt)));
      // Links still out there were sent to the old address.
      await tx
        .delete(emailVerificationTokens)
        .where(
          and(
            eq(emailVerificationTokens.userId, row.userId),
            isNull(emailVerificationTokens.usedAt),
          ),
        );
      return AUTH_RESULT_MESSAGES.emailChanged;
    }
    await tx
      .update(users)
      .set({ emailVerifiedAt: now })
      .where(and(eq(users.id, row.userId), isNull(users.emailVerifiedAt)));
    return AUTH_RESULT_MESSAGES.emailVerified;
  });
}

/** `POST /api/auth/resend-verification`: a fresh link, at most one a minute per account. */
export async function resendVerification(
  db: Db,
  userId: string,
  options: { now: Date; publicUrl: string },
): Promise<string> {
  const { now } = options;
  return db.transaction(async (tx) => {
    // The row lock serialises two resends of one account, also across API processes.
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw new UnauthorizedError();
    if (user.emailVerifiedAt) throw new ConflictError(AUTH_RESULT_MESSAGES.alreadyVerified);
    const [latest] = await tx
      .select({ createdAt: emailVerificationTokens.createdAt })
      .from(emailVerificationTokens)
      .where(eq(emailVerificationTokens.userId, userId))
      .orderBy(desc(emailVerificationTokens.createdAt))
      .limit(1);
    const waitMs = latest
      ? latest.createdAt.getTime() + RESEND_VERIFICATION_COOLDOWN_MS - now.getTime()
      : 0;
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      throw new TooManyAttemptsError(
        seconds,
        `We sent a verification email less than a minute ago. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
      );
    }
    // Old, expired links are useless; drop them so the table holds only live ones.
    await tx
      .delete(emailVerificationTokens)
      .where(
        and(eq(emailVerificationTokens.userId, userId), lt(emailVerificationTokens.expiresAt, now)),
      );
    await sendVerificationEmail(tx, user, options);
    return AUTH_RESULT_MESSAGES.verificationSent;
  });
}

// --------------------------------------------------------------------------------------------
// Sign-in and the sensitive window

async function findUserByIdentifier(db: Db, identifier: string): Promise<UserRow | null> {
  const normalised = identifier.trim().toLowerCase();
  // Usernames never contain '@' (shared-contracts USERNAME_PATTERN), so the shape decides.
  const [user] = await db
    .select()
    .from(users)
    .where(
      normalised.includes('@')
        ? eq(users.email, normalised)
        : eq(sql`lower(${users.username})`, normalised),
    )
    .limit(1);
  return user ?? null;
}

/**
 * `POST /api/auth/login`. Unknown account and wrong password: the same 401 after the same work (a
 * throttle row and one argon2 check against a dummy hash), so neither the answer nor its timing
 * tells whether an account exists. Unverified accounts may sign in. Throttled per
 * account and source `address` (throttle.ts): a stranger's failures never lock the owner out.
 */
export async function login(
  db: Db,
  input: LoginRequest,
  options: { now: Date; sensitiveWindowMs: number; address: string },
): Promise<CreatedSession & { userId: string }> {
  const user = await findUserByIdentifier(db, input.identifier);
  const key = {
    account: user ? accountSubject(user.id) : identifierSubject(input.identifier),
    address: options.address,
  };
  await reserveAttempt(db, key, options.now);
  const ok = await verifyPassword(user?.passwordHash ?? DUMMY_PASSWORD_HASH, input.password);
  if (!user || !ok) {
    await recordFailure(db, key, options.now);
    throw new UnauthorizedError(AUTH_RESULT_MESSAGES.invalidCredentials);
  }
  await clearAttempts(db, key);
  const created = await createSession(db, user.id, options);
  return { ...created, userId: user.id };
}

/**
 * `POST /api/auth/verify-recent`: re-checks the signed-in user's password and reopens the
 * session's sensitive window. Failures count against the same per-account-and-address limit as
 * login.
 */
export async function verifyRecentPassword(
  db: Db,
  input: { userId: string; sessionId: string; password: string },
  options: { now: Date; sensitiveWindowMs: number; address: string },
): Promise<Date> {
  const [user] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, input.userId));
  if (!user) throw new UnauthorizedError();
  const key = { account: accountSubject(input.userId), address: options.address };
  await reserveAttempt(db, key, options.now);
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    await recordFailure(db, key, options.now);
    // 403, not 401: the session itself is fine, and a client that treats 401 as "signed out"
    // must not sign someone out for a typo.
    throw new ForbiddenError(AUTH_RESULT_MESSAGES.wrongPassword);
  }
  await clearAttempts(db, key);
  const until = new Date(options.now.getTime() + options.sensitiveWindowMs);
  await openSensitiveWindow(db, input.sessionId, until);
  return until;
}

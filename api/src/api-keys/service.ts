import { and, count, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import {
  type ApiKey,
  type ApiKeyKind,
  type ApiMode,
  type CreatedApiKey,
  MAX_ACTIVE_CONSOLE_KEYS,
  RETAILER_MESSAGES,
  type rollApiKeyInputSchema,
} from 'shared-contracts/retailer';
import type { z } from 'zod';
import type { Db } from '../db/database.ts';
import { ConflictError, NotFoundError } from '../http/errors.ts';
import { displayKey, generateApiKey, hashApiKey } from './keys.ts';
import { type ApiKeyRow, apiKeys } from './schema.ts';

export function isKeyActive(row: ApiKeyRow, now: Date): boolean {
  if (row.revokedAt) return false;
  return !row.expiresAt || row.expiresAt.getTime() > now.getTime();
}

export function toApiKey(row: ApiKeyRow, now: Date): ApiKey {
  return {
    id: row.id,
    mode: row.mode,
    kind: row.kind,
    display: row.display,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    active: isKeyActive(row, now),
  };
}

/** Creates one key and returns it whole: the only moment a secret key exists outside a hash. */
export async function issueApiKey(
  db: Db,
  input: {
    accountId: string;
    kind: ApiKeyKind;
    mode: ApiMode;
    /** Console keys: their expiry and the flag that counts them. */
    console?: { expiresAt: Date };
  },
): Promise<{ row: ApiKeyRow; secret: string }> {
  const secret = generateApiKey(input.kind, input.mode);
  const [row] = await db
    .insert(apiKeys)
    .values({
      accountId: input.accountId,
      kind: input.kind,
      mode: input.mode,
      tokenHash: hashApiKey(secret),
      display: displayKey(input.kind, secret),
      console: Boolean(input.console),
      expiresAt: input.console?.expiresAt ?? null,
    })
    .returning();
  if (!row) throw new Error('Inserting the API key returned no row');
  return { row, secret };
}

/** The four keys of a new account: secret and publishable, test and live. */
export async function issueInitialKeys(
  db: Db,
  accountId: string,
): Promise<{ test: string; live: string }> {
  const test = await issueApiKey(db, { accountId, kind: 'secret', mode: 'test' });
  const live = await issueApiKey(db, { accountId, kind: 'secret', mode: 'live' });
  await issueApiKey(db, { accountId, kind: 'publishable', mode: 'test' });
  await issueApiKey(db, { accountId, kind: 'publishable', mode: 'live' });
  return { test: test.secret, live: live.secret };
}

/** Every key of the account, newest first (revoked ones too, for the record). */
export async function listApiKeys(db: Db, accountId: string, now: Date): Promise<ApiKey[]> {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.accountId, accountId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map((row) => toApiKey(row, now));
}

/**
 * Replaces the active keys of one kind and mode with a new key. With a grace period the old keys
 * keep working until it ends (time to deploy the new one); without, they stop at once.
 */
export async function rollApiKey(
  db: Db,
  accountId: string,
  input: z.output<typeof rollApiKeyInputSchema>,
  now: Date,
): Promise<CreatedApiKey> {
  return db.transaction(async (tx) => {
    // One roll at a time per account, so two rolls never leave two "current" keys.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`keys:${accountId}`}, 0))`,
    );
    const current = and(
      eq(apiKeys.accountId, accountId),
      eq(apiKeys.kind, input.kind),
      eq(apiKeys.mode, input.mode),
      isNull(apiKeys.revokedAt),
    );
    if (input.graceHours === 0) {
      await tx.update(apiKeys).set({ revokedAt: now }).where(current);
    } else {
      const until = new Date(now.getTime() + input.graceHours * 3_600_000);
      await tx
        .update(apiKeys)
        .set({ expiresAt: until })
        .where(and(current, or(isNull(apiKeys.expiresAt), sql`${apiKeys.expiresAt} > ${until}`)));
    }
    const { row, secret } = await issueApiKey(tx, {
      accountId,
      kind: input.kind,
      mode: input.mode,
    });
    return { key: toApiKey(row, now), secret };
  });
}

/** How long a key for the API docs' try-it console works. */
export const CONSOLE_KEY_TTL_MS = 60 * 60_000;

/**
 * A short-lived test secret key for the `/api-docs` console: the real key flow (Bearer header,
 * rate limit, test data only) without showing the retailer's own secret, which we cannot read.
 * At most MAX_ACTIVE_CONSOLE_KEYS active at once per account (409 beyond), counted under the
 * account's key lock so parallel requests cannot overshoot; they share the account's rate limit.
 */
export async function issueConsoleKey(
  db: Db,
  accountId: string,
  now: Date,
): Promise<CreatedApiKey> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`keys:${accountId}`}, 0))`,
    );
    const [active] = await tx
      .select({ value: count() })
      .from(apiKeys)
      .where(
        and(
          eq(apiKeys.accountId, accountId),
          eq(apiKeys.console, true),
          isNull(apiKeys.revokedAt),
          gt(apiKeys.expiresAt, now),
        ),
      );
    if ((active?.value ?? 0) >= MAX_ACTIVE_CONSOLE_KEYS) {
      throw new ConflictError(RETAILER_MESSAGES.consoleKeysMax);
    }
    const { row, secret } = await issueApiKey(tx, {
      accountId,
      kind: 'secret',
      mode: 'test',
      console: { expiresAt: new Date(now.getTime() + CONSOLE_KEY_TTL_MS) },
    });
    return { key: toApiKey(row, now), secret };
  });
}

export async function revokeApiKey(
  db: Db,
  accountId: string,
  keyId: string,
  now: Date,
): Promise<ApiKey> {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.accountId, accountId)));
  if (!row) throw new NotFoundError(RETAILER_MESSAGES.keyNotFound);
  if (row.revokedAt) throw new ConflictError(RETAILER_MESSAGES.keyAlreadyRevoked);
  const [updated] = await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(eq(apiKeys.id, keyId))
    .returning();
  if (!updated) throw new NotFoundError(RETAILER_MESSAGES.keyNotFound);
  return toApiKey(updated, now);
}

export async function findKeyByToken(db: Db, token: string): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.tokenHash, hashApiKey(token)));
  return row;
}

/** The active publishable key of a mode (the widget snippet shows it). */
export async function activePublishableKey(
  db: Db,
  accountId: string,
  mode: ApiMode,
  now: Date,
): Promise<string | null> {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(
      and(
        eq(apiKeys.accountId, accountId),
        eq(apiKeys.kind, 'publishable'),
        eq(apiKeys.mode, mode),
        isNull(apiKeys.revokedAt),
      ),
    )
    .orderBy(desc(apiKeys.createdAt));
  return rows.find((row) => isKeyActive(row, now))?.display ?? null;
}

/** Recorded at most once a minute per key: a busy integration should not write on every call. */
export async function touchKey(db: Db, keyId: string, now: Date): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(apiKeys.id, keyId),
        or(
          isNull(apiKeys.lastUsedAt),
          sql`${apiKeys.lastUsedAt} < ${new Date(now.getTime() - 60_000)}`,
        ),
      ),
    );
}

import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { BadRequestError, ConflictError, HttpError } from './errors.ts';
import { idempotencyKeys } from './schema.ts';

/**
 * `Idempotency-Key` for money-moving POSTs, with the rules of docs/product.md, "API conventions":
 * `idempotent(request, reply, { scope: `user:${id}` }, async () => ({ statusCode: 201, body }))`.
 * Failures are not kept, so a retry is a new attempt (`charge()` numbers attempts after a void).
 * A handler writing in one transaction stores its answer in it (`answer.record(tx, result)`):
 * otherwise a crash in between would let a retry write a second time.
 */

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** How long a running request holds its key before a retry may assume it crashed. */
const LOCK_MS = 60_000;
const WAIT_STEP_MS = 50;
const WAIT_LIMIT_MS = 15_000;

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export const IDEMPOTENCY_MESSAGES = {
  invalidKey: 'Idempotency-Key must be 1 to 255 visible ASCII characters',
  mismatch:
    'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
  inProgress:
    'A request with this Idempotency-Key is still being processed. Try again in a moment.',
} as const;

export interface IdempotentResult {
  statusCode: number;
  body: unknown;
}

/** Given to the handler: stores its answer inside the transaction that makes its writes. */
export interface IdempotentAnswer {
  record(tx: Db, result: IdempotentResult): Promise<void>;
}

export interface IdempotencyOptions {
  /** Whose keys these are (`user:<id>`, `retailer:<id>`): keys of different callers never meet. */
  scope: string;
}

/** JSON with object keys sorted, so `{a, b}` and `{b, a}` hash the same. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
}

function requestHash(request: FastifyRequest): string {
  const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
  return createHash('sha256')
    .update(`${query}\n${canonicalJson(request.body)}`)
    .digest('hex');
}

function routeOf(request: FastifyRequest): string {
  return `${request.method} ${request.url.split('?')[0]}`;
}

/** The key from the request, null when there is none; 400 when it is malformed. */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return null;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key === undefined || !KEY_PATTERN.test(key)) {
    throw new BadRequestError(IDEMPOTENCY_MESSAGES.invalidKey);
  }
  return key;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Claim =
  | { kind: 'claimed' }
  | { kind: 'replay'; statusCode: number; body: unknown }
  | { kind: 'busy' };

/** Takes the key for this request, or finds the earlier request that holds or used it. */
async function claim(
  db: Db,
  scope: string,
  key: string,
  route: string,
  hash: string,
): Promise<Claim> {
  // An expired key is as good as never used.
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.scope, scope),
        eq(idempotencyKeys.key, key),
        lt(idempotencyKeys.expiresAt, sql`now()`),
      ),
    );
  const inserted = await db
    .insert(idempotencyKeys)
    .values({
      scope,
      key,
      route,
      requestHash: hash,
      lockedUntil: sql`now() + ${LOCK_MS} * interval '1 millisecond'`,
      expiresAt: sql`now() + ${IDEMPOTENCY_TTL_MS} * interval '1 millisecond'`,
    })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length > 0) return { kind: 'claimed' };

  const [existing] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
  // Released between our insert and this read: try again.
  if (!existing) return { kind: 'busy' };
  if (existing.route !== route || existing.requestHash !== hash) {
    throw new HttpError(422, IDEMPOTENCY_MESSAGES.mismatch);
  }
  if (existing.responseStatus !== null) {
    return { kind: 'replay', statusCode: existing.responseStatus, body: existing.responseBody };
  }
  // Still running, unless its holder died: then the lock has lapsed and we take over.
  const taken = await db
    .update(idempotencyKeys)
    .set({ lockedUntil: sql`now() + ${LOCK_MS} * interval '1 millisecond'` })
    .where(
      and(
        eq(idempotencyKeys.scope, scope),
        eq(idempotencyKeys.key, key),
        sql`${idempotencyKeys.responseStatus} is null`,
        lt(idempotencyKeys.lockedUntil, sql`now()`),
      ),
    )
    .returning({ key: idempotencyKeys.key });
  return taken.length > 0 ? { kind: 'claimed' } : { kind: 'busy' };
}

async function storeAnswer(
  db: Db,
  scope: string,
  key: string,
  result: IdempotentResult,
): Promise<void> {
  // JSON round trip: what is stored is exactly what a replay will send.
  const body = JSON.parse(JSON.stringify(result.body ?? null)) as unknown;
  await db
    .update(idempotencyKeys)
    .set({ responseStatus: result.statusCode, responseBody: body })
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
}

/**
 * Lets retries of requests whose process died run at once instead of after the lock. Only for
 * the embedded database, which one process holds: at its start no request can still be running.
 */
export async function releaseAbandonedKeys(db: Db): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ lockedUntil: sql`now()` })
    .where(sql`${idempotencyKeys.responseStatus} is null`);
}

async function release(db: Db, scope: string, key: string): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.scope, scope),
        eq(idempotencyKeys.key, key),
        sql`${idempotencyKeys.responseStatus} is null`,
      ),
    );
}

/** Runs `handler` at most once per key and answers with its result; see the module comment. */
export async function idempotent(
  request: FastifyRequest,
  reply: FastifyReply,
  options: IdempotencyOptions,
  handler: (answer: IdempotentAnswer) => Promise<IdempotentResult>,
): Promise<FastifyReply> {
  const key = idempotencyKeyOf(request);
  if (key === null) {
    const result = await handler({ record: async () => {} });
    return reply.code(result.statusCode).send(result.body);
  }
  const db = request.server.database.db;
  const route = routeOf(request);
  const hash = requestHash(request);
  const started = Date.now();

  for (;;) {
    const claimed = await claim(db, options.scope, key, route, hash);
    if (claimed.kind === 'replay') {
      return reply
        .code(claimed.statusCode)
        .header('idempotent-replayed', 'true')
        .send(claimed.body);
    }
    if (claimed.kind === 'claimed') break;
    if (Date.now() - started > WAIT_LIMIT_MS)
      throw new ConflictError(IDEMPOTENCY_MESSAGES.inProgress);
    await sleep(WAIT_STEP_MS);
  }

  let recorded = false;
  let result: IdempotentResult;
  try {
    result = await handler({
      async record(tx, answer) {
        await storeAnswer(tx, options.scope, key, answer);
        recorded = true;
      },
    });
  } catch (error) {
    await release(db, options.scope, key).catch((releaseError) => {
      request.log.error({ err: releaseError }, 'could not release an idempotency key');
    });
    throw error;
  }
  if (!recorded) await storeAnswer(db, options.scope, key, result);
  return reply.code(result.statusCode).send(result.body);
}

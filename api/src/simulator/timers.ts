import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../db/database.ts';
import { type TimerRow, timers } from './schema.ts';

/**
 * Durable timers for the courier simulator (ADR 003).
 *
 * A timer is a row: it survives restarts, and with several API processes on one PostgreSQL server
 * each due timer is claimed by exactly one runner (`FOR UPDATE SKIP LOCKED` plus a lease). Delivery
 * is at-least-once: a process that dies mid-handler leaves the lease to expire and another runner
 * retries, so handlers must be idempotent (check the state they are about to advance).
 */

export interface ScheduleTimerInput {
  /** Which registered handler runs it, e.g. `curbside.advance`. */
  kind: string;
  /** JSON-serialisable input for the handler. */
  payload: object;
  /** Simulated delay; multiplied by the time scale. */
  delayMs: number;
}

export interface ScheduledTimer {
  id: number;
  kind: string;
  dueAt: Date;
}

/**
 * Inserts a timer due after `delayMs × timeScale` (SIM_TIME_SCALE). Pass a transaction to make the
 * timer exist only if the change that needs it commits. Due times come from the database clock, so
 * processes with skewed clocks still agree on what is due.
 */
export async function scheduleTimer(
  db: Db,
  input: ScheduleTimerInput,
  options: { timeScale: number },
): Promise<ScheduledTimer> {
  if (!Number.isFinite(input.delayMs) || input.delayMs < 0) {
    throw new Error(
      `Timer delay must be a non-negative number of milliseconds, got ${input.delayMs}`,
    );
  }
  if (!(options.timeScale > 0)) throw new Error('Time scale must be positive');
  const delayMs = Math.round(input.delayMs * options.timeScale);
  const [row] = await db
    .insert(timers)
    .values({
      kind: input.kind,
      payload: input.payload,
      dueAt: sql`clock_timestamp() + ${delayMs} * interval '1 millisecond'`,
    })
    .returning({ id: timers.id, kind: timers.kind, dueAt: timers.dueAt });
  if (!row) throw new Error('Inserting the timer returned no row');
  return row;
}

export interface TimerContext<Payload> {
  timer: { id: number; kind: string; attempts: number; dueAt: Date };
  payload: Payload;
  db: Db;
  /** Schedules a follow-up timer with this runner's time scale. */
  schedule(db: Db, input: ScheduleTimerInput): Promise<ScheduledTimer>;
}

export type TimerHandler<Payload = unknown> = (context: TimerContext<Payload>) => Promise<void>;

/** The handler rejected the timer for good; it is marked failed without retrying. */
export class PermanentTimerError extends Error {
  override name = 'PermanentTimerError';
}

export interface TimerRunnerOptions {
  db: Db;
  timeScale: number;
  /**
   * The longest the runner waits between looks for due timers. It sleeps until the next timer it
   * knows of (the database's earliest open timer, or one scheduled through this runner since), so
   * this bounds only how late it finds a timer another process scheduled while it slept.
   */
  pollIntervalMs?: number;
  /** Most timers claimed per query. */
  batchSize?: number;
  /** How long a claim lasts; a handler running longer may be retried elsewhere. */
  leaseMs?: number;
  /** Give up after this many failed attempts. */
  maxAttempts?: number;
  /** First retry delay; doubles per attempt, capped at `maxRetryDelayMs`. Not time-scaled. */
  retryBaseMs?: number;
  maxRetryDelayMs?: number;
  logger?: {
    error(obj: object, msg: string): void;
    warn(obj: object, msg: string): void;
  };
}

export interface TimerRunner {
  /**
   * Registers the handler of a kind. A runner claims only kinds it has a handler for, so a process
   * running older code never grabs timers it cannot run. With `payloadSchema`, a payload that does
   * not parse fails the timer permanently instead of retrying it.
   */
  register<S extends z.ZodType>(
    kind: string,
    handler: TimerHandler<z.output<S>>,
    options: { payloadSchema: S },
  ): void;
  register(kind: string, handler: TimerHandler<unknown>): void;
  /** `scheduleTimer` with this runner's time scale. */
  schedule(db: Db, input: ScheduleTimerInput): Promise<ScheduledTimer>;
  start(): void;
  /** Stops polling and waits for running handlers to finish. */
  stop(): Promise<void>;
  /** Claims and runs one batch of due timers now; resolves to how many ran. */
  runDue(): Promise<number>;
  readonly running: boolean;
}

interface Registration {
  handler: TimerHandler<unknown>;
  payloadSchema?: z.ZodType;
}

/** The shortest sleep after a look that claimed nothing. */
const CONTENDED_WAIT_MS = 10;

export function createTimerRunner(options: TimerRunnerOptions): TimerRunner {
  const {
    db,
    timeScale,
    pollIntervalMs = 1_000,
    batchSize = 10,
    leaseMs = 60_000,
    maxAttempts = 8,
    retryBaseMs = 1_000,
    maxRetryDelayMs = 5 * 60_000,
    logger = console,
  } = options;
  const registrations = new Map<string, Registration>();
  let running = false;
  let loop: Promise<void> | undefined;
  let wakeUp: (() => void) | undefined;
  /** When the current sleep ends (Date.now() clock); undefined while awake. */
  let sleepingUntil: number | undefined;
  /** Due times (Date.now() clock) of timers scheduled through this runner, earliest first. */
  const scheduledHere: number[] = [];

  /**
   * Notes a timer scheduled through this runner, and wakes the runner if it would sleep past it.
   * The timer may be in a transaction that has not committed yet (or never will): the runner
   * looks at its due time, and finds it then, or nothing.
   */
  function noteScheduled(delayMs: number): void {
    const dueAt = Date.now() + Math.round(delayMs * timeScale);
    const at = scheduledHere.findIndex((time) => time > dueAt);
    scheduledHere.splice(at < 0 ? scheduledHere.length : at, 0, dueAt);
    if (sleepingUntil !== undefined && dueAt < sleepingUntil) wakeUp?.();
  }

  const schedule = async (target: Db, input: ScheduleTimerInput) => {
    const scheduled = await scheduleTimer(target, input, { timeScale });
    noteScheduled(input.delayMs);
    return scheduled;
  };

  /** Milliseconds until the database's earliest open timer of a registered kind can be claimed. */
  async function untilNextDue(): Promise<number | undefined> {
    const kinds = [...registrations.keys()];
    if (kinds.length === 0) return undefined;
    // A claimed timer whose handler is still running (or whose process died) can be claimed again
    // once its lease runs out.
    const claimableAt = sql`greatest(${timers.dueAt}, coalesce(${timers.lockedUntil}, ${timers.dueAt}))`;
    const [row] = await db
      .select({
        ms: sql<
          string | number | null
        >`extract(epoch from (min(${claimableAt}) - clock_timestamp())) * 1000`,
      })
      .from(timers)
      .where(and(isNull(timers.doneAt), isNull(timers.failedAt), inArray(timers.kind, kinds)));
    return row?.ms === null || row?.ms === undefined ? undefined : Number(row.ms);
  }

  /** How long to sleep: until the next timer known here or in the database, at most the poll interval. */
  async function nextWaitMs(): Promise<number> {
    const now = Date.now();
    while (scheduledHere.length > 0 && (scheduledHere[0] ?? 0) <= now) scheduledHere.shift();
    const candidates = [pollIntervalMs];
    if (scheduledHere[0] !== undefined) candidates.push(scheduledHere[0] - now);
    const fromDatabase = await untilNextDue();
    if (fromDatabase !== undefined) candidates.push(fromDatabase);
    return Math.max(0, Math.min(...candidates));
  }

  async function claim(): Promise<TimerRow[]> {
    const kinds = [...registrations.keys()];
    if (kinds.length === 0) return [];
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ id: timers.id })
        .from(timers)
        .where(
          and(
            isNull(timers.doneAt),
            isNull(timers.failedAt),
            lte(timers.dueAt, sql`clock_timestamp()`),
            or(isNull(timers.lockedUntil), lt(timers.lockedUntil, sql`clock_timestamp()`)),
            inArray(timers.kind, kinds),
          ),
        )
        .orderBy(asc(timers.dueAt), asc(timers.id))
        .limit(batchSize)
        // Rows another runner is claiming right now are skipped, not waited for: two runners
        // never take the same timer and never block each other.
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(timers)
        .set({
          attempts: sql`${timers.attempts} + 1`,
          lockedUntil: sql`clock_timestamp() + ${leaseMs} * interval '1 millisecond'`,
        })
        .where(
          inArray(
            timers.id,
            due.map((row) => row.id),
          ),
        )
        .returning();
    });
  }

  async function fire(row: TimerRow): Promise<void> {
    const registration = registrations.get(row.kind);
    try {
      if (!registration) throw new Error(`No handler registered for timer kind ${row.kind}`);
      let payload: unknown = row.payload;
      if (registration.payloadSchema) {
        const parsed = registration.payloadSchema.safeParse(row.payload);
        if (!parsed.success) {
          throw new PermanentTimerError(`Invalid payload: ${parsed.error.message}`);
        }
        payload = parsed.data;
      }
      await registration.handler({
        timer: { id: row.id, kind: row.kind, attempts: row.attempts, dueAt: row.dueAt },
        payload,
        db,
        schedule,
      });
      await db
        .update(timers)
        .set({ doneAt: sql`clock_timestamp()`, lockedUntil: null, lastError: null })
        .where(eq(timers.id, row.id));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = error instanceof PermanentTimerError || row.attempts >= maxAttempts;
      const retryInMs = Math.min(retryBaseMs * 2 ** (row.attempts - 1), maxRetryDelayMs);
      (giveUp ? logger.error : logger.warn).call(
        logger,
        { err: error, timerId: row.id, kind: row.kind, attempts: row.attempts },
        giveUp ? 'timer failed permanently' : `timer failed; retrying in ${retryInMs} ms`,
      );
      await db
        .update(timers)
        .set(
          giveUp
            ? { failedAt: sql`clock_timestamp()`, lockedUntil: null, lastError: message }
            : {
                dueAt: sql`clock_timestamp() + ${retryInMs} * interval '1 millisecond'`,
                lockedUntil: null,
                lastError: message,
              },
        )
        .where(eq(timers.id, row.id));
    }
  }

  async function runDue(): Promise<number> {
    const claimed = await claim();
    await Promise.all(claimed.map(fire));
    return claimed.length;
  }

  async function run(): Promise<void> {
    while (running) {
      let ran = 0;
      let waitMs = pollIntervalMs;
      try {
        ran = await runDue();
        // Sleeping until the next timer, not polling: an idle server leaves the database (and the
        // CPU it shares with everything else) alone, and a timer fires when due, not up to a poll
        // interval later.
        if (running && ran < batchSize) waitMs = await nextWaitMs();
        // Due but not ours to take (another runner is claiming it this moment): look again soon.
        if (ran === 0) waitMs = Math.max(waitMs, CONTENDED_WAIT_MS);
      } catch (error) {
        // The database may be briefly unreachable; keep polling rather than dying.
        logger.error({ err: error }, 'timer runner poll failed');
      }
      // A full batch suggests more are due: go again at once instead of waiting.
      if (running && ran < batchSize && waitMs > 0) {
        await new Promise<void>((resolve) => {
          const timeout = setTimeout(resolve, waitMs);
          sleepingUntil = Date.now() + waitMs;
          wakeUp = () => {
            clearTimeout(timeout);
            resolve();
          };
        });
        wakeUp = undefined;
        sleepingUntil = undefined;
      }
    }
  }

  return {
    register(
      kind: string,
      handler: TimerHandler<never>,
      registerOptions?: { payloadSchema: z.ZodType },
    ) {
      if (registrations.has(kind)) throw new Error(`Timer kind ${kind} is already registered`);
      registrations.set(kind, {
        handler: handler as TimerHandler<unknown>,
        payloadSchema: registerOptions?.payloadSchema,
      });
    },
    schedule,
    start() {
      if (running) return;
      running = true;
      loop = run();
    },
    async stop() {
      running = false;
      wakeUp?.();
      await loop;
      loop = undefined;
    },
    runDue,
    get running() {
      return running;
    },
  };
}

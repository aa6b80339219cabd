import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createTestDatabaseTarget,
  describeEachDatabase,
  startTestServer,
  type TestDatabaseTarget,
} from '../../test/harness.ts';
import { waitFor } from '../../test/wait-for.ts';
import type { Database } from '../db/database.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { queryRows } from '../db/sql-helpers.ts';
import { timers } from './schema.ts';
import {
  createTimerRunner,
  PermanentTimerError,
  scheduleTimer,
  type TimerRunner,
} from './timers.ts';

const quietLogger = { error() {}, warn() {} };

async function timerRow(database: Database, id: number) {
  const [row] = await database.db.select().from(timers).where(eq(timers.id, id));
  if (!row) throw new Error(`timer ${id} not found`);
  return row;
}

/** The delay the row was scheduled with: its due time minus its creation time (no wall clock). */
async function scheduledDelaySeconds(database: Database, id: number): Promise<number> {
  const [row] = await queryRows<{ seconds: string | number }>(
    database.db,
    sql`select extract(epoch from (due_at - created_at)) as seconds from timers where id = ${id}`,
  );
  return Number(row?.seconds);
}

describeEachDatabase('durable timers', (kind) => {
  let target: TestDatabaseTarget;
  let database: Database;
  const runners: TimerRunner[] = [];

  function runner(options: Partial<Parameters<typeof createTimerRunner>[0]> = {}) {
    const created = createTimerRunner({
      db: database.db,
      timeScale: 1,
      pollIntervalMs: 20,
      retryBaseMs: 20,
      logger: quietLogger,
      ...options,
    });
    runners.push(created);
    return created;
  }

  beforeAll(async () => {
    target = await createTestDatabaseTarget(kind);
    database = await target.open();
    await migrateDatabase(database);
  });
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((created) => created.stop()));
    await database.db.delete(timers);
  });
  afterAll(async () => {
    await database?.close();
    await target?.drop();
  });

  it('multiplies the delay by the time scale', async () => {
    const slow = await scheduleTimer(
      database.db,
      { kind: 'test.scale', payload: {}, delayMs: 60_000 },
      { timeScale: 1 },
    );
    const fast = await scheduleTimer(
      database.db,
      { kind: 'test.scale', payload: {}, delayMs: 60_000 },
      { timeScale: 0.1 },
    );
    // created_at is the statement's now(), due_at its clock_timestamp() plus the delay: equal up to
    // the insert's own duration, however busy the machine is before or after it.
    expect(await scheduledDelaySeconds(database, slow.id)).toBeCloseTo(60, 0);
    expect(await scheduledDelaySeconds(database, fast.id)).toBeCloseTo(6, 0);
  });

  it('rejects negative delays and scales', async () => {
    const input = { kind: 'test.bad', payload: {}, delayMs: -1 };
    await expect(scheduleTimer(database.db, input, { timeScale: 1 })).rejects.toThrow(
      'non-negative',
    );
    await expect(
      scheduleTimer(database.db, { ...input, delayMs: 1 }, { timeScale: 0 }),
    ).rejects.toThrow('Time scale must be positive');
  });

  it('fires due timers once with their payload, and not before they are due', async () => {
    const fired: Array<{ id: number; payload: unknown }> = [];
    const timerRunner = runner();
    timerRunner.register('test.fire', async ({ timer, payload }) => {
      fired.push({ id: timer.id, payload });
    });
    const soon = await timerRunner.schedule(database.db, {
      kind: 'test.fire',
      payload: { pickupId: 'p1' },
      delayMs: 50,
    });
    const later = await timerRunner.schedule(database.db, {
      kind: 'test.fire',
      payload: { pickupId: 'p2' },
      delayMs: 60_000,
    });
    timerRunner.start();
    await waitFor(() => fired.length === 1, { what: 'the due timer' });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(fired).toEqual([{ id: soon.id, payload: { pickupId: 'p1' } }]);
    const done = await timerRow(database, soon.id);
    expect(done.doneAt).toBeInstanceOf(Date);
    expect(done.attempts).toBe(1);
    expect(done.lockedUntil).toBeNull();
    expect((await timerRow(database, later.id)).doneAt).toBeNull();
  });

  it('retries a failing handler with growing delays, then succeeds', async () => {
    const attemptsAt: number[] = [];
    const timerRunner = runner({ retryBaseMs: 100 });
    timerRunner.register('test.flaky', async ({ timer }) => {
      attemptsAt.push(Date.now());
      if (timer.attempts < 3) throw new Error(`flaky attempt ${timer.attempts}`);
    });
    const scheduled = await timerRunner.schedule(database.db, {
      kind: 'test.flaky',
      payload: {},
      delayMs: 0,
    });
    timerRunner.start();
    await waitFor(async () => (await timerRow(database, scheduled.id)).doneAt, {
      what: 'the flaky timer to succeed',
    });
    expect(attemptsAt).toHaveLength(3);
    const [first = 0, second = 0, third = 0] = attemptsAt;
    // Backoff: 100 ms after the first failure, 200 ms after the second.
    expect(second - first).toBeGreaterThanOrEqual(90);
    expect(third - second).toBeGreaterThanOrEqual(190);
    const row = await timerRow(database, scheduled.id);
    expect(row.attempts).toBe(3);
    expect(row.lastError).toBeNull();
  });

  it('gives up after the maximum number of attempts', async () => {
    const timerRunner = runner({ maxAttempts: 2 });
    timerRunner.register('test.broken', async () => {
      throw new Error('always broken');
    });
    const scheduled = await timerRunner.schedule(database.db, {
      kind: 'test.broken',
      payload: {},
      delayMs: 0,
    });
    timerRunner.start();
    const row = await waitFor(
      async () => {
        const current = await timerRow(database, scheduled.id);
        return current.failedAt ? current : undefined;
      },
      { what: 'the timer to fail' },
    );
    expect(row.attempts).toBe(2);
    expect(row.lastError).toBe('always broken');
    expect(row.doneAt).toBeNull();
  });

  it('fails a timer at once on a payload its handler rejects or a permanent error', async () => {
    const timerRunner = runner();
    const handled: unknown[] = [];
    timerRunner.register(
      'test.typed',
      async ({ payload }) => {
        handled.push(payload.pickupId);
        if (payload.pickupId === 'gone') throw new PermanentTimerError('pickup was deleted');
      },
      { payloadSchema: z.object({ pickupId: z.string() }) },
    );
    const bad = await timerRunner.schedule(database.db, {
      kind: 'test.typed',
      payload: { pickupId: 42 },
      delayMs: 0,
    });
    const gone = await timerRunner.schedule(database.db, {
      kind: 'test.typed',
      payload: { pickupId: 'gone' },
      delayMs: 0,
    });
    expect(await timerRunner.runDue()).toBe(2);
    const badRow = await timerRow(database, bad.id);
    expect(badRow.failedAt).toBeInstanceOf(Date);
    expect(badRow.attempts).toBe(1);
    expect(badRow.lastError).toContain('Invalid payload');
    const goneRow = await timerRow(database, gone.id);
    expect(goneRow.failedAt).toBeInstanceOf(Date);
    expect(goneRow.lastError).toBe('pickup was deleted');
    expect(handled).toEqual(['gone']);
  });

  it('leaves timers of kinds it has no handler for to other processes', async () => {
    const timerRunner = runner();
    timerRunner.register('test.known', async () => {});
    const unknown = await scheduleTimer(
      database.db,
      { kind: 'test.unknown', payload: {}, delayMs: 0 },
      { timeScale: 1 },
    );
    expect(await timerRunner.runDue()).toBe(0);
    const row = await timerRow(database, unknown.id);
    expect(row.attempts).toBe(0);
    expect(row.lockedUntil).toBeNull();
  });

  it('does not take a timer another runner holds, until its lease expires', async () => {
    const timerRunner = runner();
    const fired: number[] = [];
    timerRunner.register('test.leased', async ({ timer }) => {
      fired.push(timer.id);
    });
    const scheduled = await timerRunner.schedule(database.db, {
      kind: 'test.leased',
      payload: {},
      delayMs: 0,
    });
    // As if a runner claimed it and its process died mid-handler.
    await database.db
      .update(timers)
      .set({ attempts: 1, lockedUntil: sql`clock_timestamp() + interval '1 minute'` })
      .where(eq(timers.id, scheduled.id));
    expect(await timerRunner.runDue()).toBe(0);
    await database.db
      .update(timers)
      .set({ lockedUntil: sql`clock_timestamp() - interval '1 second'` })
      .where(eq(timers.id, scheduled.id));
    expect(await timerRunner.runDue()).toBe(1);
    expect(fired).toEqual([scheduled.id]);
    expect((await timerRow(database, scheduled.id)).attempts).toBe(2);
  });

  it('lets handlers schedule follow-up timers', async () => {
    const steps: string[] = [];
    const timerRunner = runner({ timeScale: 0.01 });
    timerRunner.register(
      'test.chain',
      async ({ payload, db, schedule }) => {
        steps.push(payload.step);
        if (payload.step === 'first') {
          await schedule(db, { kind: 'test.chain', payload: { step: 'second' }, delayMs: 5_000 });
        }
      },
      { payloadSchema: z.object({ step: z.string() }) },
    );
    await timerRunner.schedule(database.db, {
      kind: 'test.chain',
      payload: { step: 'first' },
      delayMs: 5_000,
    });
    const started = Date.now();
    timerRunner.start();
    // 2 × 5 s at scale 0.01 is 100 ms of real time.
    await waitFor(() => steps.length === 2, { what: 'the chained timer' });
    expect(steps).toEqual(['first', 'second']);
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
  });

  it('sleeps until the next timer instead of polling, and wakes for one scheduled through it', async () => {
    const fired: string[] = [];
    // A poll interval far longer than the test: only the runner's own wake-ups can fire these.
    const timerRunner = runner({ pollIntervalMs: 60_000 });
    timerRunner.register(
      'test.sleep',
      async ({ payload }) => {
        fired.push(payload.name);
      },
      { payloadSchema: z.object({ name: z.string() }) },
    );
    // Already in the database (another process put it there) before the runner looks.
    await scheduleTimer(
      database.db,
      { kind: 'test.sleep', payload: { name: 'stored' }, delayMs: 300 },
      { timeScale: 1 },
    );
    timerRunner.start();
    await waitFor(() => fired.includes('stored'), { what: 'the stored timer', timeoutMs: 3_000 });
    // Now asleep with nothing due: a timer scheduled through the runner wakes it.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const scheduledAt = Date.now();
    await timerRunner.schedule(database.db, {
      kind: 'test.sleep',
      payload: { name: 'scheduled' },
      delayMs: 200,
    });
    await waitFor(() => fired.includes('scheduled'), {
      what: 'the scheduled timer',
      timeoutMs: 3_000,
    });
    expect(Date.now() - scheduledAt).toBeGreaterThanOrEqual(190);
    expect(fired).toEqual(['stored', 'scheduled']);
  });

  it('waits for running handlers when stopped', async () => {
    const timerRunner = runner();
    let finished = false;
    timerRunner.register('test.slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, 150));
      finished = true;
    });
    const scheduled = await timerRunner.schedule(database.db, {
      kind: 'test.slow',
      payload: {},
      delayMs: 0,
    });
    timerRunner.start();
    await waitFor(async () => (await timerRow(database, scheduled.id)).attempts === 1, {
      what: 'the claim',
    });
    await timerRunner.stop();
    expect(finished).toBe(true);
    expect((await timerRow(database, scheduled.id)).doneAt).toBeInstanceOf(Date);
  });

  if (kind === 'postgres') {
    it('never fires the same timer twice with two runners on one database', async () => {
      const second = await target.open();
      try {
        const firedBy = new Map<number, string[]>();
        const handler =
          (name: string) =>
          async ({ timer }: { timer: { id: number } }) => {
            firedBy.set(timer.id, [...(firedBy.get(timer.id) ?? []), name]);
            // Long enough that both runners are busy at the same time.
            await new Promise((resolve) => setTimeout(resolve, 15));
          };
        const a = runner({ batchSize: 3 });
        const b = createTimerRunner({
          db: second.db,
          timeScale: 1,
          pollIntervalMs: 20,
          batchSize: 3,
          logger: quietLogger,
        });
        runners.push(b);
        a.register('test.shared', handler('a'));
        b.register('test.shared', handler('b'));
        const ids: number[] = [];
        for (let i = 0; i < 40; i += 1) {
          ids.push(
            (await a.schedule(database.db, { kind: 'test.shared', payload: { i }, delayMs: 0 })).id,
          );
        }
        a.start();
        b.start();
        await waitFor(() => firedBy.size === ids.length, {
          what: 'all 40 timers',
          timeoutMs: 10_000,
        });
        await a.stop();
        await b.stop();
        for (const id of ids) expect(firedBy.get(id), `timer ${id}`).toHaveLength(1);
        const byRunner = [...firedBy.values()].flat();
        expect(byRunner.filter((name) => name === 'a').length).toBeGreaterThan(0);
        expect(byRunner.filter((name) => name === 'b').length).toBeGreaterThan(0);
      } finally {
        await second.close();
      }
    });
  }
});

describeEachDatabase('timers in the running server', (kind) => {
  let target: TestDatabaseTarget;
  beforeAll(async () => {
    target = await createTestDatabaseTarget(kind);
  });
  afterAll(() => target?.drop());

  it('survive a restart and apply SIM_TIME_SCALE', { timeout: 60_000 }, async () => {
    // First process: schedules a 10 s step (1 s at scale 0.1), then stops before it is due.
    const first = await startTestServer({ database: target, env: { SIM_TIME_SCALE: '0.1' } });
    const scheduled = await first.app.timers.schedule(first.database.db, {
      kind: 'test.restart',
      payload: { order: 'CR-100234' },
      delayMs: 10_000,
    });
    await first.close();

    // Second process on the same database: registers the kind and runs it when due.
    const fired: unknown[] = [];
    const second = await startTestServer({
      database: target,
      env: { SIM_TIME_SCALE: '0.1' },
      startTimers: true,
      timers: { pollIntervalMs: 50 },
      configure(app) {
        app.timers.register('test.restart', async ({ payload }) => {
          fired.push(payload);
        });
      },
    });
    try {
      const firedAt = await waitFor(() => (fired.length > 0 ? Date.now() : undefined), {
        what: 'the timer after restart',
      });
      expect(fired).toEqual([{ order: 'CR-100234' }]);
      // The runner marks the timer done after its handler returns: wait for that commit.
      const row = await waitFor(
        async () => {
          const [found] = await second.database.db
            .select()
            .from(timers)
            .where(eq(timers.id, scheduled.id));
          return found?.doneAt ? found : undefined;
        },
        { what: 'the timer marked done' },
      );
      expect(row.doneAt).toBeInstanceOf(Date);
      // Scaled to 1 s after scheduling: not fired early.
      expect(firedAt - row.createdAt.getTime()).toBeGreaterThanOrEqual(950);
    } finally {
      await second.close();
    }
  });
});

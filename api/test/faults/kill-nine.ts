import { randomInt } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import {
  availableDatabases,
  createTestDatabaseTarget,
  type DatabaseKind,
  type TestDatabaseTarget,
} from '../harness.ts';
import { type ApiProcess, startApi } from './api-process.ts';
import { FULL_SCALE, report, SCALE } from './scale.ts';
import { WriteBook } from './write-book.ts';

/**
 * kill -9 under writes: the real server, writes in flight, SIGKILL at a random moment, restart.
 * Every write the server acknowledged must be there exactly once after the restart, every
 * request whose answer was lost is retried with its own key, and every balance equals its ledger.
 */

const WORKERS = 8;
/** Every so many cycles the check reads back everything, not only what changed. */
const FULL_CHECK_EVERY = 25;

/** The test on one database; one file per database, so the two run side by side. */
export function describeKillNine(kind: DatabaseKind): void {
  describe.runIf(availableDatabases().includes(kind))(`kill -9 under writes [${kind}]`, () => {
    let target: TestDatabaseTarget | undefined;
    let api: ApiProcess | undefined;

    afterAll(async () => {
      await api?.kill();
      await target?.drop();
    });

    it(
      `keeps every acknowledged write through ${SCALE.killCycles} crashes`,
      async () => {
        // A migrated, empty database; the server's first start seeds it as on a new machine.
        target = await createTestDatabaseTarget(kind, { migrated: true });
        const dataDir = target.dataDir;
        const start = () =>
          // Simulated time runs fast enough that robots finish a pickup between two cycles.
          startApi({ dataDir, databaseUrl: target?.databaseUrl, env: { SIM_TIME_SCALE: '0.05' } });
        const book = new WriteBook(4);
        const totals = {
          cycles: 0,
          lost: [] as string[],
          mismatched: [] as string[],
          acknowledged: 0,
        };

        for (let cycle = 1; cycle <= SCALE.killCycles; cycle += 1) {
          const t0 = Date.now();
          api = await start();
          const t1 = Date.now();
          await book.retryUnknown(api.url);
          const t2 = Date.now();
          const scope = cycle % FULL_CHECK_EVERY === 0 ? 'full' : 'changed';
          const checked = await book.check(api.url, scope).catch((error: unknown) => {
            throw new Error(`cycle ${cycle}: the check failed; ${describeProcess(api)}`, {
              cause: error,
            });
          });
          if (process.env.FAULT_DEBUG)
            console.log(
              `cycle ${cycle}: start ${t1 - t0} ms, retry ${t2 - t1} ms, ${scope} check ${Date.now() - t2} ms, pending ${book.pendingRetries}`,
            );
          totals.lost.push(...checked.lost.map((line) => `cycle ${cycle}: ${line}`));
          totals.mismatched.push(...checked.mismatched.map((line) => `cycle ${cycle}: ${line}`));
          await book.ensureCustomers(api.url);

          let stopped = false;
          const writing = book.run(api.url, WORKERS, () => stopped);
          // Somewhere inside a burst of writes: after a random number of them were acknowledged
          // (however slow the machine), and a random moment later, with others in flight.
          const acknowledgedTarget = randomInt(1, 12);
          const waitUntil = Date.now() + 60_000;
          while (book.acknowledgedInRun < acknowledgedTarget && Date.now() < waitUntil) {
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
          await new Promise((resolve) => setTimeout(resolve, randomInt(0, 400)));
          await api.kill();
          stopped = true;
          await writing;
          totals.cycles += 1;
          if (cycle % 10 === 0) {
            report(
              `kill -9 [${kind}]: ${cycle} cycles so far, ${checked.acknowledged} acknowledged ` +
                `writes checked, ${totals.lost.length} lost, ${totals.mismatched.length} mismatched`,
            );
          }
        }

        // The last restart: nothing more is killed, every lost answer is retried and checked.
        api = await start();
        // At full scale also past the minute a dead process's key stays locked on PostgreSQL.
        const settleBy = Date.now() + (FULL_SCALE ? 90_000 : 10_000);
        await book.retryUnknown(api.url);
        while (book.pendingRetries > 0 && Date.now() < settleBy) {
          await new Promise((resolve) => setTimeout(resolve, 1_000));
          await book.retryUnknown(api.url);
        }
        const final = await book.check(api.url, 'full');
        totals.lost.push(...final.lost);
        totals.mismatched.push(...final.mismatched);
        totals.acknowledged = final.acknowledged;
        await api.stop();
        api = undefined;

        report(
          `kill -9 [${kind}]: ${totals.cycles} cycles, ${totals.acknowledged} acknowledged writes, ` +
            `${totals.lost.length} lost, ${totals.mismatched.length} mismatched, ` +
            `${book.pendingRetries} answers still unknown at the end`,
        );
        expect(book.unexpected, 'answers other than 201 or a dropped connection').toEqual([]);
        expect(totals.lost, 'acknowledged writes missing after a restart').toEqual([]);
        expect(totals.mismatched, 'duplicates, or balances that differ from their ledger').toEqual(
          [],
        );
        expect(totals.acknowledged).toBeGreaterThan(0);
      },
      // A guard against a hang, not a speed target: a cycle takes seconds, more on a busy machine.
      (SCALE.killCycles * 180 + 300) * 1000,
    );
  });
}

/** Whether the server still runs, and its last words: what a failed cycle needs to be read. */
function describeProcess(api: ApiProcess | undefined): string {
  if (!api) return 'no server';
  const { exitCode, signalCode } = api.child;
  const state =
    exitCode === null && signalCode === null
      ? 'the server is still running'
      : `the server exited (${signalCode ?? `code ${exitCode}`})`;
  return `${state}; its last output:\n${api.output.join('').slice(-4000)}`;
}

import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  availableDatabases,
  createTestDatabaseTarget,
  type TestDatabaseTarget,
} from '../../test/harness.ts';
import { TEST_POSTGRES_URL } from '../../test/postgres.ts';
import { waitFor } from '../../test/wait-for.ts';
import type { Database } from './database.ts';
import { queryRows } from './sql-helpers.ts';
import { isDatabaseUnavailable } from './unavailable.ts';

/**
 * The PostgreSQL server ends this process's sessions (a failover, a restart, an operator's
 * pg_terminate_backend): the process keeps running and every connection comes back by itself.
 */
describe.runIf(availableDatabases().includes('postgres'))(
  'losing the connections [postgres]',
  () => {
    let target: TestDatabaseTarget;
    let database: Database;
    const errors: string[] = [];

    beforeAll(async () => {
      target = await createTestDatabaseTarget('postgres', { migrated: true });
      const { createDatabase } = await import('./database.ts');
      database = await createDatabase({
        databaseUrl: target.databaseUrl,
        dataDir: target.dataDir,
        onError: (_error, context) => errors.push(context),
      });
    });
    afterAll(async () => {
      await database?.close();
      await target?.drop();
    });

    async function terminateSessions(): Promise<number> {
      const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await admin.connect();
      try {
        const name = new URL(target.databaseUrl ?? '').pathname.slice(1);
        const { rowCount } = await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1',
          [name],
        );
        return rowCount ?? 0;
      } finally {
        await admin.end();
      }
    }

    it('survives a session ended while a request holds its connection between queries', async () => {
      // A transaction between two statements: no query is running when the session ends, which
      // node-postgres reports as an 'error' event that, unheard, would end the whole process.
      const failure = await database
        .withConnection(async (db) => {
          await db.execute(sql`select 1`);
          expect(await terminateSessions()).toBeGreaterThan(0);
          await new Promise((resolve) => setTimeout(resolve, 200));
          await db.execute(sql`select 1`);
        })
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      expect(isDatabaseUnavailable(failure), String(failure)).toBe(true);
      // The pool replaces the lost connection.
      expect(await queryRows(database.db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
    });

    it('listens again after its LISTEN session is ended, and says so', async () => {
      const received: string[] = [];
      let restored = 0;
      database.onListenRestored(() => {
        restored += 1;
      });
      const unsubscribe = await database.listen('connection_loss_test', (payload) => {
        received.push(payload);
      });
      await terminateSessions();
      await waitFor(() => restored > 0, { timeoutMs: 10_000, what: 'the LISTEN connection back' });
      await database.notify('connection_loss_test', 'after');
      await waitFor(() => received.includes('after'), { what: 'the NOTIFY after the return' });
      expect(errors).toContain('LISTEN connection lost; reconnecting');
      await unsubscribe();
    });
  },
);

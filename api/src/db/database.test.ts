import { existsSync, readFileSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabaseTarget,
  describeEachDatabase,
  type TestDatabaseTarget,
} from '../../test/harness.ts';
import { waitFor } from '../../test/wait-for.ts';
import { assertChannelName, type Database } from './database.ts';
import { MIGRATIONS_FOLDER, migrateDatabase } from './migrate.ts';
import { queryRows } from './sql-helpers.ts';

function journalEntries(): number {
  const journal = JSON.parse(
    readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: unknown[] };
  return journal.entries.length;
}

describe('assertChannelName', () => {
  it('accepts plain identifiers only, since LISTEN cannot take a parameter', () => {
    expect(() => assertChannelName('app_events')).not.toThrow();
    expect(() => assertChannelName('App')).toThrow('Invalid notification channel name');
    expect(() => assertChannelName('x; drop table users')).toThrow();
    expect(() => assertChannelName('')).toThrow();
  });
});

describeEachDatabase('database', (kind) => {
  let target: TestDatabaseTarget;
  let database: Database;

  beforeAll(async () => {
    target = await createTestDatabaseTarget(kind);
    database = await target.open();
  });
  afterAll(async () => {
    await database?.close();
    await target?.drop();
  });

  it(`reports its kind`, () => {
    expect(database.kind).toBe(kind);
  });

  it('applies migrations once and is a no-op the second time', async () => {
    await migrateDatabase(database);
    await migrateDatabase(database);
    const [result] = await queryRows<{ count: string | number }>(
      database.db,
      sql`select count(*) as count from drizzle.__drizzle_migrations`,
    );
    const applied = Number(result?.count);
    expect(applied).toBe(journalEntries());
    const tables = await queryRows<{ table_name: string }>(
      database.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`,
    );
    expect(tables.map((row) => row.table_name)).toEqual(
      expect.arrayContaining([
        'events',
        'order_pickups',
        'outbox',
        'retailers',
        'stores',
        'timers',
        'users',
      ]),
    );
    await migrateDatabase(database);
    const [again] = await queryRows<{ count: string | number }>(
      database.db,
      sql`select count(*) as count from drizzle.__drizzle_migrations`,
    );
    expect(Number(again?.count)).toBe(applied);
  });

  it('delivers NOTIFY to every handler of the channel, and stops after unsubscribe', async () => {
    const first: string[] = [];
    const second: string[] = [];
    const stopFirst = await database.listen('test_channel', (payload) => first.push(payload));
    const stopSecond = await database.listen('test_channel', (payload) => second.push(payload));
    await database.notify('test_channel', 'hello');
    await waitFor(() => first.length === 1 && second.length === 1, { what: 'both handlers' });
    expect(first).toEqual(['hello']);
    expect(second).toEqual(['hello']);

    await stopFirst();
    await database.notify('test_channel', 'again');
    await waitFor(() => second.length === 2, { what: 'second handler' });
    expect(first).toEqual(['hello']);
    expect(second).toEqual(['hello', 'again']);
    await stopSecond();
  });

  it('delivers a NOTIFY sent inside a transaction only on commit', async () => {
    const received: string[] = [];
    const stop = await database.listen('test_tx', (payload) => received.push(payload));
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_notify('test_tx', 'rolled back')`);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify('test_tx', 'committed')`);
    });
    await waitFor(() => received.length > 0, { what: 'the committed notification' });
    // Give a wrongly delivered rollback notification time to show up before asserting.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received).toEqual(['committed']);
    await stop();
  });

  it('keeps channels apart', async () => {
    const a: string[] = [];
    const stopA = await database.listen('test_a', (payload) => a.push(payload));
    const b: string[] = [];
    const stopB = await database.listen('test_b', (payload) => b.push(payload));
    await database.notify('test_b', 'for b');
    await waitFor(() => b.length === 1, { what: 'channel b' });
    expect(a).toEqual([]);
    await stopA();
    await stopB();
  });

  if (kind === 'pglite') {
    it('refuses a second opening of the same folder, which would corrupt it', async () => {
      await expect(target.open()).rejects.toThrow(
        `is in use by process ${process.pid}. Stop that process`,
      );
    });

    it('takes over a lock left by a process that no longer runs, and releases it on close', async () => {
      const other = await createTestDatabaseTarget('pglite');
      try {
        // An older version's lock: a PID far above any pid_max, so no such process exists.
        await writeFile(path.join(other.dataDir, 'pglite.lock'), '999999999');
        const reopened = await other.open();
        expect(statSync(path.join(other.dataDir, 'pglite.lock')).isSocket()).toBe(true);
        await reopened.close();
        expect(existsSync(path.join(other.dataDir, 'pglite.lock'))).toBe(false);
      } finally {
        await other.drop();
      }
    });
  }

  if (kind === 'postgres') {
    it('receives notifications sent by another process', async () => {
      const other = await target.open();
      try {
        const received: string[] = [];
        const stop = await database.listen('test_cross', (payload) => received.push(payload));
        await other.notify('test_cross', 'from elsewhere');
        await waitFor(() => received.length === 1, { what: 'cross-process notification' });
        expect(received).toEqual(['from elsewhere']);
        await stop();
      } finally {
        await other.close();
      }
    });

    it('lets two processes migrate a fresh database at the same time', async () => {
      const fresh = await createTestDatabaseTarget('postgres');
      const a = await fresh.open();
      const b = await fresh.open();
      try {
        // Without the advisory lock both would create the same tables and one would fail.
        await Promise.all([migrateDatabase(a), migrateDatabase(b)]);
        const [result] = await queryRows<{ count: string | number }>(
          a.db,
          sql`select count(*) as count from drizzle.__drizzle_migrations`,
        );
        expect(Number(result?.count)).toBe(journalEntries());
      } finally {
        await a.close();
        await b.close();
        await fresh.drop();
      }
    });
  }
});

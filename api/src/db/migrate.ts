import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { REPO_ROOT } from '../config.ts';
import type { Database } from './database.ts';

/**
 * `api/drizzle`, written by `pnpm --filter api db:generate`. Found from the repository root, which
 * the compiled server (api/dist/main.js, scripts/build.mjs) resolves like the sources do.
 */
export const MIGRATIONS_FOLDER = path.join(REPO_ROOT, 'api', 'drizzle');

// Arbitrary but fixed: every API process uses the same key, so only one migrates at a time.
const MIGRATION_LOCK_KEY = 724_311_001;

/**
 * Applies pending migrations. Several API processes may start together against one PostgreSQL
 * server and drizzle's migrator does not guard against that, so the run is
 * serialised with a session-level advisory lock held on one connection.
 */
export async function migrateDatabase(
  database: Database,
  migrationsFolder = MIGRATIONS_FOLDER,
): Promise<void> {
  await database.withConnection(async (db) => {
    await db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
    try {
      // The two migrators are the same function typed per driver; each gets its own handle.
      if (database.kind === 'pglite') {
        await migratePglite(db as unknown as PgliteDatabase, { migrationsFolder });
      } else {
        await migrateNodePg(db as unknown as NodePgDatabase, { migrationsFolder });
      }
    } finally {
      await db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`);
    }
  });
}

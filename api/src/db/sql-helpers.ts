import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from './database.ts';

/**
 * `column in ('a', 'b')` with the values inlined, for CHECK constraints: drizzle-kit writes the
 * constraint into a migration, where bound parameters cannot exist.
 */
export function inList(column: AnyPgColumn, values: readonly string[]): SQL {
  const literals = values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ');
  return sql`${column} in (${sql.raw(literals)})`;
}

/**
 * Rows of a raw SQL query. Both drivers answer `{ rows }`, but the shared `Db` type cannot know
 * which result shape it gets, so raw queries go through here.
 */
export async function queryRows<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

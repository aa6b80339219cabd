import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * The PostgreSQL server integration tests run against: the CI server by default.
 * Each test server gets its own database on it, created here and dropped afterwards.
 */
export const TEST_POSTGRES_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export const TEST_DATABASE_PREFIX = 'api_test_';

/** Connects to the maintenance database once; the error says why when it cannot. */
export async function probePostgres(url = TEST_POSTGRES_URL): Promise<Error | undefined> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return undefined;
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  } finally {
    await client.end().catch(() => {});
  }
}

async function withAdmin<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** `api_test_<creation time, base 36>_<random>`: the time lets a later run clean up leftovers. */
function newDatabaseName(): string {
  return `${TEST_DATABASE_PREFIX}${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
}

/** A new database, empty or a copy of `template` (the name of another test database). */
export async function createPostgresTestDatabase(
  adminUrl = TEST_POSTGRES_URL,
  template?: string | null,
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = newDatabaseName();
  if (template && !/^[a-z0-9_]+$/.test(template)) {
    throw new Error(`Not a test database name: ${template}`);
  }
  // Both names are [a-z0-9_] only (generated above, checked here), so interpolating them is safe.
  const from = template ? ` template ${template}` : '';
  await withAdmin(adminUrl, (client) => client.query(`create database ${name}${from}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () =>
      withAdmin(adminUrl, async (client) => {
        await client.query(`drop database if exists ${name} with (force)`);
      }),
  };
}

/**
 * Drops test databases left behind by runs that crashed more than an hour ago. Younger ones may
 * belong to a run in progress (another engineer, another CI job on the same server).
 */
export async function dropStaleTestDatabases(adminUrl = TEST_POSTGRES_URL): Promise<void> {
  const cutoff = Date.now() - 60 * 60 * 1000;
  await withAdmin(adminUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      `select datname from pg_database where datname like '${TEST_DATABASE_PREFIX}%'`,
    );
    for (const { datname } of rows) {
      const match = /^api_test_([0-9a-z]+)_[0-9a-f]+$/.exec(datname);
      if (match?.[1] && Number.parseInt(match[1], 36) < cutoff) {
        await client.query(`drop database if exists ${datname} with (force)`);
      }
    }
  });
}

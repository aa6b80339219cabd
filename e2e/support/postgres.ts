import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { REPO_ROOT } from './remote-build';

/** The PostgreSQL server the suites may use (the API suites' default, `npm test`'s CI server). */
export const E2E_POSTGRES_URL =
  process.env.E2E_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

interface PgClient {
  connect(): Promise<void>;
  query(sql: string): Promise<unknown>;
  end(): Promise<void>;
}

// pg is the API's dependency; the browser suites borrow it rather than install their own.
const pg = createRequire(path.join(REPO_ROOT, 'api', 'package.json'))('pg') as {
  Client: new (options: { connectionString: string; connectionTimeoutMillis?: number }) => PgClient;
};

async function admin<T>(run: (client: PgClient) => Promise<T>): Promise<T> {
  const client = new pg.Client({
    connectionString: E2E_POSTGRES_URL,
    connectionTimeoutMillis: 3000,
  });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Why PostgreSQL cannot be used, or undefined when it can. */
export async function postgresUnavailable(): Promise<string | undefined> {
  try {
    await admin((client) => client.query('select 1'));
    return undefined;
  } catch (error) {
    return `PostgreSQL at ${E2E_POSTGRES_URL} is not reachable (${(error as Error).message})`;
  }
}

/** A new, empty database for API processes to share; `drop` removes it. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  // [a-z0-9_] only, so it is safe to interpolate.
  const name = `e2e_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await admin((client) => client.query(`create database ${name}`));
  const url = new URL(E2E_POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin((client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

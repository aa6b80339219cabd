import { cp, mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { describe, inject } from 'vitest';
import { type BuildAppOptions, buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { createDatabase, type Database, type DatabaseKind } from '../src/db/database.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { seedDatabase } from '../src/seed/seed.ts';
import { createPostgresTestDatabase } from './postgres.ts';

export type { DatabaseKind };

/** PGlite always; PostgreSQL too when global-setup found the server (and in CI it must). */
export function availableDatabases(): DatabaseKind[] {
  return inject('postgresUrl') ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * Declares the suite once per available database, named `<name> [pglite]` / `<name> [postgres]`.
 * Share one server per suite (beforeAll) where tests do not need a clean slate: a PGlite start
 * costs about a second.
 */
export function describeEachDatabase(name: string, suite: (kind: DatabaseKind) => void): void {
  for (const kind of availableDatabases()) describe(`${name} [${kind}]`, () => suite(kind));
}

/** A fresh, empty database: a PGlite folder in a temp dir, or a new database on the server. */
export interface TestDatabaseTarget {
  kind: DatabaseKind;
  databaseUrl: string | undefined;
  dataDir: string;
  /** Opens another connection set to the same database, like a second API process would. */
  open(): Promise<Database>;
  drop(): Promise<void>;
}

/**
 * `migrated`: every migration already applied (what test servers start from); otherwise an empty
 * database, for the tests of migrating itself.
 */
export async function createTestDatabaseTarget(
  kind: DatabaseKind,
  { migrated = false }: { migrated?: boolean } = {},
): Promise<TestDatabaseTarget> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'api-test-'));
  if (kind === 'pglite') {
    const template = inject(migrated ? 'pgliteMigratedTemplate' : 'pgliteTemplate');
    await cp(template, path.join(dataDir, 'pglite'), { recursive: true });
    return {
      kind,
      databaseUrl: undefined,
      dataDir,
      open: () => createDatabase({ databaseUrl: undefined, dataDir }),
      drop: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const adminUrl = inject('postgresUrl');
  if (!adminUrl) throw new Error('PostgreSQL is not available for this test run');
  const template = migrated ? inject('postgresMigratedTemplate') : null;
  const created = await createPostgresTestDatabase(adminUrl, template);
  return {
    kind,
    databaseUrl: created.url,
    dataDir,
    open: () => createDatabase({ databaseUrl: created.url, dataDir, onError: () => {} }),
    async drop() {
      await created.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestServerOptions {
  /** A kind for a fresh database owned (and dropped) by the server, or an existing target. */
  database?: DatabaseKind | TestDatabaseTarget;
  /** Environment as the process would see it; PORT, DATA_DIR and DATABASE_URL are set here. */
  env?: Record<string, string>;
  /** Folder with `shell/dist` and `mfe-<name>/dist`; an empty temp folder by default. */
  staticRoot?: string;
  /**
   * Demo data like a first start (default true): retailers, stores and the demo customer. The
   * demo customer's order history (payments, deliveries, a courier on the road) only with
   * `demoHistory`, so other suites neither wait for it nor meet its timers.
   */
  seed?: boolean;
  demoHistory?: boolean;
  startTimers?: boolean;
  timers?: BuildAppOptions['timers'];
  heartbeatMs?: number;
  /** Replaces the logger, e.g. with a stream the test reads. */
  logger?: BuildAppOptions['logger'];
  /** Adds test-only routes or timer kinds before the server starts listening. */
  configure?: (app: FastifyInstance) => void | Promise<void>;
}

export interface TestServer {
  url: string;
  app: FastifyInstance;
  database: Database;
  config: Config;
  target: TestDatabaseTarget;
  /** `fetch` relative to the server. */
  fetch(pathname: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

/**
 * Starts the real app on a free port, the way main.ts does: migrate, build, seed, listen. A
 * database it creates itself starts migrated (global-setup.ts), so its migrate finds nothing to do.
 */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const owned = typeof options.database !== 'object';
  const target =
    typeof options.database === 'object'
      ? options.database
      : await createTestDatabaseTarget(options.database ?? 'pglite', { migrated: true });
  const emptyStaticRoot = options.staticRoot
    ? undefined
    : await mkdtemp(path.join(os.tmpdir(), 'api-static-'));

  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ...options.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: target.dataDir,
    DATABASE_URL: target.databaseUrl ?? '',
    STATIC_ROOT: options.staticRoot ?? emptyStaticRoot ?? '',
  });
  const database = await target.open();
  let app: FastifyInstance | undefined;
  try {
    await migrateDatabase(database);
    app = await buildApp({
      config,
      database,
      timers: options.timers,
      heartbeatMs: options.heartbeatMs,
      logger: options.logger,
    });
    if (options.seed ?? true) await seedDatabase(app, { history: options.demoHistory ?? false });
    await options.configure?.(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    if (options.startTimers) app.timers.start();
  } catch (error) {
    await app?.close();
    await database.close();
    if (owned) await target.drop();
    throw error;
  }

  const started = app;
  const url = `http://127.0.0.1:${(started.server.address() as AddressInfo).port}`;
  return {
    url,
    app: started,
    database,
    config,
    target,
    fetch: (pathname, init) => fetch(new URL(pathname, url), init),
    async close() {
      await started.close();
      await database.close();
      if (owned) await target.drop();
      if (emptyStaticRoot) await rm(emptyStaticRoot, { recursive: true, force: true });
    },
  };
}

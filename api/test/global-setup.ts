import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { dropStaleTestDatabases, probePostgres, TEST_POSTGRES_URL } from './postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Maintenance URL of the PostgreSQL server for tests, or null when none is reachable. */
    postgresUrl: string | null;
    /** A freshly initialised, empty PGlite data folder that test databases are copied from. */
    pgliteTemplate: string;
  }
}

/**
 * Decides once per run whether integration suites also run on PostgreSQL. In CI an unreachable
 * server fails the run: the PostgreSQL path must never be skipped silently there.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // initdb of a new PGlite takes ~4 s here, opening a copy of an initialised folder ~0.3 s; the
  // copy is still an empty database, so every test server still migrates and seeds like prod.
  const templateRoot = await mkdtemp(path.join(os.tmpdir(), 'api-pglite-template-'));
  const template = path.join(templateRoot, 'pglite');
  const pglite = await PGlite.create(template);
  await pglite.close();
  project.provide('pgliteTemplate', template);
  const teardown = () => rm(templateRoot, { recursive: true, force: true });

  const error = await probePostgres();
  if (error) {
    const reason = `PostgreSQL at ${redact(TEST_POSTGRES_URL)} is unreachable (${error.message})`;
    if (process.env.CI) {
      await teardown();
      throw new Error(`${reason}; CI is set, so the PostgreSQL suites cannot be skipped.`);
    }
    console.warn(`\n⚠ ${reason}: running the integration suites on PGlite only.\n`);
    project.provide('postgresUrl', null);
    return teardown;
  }
  await dropStaleTestDatabases();
  project.provide('postgresUrl', TEST_POSTGRES_URL);
  return teardown;
}

function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
}

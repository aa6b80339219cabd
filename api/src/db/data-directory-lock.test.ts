import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freePort } from '../../test/free-port.ts';
import { createTestDatabaseTarget, type TestDatabaseTarget } from '../../test/harness.ts';
import { waitFor } from '../../test/wait-for.ts';
import { lockDataDirectory } from './data-directory-lock.ts';
import { queryRows } from './sql-helpers.ts';

/**
 * The embedded database's folder lock: a second live server is refused with a clear message, and
 * nothing a dead server leaves behind blocks a restart, whatever PID the old lock names.
 */

const API_ROOT = path.resolve(import.meta.dirname, '../..');

interface Child {
  process: ChildProcess;
  output: string[];
  exited: Promise<number | null>;
}

/** A Node process running TypeScript (no tsx wrapper, so its PID is the process that holds). */
function runNode(args: string[], env: Record<string, string> = {}): Child {
  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: API_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { process: child, output, exited };
}

async function killed(child: Child | undefined): Promise<void> {
  if (child && child.process.exitCode === null && child.process.signalCode === null) {
    child.process.kill('SIGKILL');
    await child.exited;
  }
}

describe('the embedded database lock', () => {
  let dataDir: string;
  let folder: string;
  let lockFile: string;
  let child: Child | undefined;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'api-lock-'));
    folder = path.join(dataDir, 'pglite');
    lockFile = `${folder}.lock`;
  });
  afterEach(async () => {
    await killed(child);
    child = undefined;
    await rm(dataDir, { recursive: true, force: true });
  });

  /** Another process holding the lock through this module, as a second server would. */
  async function holdInAnotherProcess(): Promise<Child> {
    const holder = runNode([
      '--input-type=module',
      '-e',
      `import { lockDataDirectory } from './src/db/data-directory-lock.ts';
       await lockDataDirectory(${JSON.stringify(folder)});
       console.log('holding');
       setInterval(() => {}, 60_000);`,
    ]);
    await waitFor(
      () => {
        if (holder.process.exitCode !== null) throw new Error(holder.output.join(''));
        return holder.output.join('').includes('holding');
      },
      { timeoutMs: 30_000, what: 'the other process to take the lock' },
    );
    return holder;
  }

  it('refuses a second holder while the first lives, naming its process; release frees it', async () => {
    const release = await lockDataDirectory(folder);
    await expect(lockDataDirectory(folder)).rejects.toThrow(
      `The embedded database at ${folder} is in use by process ${process.pid}. Stop that process`,
    );
    await release();
    expect(existsSync(lockFile)).toBe(false);
    await (await lockDataDirectory(folder))();
  });

  it('refuses while a live process elsewhere holds it, and takes over once it is killed with SIGKILL', async () => {
    child = await holdInAnotherProcess();
    await expect(lockDataDirectory(folder)).rejects.toThrow(
      `is in use by process ${child.process.pid}. Stop that process`,
    );
    child.process.kill('SIGKILL');
    await child.exited;
    // Nothing ran at its death: the file it listened on is still there, and no one answers on it.
    expect(existsSync(lockFile)).toBe(true);
    const release = await lockDataDirectory(folder);
    await expect(lockDataDirectory(folder)).rejects.toThrow(`in use by process ${process.pid}`);
    await release();
  });

  it('never takes a PID in a lock file for the owner: PID 1, a live unrelated process, or its own', async () => {
    // A process that is alive and has nothing to do with the database (a recycled PID), and this
    // process's own PID (a container restarts its server with the same PID every time).
    const unrelated = spawn('sleep', ['60'], { stdio: 'ignore' });
    try {
      for (const pid of [1, unrelated.pid, process.pid]) {
        await writeFile(lockFile, String(pid));
        const release = await lockDataDirectory(folder);
        await expect(lockDataDirectory(folder)).rejects.toThrow(`in use by process ${process.pid}`);
        await release();
      }
    } finally {
      unrelated.kill('SIGKILL');
    }
  });

  it('lets exactly one of many openings at once hold a folder, free or left by a killed holder', async () => {
    const race = async () => {
      const outcomes = await Promise.allSettled(
        Array.from({ length: 8 }, () => lockDataDirectory(folder)),
      );
      const held = outcomes.filter((outcome) => outcome.status === 'fulfilled');
      expect(held).toHaveLength(1);
      for (const outcome of outcomes) {
        if (outcome.status === 'rejected') {
          expect(String(outcome.reason)).toContain(`is in use by process ${process.pid}`);
        } else {
          await outcome.value();
        }
      }
    };
    await race();
    child = await holdInAnotherProcess();
    child.process.kill('SIGKILL');
    await child.exited;
    expect(existsSync(lockFile)).toBe(true);
    await race();
    expect(existsSync(lockFile)).toBe(false);
  });
});

describe('an embedded database whose server was killed with kill -9 [pglite]', () => {
  let target: TestDatabaseTarget;
  let dataDir: string;
  const children: Child[] = [];
  beforeAll(async () => {
    // A copy of the suite's empty database, so the holder need not create one from scratch.
    target = await createTestDatabaseTarget('pglite');
    dataDir = target.dataDir;
  });
  afterAll(async () => {
    for (const child of children) await killed(child);
    await target?.drop();
  });

  it('refuses `npm start` while the holder lives, and opens with its data once it is killed', async () => {
    const holder = runNode([
      '--input-type=module',
      '-e',
      `import { sql } from 'drizzle-orm';
       import { createDatabase } from './src/db/database.ts';
       const database = await createDatabase({ databaseUrl: undefined, dataDir: ${JSON.stringify(dataDir)} });
       await database.db.execute(sql\`create table survivors (name text)\`);
       await database.db.execute(sql\`insert into survivors values ('written before the kill')\`);
       console.log('holding');
       setInterval(() => {}, 60_000);`,
    ]);
    children.push(holder);
    await waitFor(
      () => {
        if (holder.process.exitCode !== null) throw new Error(holder.output.join(''));
        return holder.output.join('').includes('holding');
      },
      { timeoutMs: 60_000, what: 'the holder to open the database' },
    );

    // The server as `npm start` runs it stops at once with the message, and changes nothing.
    const server = runNode(['src/main.ts'], {
      DATA_DIR: dataDir,
      STATIC_ROOT: dataDir,
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
    });
    children.push(server);
    expect(await server.exited).toBe(1);
    expect(server.output.join('')).toBe(
      `The embedded database at ${path.join(dataDir, 'pglite')} is in use by process ` +
        `${holder.process.pid}. Stop that process, or point DATA_DIR elsewhere (or DATABASE_URL ` +
        'at a PostgreSQL server).\n',
    );

    holder.process.kill('SIGKILL');
    await holder.exited;
    const reopened = await target.open();
    try {
      expect(
        await queryRows<{ name: string }>(reopened.db, sql`select name from survivors`),
      ).toEqual([{ name: 'written before the kill' }]);
    } finally {
      await reopened.close();
    }
  }, 180_000);
});

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { curbsidePickupSchema } from 'shared-contracts/curbside';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/free-port.ts';
import {
  availableDatabases,
  createTestDatabaseTarget,
  type TestDatabaseTarget,
  type TestServer,
} from '../../test/harness.ts';
import { postJson } from '../../test/http.ts';
import { openEventStream } from '../../test/sse-client.ts';
import { createTestUser, type TestUser } from '../../test/users.ts';
import { waitFor } from '../../test/wait-for.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { timers } from '../simulator/schema.ts';
import { curbsideTrackingUpdates } from './schema.ts';
import { arrivalBody, pinFromOutbox, readPickup } from './test-helpers.ts';
import { giveOrder } from './test-orders.ts';

/**
 * Two real API processes (`tsx src/main.ts`, as `npm start` runs it) on one fresh PostgreSQL
 * database: an SSE client of process A sees what process B changes, and the robot
 * timers, claimed by both runners, each fire exactly once.
 */

const API_ROOT = path.resolve(import.meta.dirname, '../..');
const TSX = path.join(API_ROOT, 'node_modules/.bin/tsx');

interface ApiProcess {
  url: string;
  child: ChildProcess;
  output: string[];
  stop(): Promise<void>;
}

async function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  const port = await freePort();
  const output: string[] = [];
  const child = spawn(TSX, ['src/main.ts'], {
    cwd: API_ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`API process exited:\n${output.join('')}`);
      return (await fetch(`${url}/api/health`).catch(() => undefined))?.ok;
    },
    { timeoutMs: 60_000, intervalMs: 200, what: `API process on port ${port}` },
  );
  return {
    url,
    child,
    output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The harness helpers take a TestServer; give them one pointing at process `api`. */
function asTestServer(api: ApiProcess, database: Database, env: Record<string, string>) {
  const config = loadConfig({ ...env, PORT: '0' });
  return {
    url: api.url,
    database,
    config,
    fetch: (pathname: string, init?: RequestInit) => fetch(new URL(pathname, api.url), init),
  } as unknown as TestServer;
}

const hasPostgres = availableDatabases().includes('postgres');

describe.runIf(hasPostgres)('curbside on two API processes [postgres]', () => {
  let target: TestDatabaseTarget;
  let staticRoot: string;
  let database: Database;
  let a: ApiProcess;
  let b: ApiProcess;
  let env: Record<string, string>;

  beforeAll(async () => {
    target = await createTestDatabaseTarget('postgres');
    staticRoot = await mkdtemp(path.join(os.tmpdir(), 'api-static-'));
    env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: target.databaseUrl ?? '',
      DATA_DIR: target.dataDir,
      STATIC_ROOT: staticRoot,
      // 45 s of robot time take 0.9 s; the 5-minute wait 6 s.
      SIM_TIME_SCALE: '0.02',
    };
    // Both start at once: migrations and the first-start seed are serialised by advisory locks.
    [a, b] = await Promise.all([startApiProcess(env), startApiProcess(env)]);
    database = await target.open();
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.close();
    await target?.drop();
    await rm(staticRoot, { recursive: true, force: true });
  });

  it('streams on A what B changes, and fires every timer exactly once', async () => {
    const serverA = asTestServer(a, database, env);
    const serverB = asTestServer(b, database, env);
    const user: TestUser = await createTestUser(serverA);

    // Several pickups at once, so both runners compete for the same due timers.
    const orders = await Promise.all(
      Array.from({ length: 6 }, () => giveOrder(database.db, user.id)),
    );
    const created = await Promise.all(
      orders.map(async (order, index) => {
        const body = arrivalBody(order.orderNumber);
        const response = await postJson(
          index % 2 === 0 ? serverB : serverA,
          user,
          '/api/curbside-pickups',
          body,
        );
        expect(response.status).toBe(201);
        return { id: ((await response.json()) as { id: string }).id, phone: body.phoneNumber };
      }),
    );
    const watched = created[0];
    if (!watched) throw new Error('no pickup created');

    // Process A streams the pickup that process B created and that both runners move on.
    const stream = await openEventStream(
      `${a.url}/api/curbside-pickups/${watched.id}/events`,
      user.headers,
    );
    try {
      const seen: string[] = [];
      while (!seen.includes('awaiting_verification')) {
        const event = await stream.next(10_000);
        seen.push(curbsidePickupSchema.parse(JSON.parse(event.data)).status);
      }
      expect(seen).toEqual([
        'customer_arrived',
        'robot_dispatched',
        'robot_collecting',
        'robot_en_route',
        'awaiting_verification',
      ]);

      // A change made through B (the PIN) reaches the stream on A.
      const pin = await pinFromOutbox(serverB, watched.phone);
      const verify = await postJson(serverB, user, `/api/curbside-pickups/${watched.id}/verify`, {
        verificationPin: pin,
      });
      expect(verify.status).toBe(200);
      const next = await stream.next(10_000);
      expect(curbsidePickupSchema.parse(JSON.parse(next.data)).status).toBe('verified');
    } finally {
      stream.close();
    }

    // Every pickup reached the robot's arrival once: one timeline entry per step, and each step's
    // timer claimed once (attempts = 1) and done.
    const ids = created.map((pickup) => pickup.id);
    for (const { id } of created.slice(1)) {
      await waitFor(
        async () => {
          // After the robot's arrival it waits 6 s (scaled) before giving up; either is fine here.
          const { status } = await readPickup(serverA, user, id);
          return status === 'awaiting_verification' || status === 'failed';
        },
        { timeoutMs: 15_000, what: `pickup ${id} to reach the car` },
      );
    }
    const steps = await database.db
      .select({
        pickupId: curbsideTrackingUpdates.pickupId,
        status: curbsideTrackingUpdates.status,
        entries: sql<number>`count(*)::int`,
      })
      .from(curbsideTrackingUpdates)
      .where(inArray(curbsideTrackingUpdates.pickupId, ids))
      .groupBy(curbsideTrackingUpdates.pickupId, curbsideTrackingUpdates.status);
    for (const status of [
      'robot_dispatched',
      'robot_collecting',
      'robot_en_route',
      'awaiting_verification',
    ]) {
      const rows = steps.filter((row) => row.status === status);
      expect(rows, status).toHaveLength(ids.length);
      for (const row of rows) expect(row.entries, `${row.pickupId} ${status}`).toBe(1);
    }
    const advances = (
      await database.db.select().from(timers).where(eq(timers.kind, 'curbside.advance'))
    ).filter((timer) => ids.includes((timer.payload as { pickupId: string }).pickupId));
    expect(advances).toHaveLength(ids.length * 4);
    for (const timer of advances) {
      expect(timer.doneAt).not.toBeNull();
      expect(timer.attempts).toBe(1);
    }
    // Both processes stayed healthy throughout.
    expect(a.child.exitCode).toBeNull();
    expect(b.child.exitCode).toBeNull();
  });
});

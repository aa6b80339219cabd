import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  availableDatabases,
  createTestDatabaseTarget,
  type TestDatabaseTarget,
} from '../harness.ts';
import { TEST_POSTGRES_URL } from '../postgres.ts';
import { openEventStream, type SseConnection } from '../sse-client.ts';
import { type ApiProcess, startApi } from './api-process.ts';
import {
  arrivalBody,
  type Customer,
  curbsideOrderBody,
  registerCustomer,
  testCard,
} from './customers.ts';
import { report } from './scale.ts';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.ts';

/**
 * The database goes away and comes back while requests flow: its sessions terminated
 * (pg_terminate_backend, only this test's database), then the network to it cut and restored
 * (a proxy in front of the shared server, which is never restarted). Requests in the window get
 * 503 `{ message }` with Retry-After, health says the database is down, the same process recovers
 * within seconds, no acknowledged write is lost and a live stream resumes.
 */

const NO_HANG_MS = 15_000;
const RECOVERY_LIMIT_MS = 10_000;

interface Answer {
  status: number | 'dropped';
  ms: number;
  retryAfter: string | null;
  body: string;
}

async function request(url: string, init: RequestInit = {}): Promise<Answer> {
  const started = Date.now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(NO_HANG_MS * 2) });
    const body = await response.text();
    return {
      status: response.status,
      ms: Date.now() - started,
      retryAfter: response.headers.get('retry-after'),
      body,
    };
  } catch (error) {
    return { status: 'dropped', ms: Date.now() - started, retryAfter: null, body: String(error) };
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(availableDatabases().includes('postgres'))(
  'the database goes away and comes back [postgres]',
  () => {
    let target: TestDatabaseTarget;
    let proxy: TcpProxy;
    let api: ApiProcess;
    let databaseName: string;

    beforeAll(async () => {
      target = await createTestDatabaseTarget('postgres', { migrated: true });
      const direct = new URL(target.databaseUrl ?? '');
      databaseName = direct.pathname.slice(1);
      proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
      const viaProxy = new URL(direct);
      viaProxy.hostname = '127.0.0.1';
      viaProxy.port = String(proxy.port);
      api = await startApi({ dataDir: target.dataDir, databaseUrl: viaProxy.toString() });
    });

    afterAll(async () => {
      await api?.kill();
      await proxy?.close();
      await target?.drop();
    });

    async function terminateSessions(): Promise<number> {
      const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await admin.connect();
      try {
        const { rows } = await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [databaseName],
        );
        return rows.length;
      } finally {
        await admin.end();
      }
    }

    it('answers 503 with Retry-After meanwhile, recovers by itself and loses nothing', async () => {
      const customer: Customer = await registerCustomer(api.url);
      const auth = { ...customer.headers, 'content-type': 'application/json' };

      // A curbside pickup whose live stream stays open through the outage.
      const order = await request(`${api.url}/api/order-pickups`, {
        method: 'POST',
        headers: { ...auth, 'idempotency-key': randomUUID() },
        body: JSON.stringify(curbsideOrderBody('FS-OUTAGE')),
      });
      expect(order.status, order.body).toBe(201);
      const { orderNumber } = JSON.parse(order.body) as { orderNumber: string };
      const arrival = await request(`${api.url}/api/curbside-pickups`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify(arrivalBody(orderNumber)),
      });
      expect(arrival.status, arrival.body).toBe(201);
      const pickupId = (JSON.parse(arrival.body) as { id: string }).id;
      const streamUrl = `${api.url}/api/curbside-pickups/${pickupId}/events`;
      let stream: SseConnection = await openEventStream(streamUrl, customer.headers);
      let lastEventId = '';
      for (const event of await stream.take(1, 10_000)) lastEventId = event.id ?? lastEventId;

      // Writes and reads flow throughout; each answer is booked.
      const answers: Array<Answer & { what: string }> = [];
      const acknowledged: string[] = [];
      let flowing = true;
      const flow = (async () => {
        while (flowing) {
          const key = randomUUID();
          const topUp = await request(`${api.url}/api/wallet/top-ups`, {
            method: 'POST',
            headers: { ...auth, 'idempotency-key': key },
            body: JSON.stringify({ amountCents: 500, payment: testCard() }),
          });
          answers.push({ ...topUp, what: 'POST /api/wallet/top-ups' });
          if (topUp.status === 201)
            acknowledged.push((JSON.parse(topUp.body) as { entry: { id: string } }).entry.id);
          const wallet = await request(`${api.url}/api/wallet`, { headers: customer.headers });
          answers.push({ ...wallet, what: 'GET /api/wallet' });
          await sleep(50);
        }
      })();
      const health = () => request(`${api.url}/api/health`);
      const waitForHealthy = async () => {
        const started = Date.now();
        for (;;) {
          const answer = await health();
          if (answer.status === 200) return Date.now() - started;
          if (Date.now() - started > RECOVERY_LIMIT_MS * 3) {
            throw new Error(`still unhealthy: ${answer.body}\n${api.output.join('').slice(-3000)}`);
          }
          await sleep(100);
        }
      };

      // 1. Every session of this database ended by the server (as on a failover or a restart).
      await sleep(500);
      const terminated = await terminateSessions();
      expect(terminated).toBeGreaterThan(0);
      await sleep(500);
      const afterTerminate = await waitForHealthy();

      // 2. The database unreachable for a few seconds.
      const before = answers.length;
      proxy.cut();
      // Health probes the database at most once a second.
      let down = await health();
      for (let waited = 0; down.status === 200 && waited < 5_000; waited += 100) {
        await sleep(100);
        down = await health();
      }
      expect(down.status, down.body).toBe(503);
      expect(JSON.parse(down.body)).toMatchObject({ ok: false, database: 'down' });
      expect(down.retryAfter).toMatch(/^\d+$/);
      await sleep(2_500);
      const during = answers.slice(before);
      proxy.restore();
      const recoveredIn = await waitForHealthy();
      expect(JSON.parse((await health()).body)).toEqual({ ok: true, database: 'up' });
      // A write succeeds again, on the same process.
      const writesBefore = acknowledged.length;
      const started = Date.now();
      while (acknowledged.length === writesBefore && Date.now() - started < RECOVERY_LIMIT_MS)
        await sleep(100);
      const writeRecoveredIn = recoveredIn + (Date.now() - started);
      flowing = false;
      await flow;

      report(
        `database outage [postgres]: ${terminated} sessions terminated, healthy again in ${afterTerminate} ms; ` +
          `cut ${during.length} requests (${during.filter((a) => a.status === 503).length} answered 503), ` +
          `health up ${recoveredIn} ms and writes ${writeRecoveredIn} ms after the return; ` +
          `${acknowledged.length} acknowledged writes`,
      );

      // Nothing hung, nothing crashed, every failure was a clear 503.
      for (const answer of answers) {
        expect(answer.ms, `${answer.what} took ${answer.ms} ms`).toBeLessThan(NO_HANG_MS);
        expect([200, 201, 503], `${answer.what}: ${answer.status} ${answer.body}`).toContain(
          answer.status,
        );
        if (answer.status === 503) {
          expect(answer.retryAfter, `${answer.what} 503 without Retry-After`).toMatch(/^\d+$/);
          expect(Object.keys(JSON.parse(answer.body))).toEqual(['message']);
          expect(answer.body).not.toMatch(/\bat .+:\d+|Error:/);
        }
      }
      expect(
        during.some((answer) => answer.status === 503),
        'requests during the cut',
      ).toBe(true);
      expect(recoveredIn).toBeLessThan(RECOVERY_LIMIT_MS);
      expect(acknowledged.length).toBeGreaterThan(writesBefore);
      expect(api.child.exitCode, 'the server kept running').toBeNull();
      expect(api.child.signalCode).toBeNull();

      // No acknowledged write lost; the balance is the ledger's sum.
      const entriesAnswer = await request(`${api.url}/api/wallet/entries?pageSize=50&kind=top_up`, {
        headers: customer.headers,
      });
      const ledger = JSON.parse(entriesAnswer.body) as {
        entries: Array<{ id: string; amountCents: number }>;
        total: number;
        balanceCents: number;
      };
      const ids: string[] = [];
      for (let page = 1; ids.length < ledger.total; page += 1) {
        const answer = await request(`${api.url}/api/wallet/entries?pageSize=50&page=${page}`, {
          headers: customer.headers,
        });
        const body = JSON.parse(answer.body) as typeof ledger;
        if (body.entries.length === 0) break;
        ids.push(...body.entries.map((entry) => entry.id));
      }
      expect(
        acknowledged.filter((id) => !ids.includes(id)),
        'acknowledged top-ups missing',
      ).toEqual([]);
      expect(ledger.balanceCents).toBe(ids.length * 500);

      // The live stream resumes: what happens now reaches the client, on the same connection or,
      // if the server ended it during the outage, on a reconnection from the last event it saw.
      const cancel = await request(`${api.url}/api/curbside-pickups/${pickupId}/cancel`, {
        method: 'POST',
        headers: customer.headers,
      });
      expect(cancel.status, cancel.body).toBe(200);
      let cancelled = false;
      for (let attempt = 0; attempt < 3 && !cancelled; attempt += 1) {
        try {
          for (;;) {
            const event = await stream.next(10_000);
            lastEventId = event.id ?? lastEventId;
            if ((JSON.parse(event.data) as { status?: string }).status === 'cancelled') {
              cancelled = true;
              break;
            }
          }
        } catch {
          stream.close();
          stream = await openEventStream(streamUrl, {
            ...customer.headers,
            'last-event-id': lastEventId,
          });
        }
      }
      stream.close();
      expect(cancelled, 'the cancellation reached the live stream').toBe(true);
    }, 120_000);
  },
);

import { and, eq, gt } from 'drizzle-orm';
import { MAX_ACTIVE_CONSOLE_KEYS, RETAILER_MESSAGES } from 'shared-contracts/retailer';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, startTestServer, type TestServer } from '../../test/harness.ts';
import { TEST_PASSWORD } from '../../test/users.ts';
import { sessions } from '../auth/schema.ts';
import { outbox } from '../outbox/schema.ts';
import { onboardRetailer, type TestRetailer } from '../retailer-accounts/test-helpers.ts';

const SENSITIVE_REQUIRED = { message: 'Please confirm your password to continue.' };

describeEachDatabase('key and webhook changes need the password re-check', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      database: kind,
      env: { WEBHOOK_ALLOW_LOOPBACK: 'true' },
    });
  });
  afterAll(() => server?.close());

  const send = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
    server.fetch(path, {
      method,
      headers: {
        ...headers,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  /** The session was signed in long ago: its re-check window has closed (a stolen token). */
  const closeSensitiveWindow = (retailer: TestRetailer) =>
    server.database.db
      .update(sessions)
      .set({ sensitiveUntil: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, retailer.owner.id));

  const mailTo = async (retailer: TestRetailer, since: Date) =>
    (
      await server.database.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.to, retailer.owner.email), gt(outbox.createdAt, since)))
        .orderBy(outbox.createdAt)
    ).map((row) => ({ subject: row.subject, text: row.text }));

  const keyList = async (retailer: TestRetailer) =>
    (await (await send('GET', '/api/retailer/api-keys', retailer.owner.headers)).json()) as {
      id: string;
      kind: string;
      mode: string;
      active: boolean;
    }[];

  it('a stolen session token outside the window cannot mint, roll or revoke keys, or redirect webhooks', async () => {
    const retailer = await onboardRetailer(server);
    const owner = retailer.owner.headers;
    const hook = await send('POST', '/api/retailer/webhook-endpoints', owner, {
      url: 'https://hooks.acme.example/curbrun',
      mode: 'live',
      events: ['delivery.delivered'],
    });
    expect(hook.status).toBe(201);
    const { endpoint } = (await hook.json()) as { endpoint: { id: string } };
    const keysBefore = await keyList(retailer);
    await closeSensitiveWindow(retailer);
    const since = new Date();

    const liveKey = keysBefore.find((key) => key.kind === 'secret' && key.mode === 'live');
    const attempts = [
      send('POST', '/api/retailer/api-keys/roll', owner, { mode: 'live', graceHours: 0 }),
      send('POST', '/api/retailer/api-keys/console-key', owner, {}),
      send('POST', `/api/retailer/api-keys/${liveKey?.id}/revoke`, owner, {}),
      send('PATCH', `/api/retailer/webhook-endpoints/${endpoint.id}`, owner, {
        url: 'https://attacker.example/steal',
      }),
      send('POST', '/api/retailer/webhook-endpoints', owner, {
        url: 'https://attacker.example/steal',
        mode: 'live',
        events: ['delivery.delivered'],
      }),
      send('DELETE', `/api/retailer/webhook-endpoints/${endpoint.id}`, owner),
      send('PUT', '/api/retailer/account/allowed-domains', owner, {
        domains: ['attacker.example'],
      }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual(SENSITIVE_REQUIRED);
    }

    // Nothing changed, and the original live key still works.
    expect(await keyList(retailer)).toEqual(keysBefore);
    const hooks = (await (await send('GET', '/api/retailer/webhook-endpoints', owner)).json()) as {
      url: string;
    }[];
    expect(hooks.map((item) => item.url)).toEqual(['https://hooks.acme.example/curbrun']);
    const account = (await (await send('GET', '/api/retailer/account', owner)).json()) as {
      allowedDomains: string[];
    };
    expect(account.allowedDomains).toEqual([]);
    expect((await send('GET', '/api/v1/deliveries', retailer.liveHeaders)).status).toBe(200);
    expect(await mailTo(retailer, since)).toEqual([]);
  });

  it('after the re-check every change goes through and emails the owner, without the secret', async () => {
    const retailer = await onboardRetailer(server);
    const owner = retailer.owner.headers;
    // Onboarding itself minted live keys: the owner heard of it.
    expect((await mailTo(retailer, new Date(0))).map((mail) => mail.subject)).toContain(
      'Your CurbRun retailer account and API keys were created',
    );
    await closeSensitiveWindow(retailer);
    const recheck = await send('POST', '/api/auth/verify-recent', owner, {
      password: TEST_PASSWORD,
    });
    expect(recheck.status).toBe(200);
    const since = new Date();

    const rolled = await send('POST', '/api/retailer/api-keys/roll', owner, {
      mode: 'live',
      graceHours: 0,
    });
    expect(rolled.status).toBe(201);
    const { secret } = (await rolled.json()) as { secret: string };
    const consoleKey = await send('POST', '/api/retailer/api-keys/console-key', owner, {});
    expect(consoleKey.status).toBe(201);
    const { key } = (await consoleKey.json()) as { key: { id: string } };
    expect((await send('POST', `/api/retailer/api-keys/${key.id}/revoke`, owner, {})).status).toBe(
      200,
    );
    const hook = await send('POST', '/api/retailer/webhook-endpoints', owner, {
      url: 'https://hooks.acme.example/a',
      mode: 'test',
      events: ['delivery.delivered'],
    });
    expect(hook.status).toBe(201);
    const { endpoint } = (await hook.json()) as { endpoint: { id: string } };
    const moved = await send('PATCH', `/api/retailer/webhook-endpoints/${endpoint.id}`, owner, {
      url: 'https://hooks.acme.example/b',
    });
    expect(moved.status).toBe(200);
    expect(
      (await send('DELETE', `/api/retailer/webhook-endpoints/${endpoint.id}`, owner)).status,
    ).toBe(204);
    const domains = await send('PUT', '/api/retailer/account/allowed-domains', owner, {
      domains: ['shop.acme.example'],
    });
    expect(domains.status).toBe(200);

    const mails = await mailTo(retailer, since);
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Your live secret API key was rolled',
      'A test key was created for the API docs console',
      'Your test secret API key was revoked',
      'A test webhook endpoint was added',
      'A test webhook endpoint was changed',
      'A test webhook endpoint was deleted',
      'The checkout widget’s allowed domains were changed',
    ]);
    expect(mails[4]?.text).toContain(
      'The webhook endpoint https://hooks.acme.example/a now sends events to https://hooks.acme.example/b.',
    );
    expect(mails[6]?.text).toContain('shop.acme.example');
    // The mail says what changed, never the new key itself.
    for (const mail of mails) expect(mail.text).not.toContain(secret);
  });

  it(`allows at most ${MAX_ACTIVE_CONSOLE_KEYS} active console keys per account`, async () => {
    const retailer = await onboardRetailer(server);
    const owner = retailer.owner.headers;
    const mint = () => send('POST', '/api/retailer/api-keys/console-key', owner, {});
    const created = await Promise.all(
      Array.from({ length: MAX_ACTIVE_CONSOLE_KEYS + 2 }, () => mint()),
    );
    const statuses = created.map((response) => response.status).sort();
    expect(statuses).toEqual([...Array(MAX_ACTIVE_CONSOLE_KEYS).fill(201), ...Array(2).fill(409)]);
    const refused = created.find((response) => response.status === 409);
    expect(await refused?.json()).toEqual({ message: RETAILER_MESSAGES.consoleKeysMax });

    // Revoking one makes room for another.
    const first = created.find((response) => response.status === 201);
    if (!first) throw new Error('no console key was minted');
    const { key } = (await first.json()) as { key: { id: string } };
    expect((await send('POST', `/api/retailer/api-keys/${key.id}/revoke`, owner, {})).status).toBe(
      200,
    );
    expect((await mint()).status).toBe(201);
  });
});

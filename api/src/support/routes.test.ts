import { randomUUID } from 'node:crypto';
import { outboxListSchema } from 'shared-contracts/notifications';
import {
  createSupportMessageResponseSchema,
  SUPPORT_EMAIL,
  SUPPORT_MESSAGE_MAX_LENGTH,
  supportThreadSchema,
} from 'shared-contracts/support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, startTestServer, type TestServer } from '../../test/harness.ts';
import { createTestUser } from '../../test/users.ts';
import { VISITOR_ID_REQUIRED_MESSAGE } from './caller.ts';
import { SUPPORT_RATE_LIMITS } from './routes.ts';

const JSON_HEADERS = { 'content-type': 'application/json' };

function post(server: TestServer, body: unknown, headers: Record<string, string> = {}) {
  return server.fetch('/api/support/messages', {
    method: 'POST',
    headers: { ...JSON_HEADERS, ...headers },
    body: JSON.stringify(body),
  });
}

async function thread(server: TestServer, query = '', headers: Record<string, string> = {}) {
  const response = await server.fetch(`/api/support/messages${query}`, { headers });
  expect(response.status).toBe(200);
  return supportThreadSchema.parse(await response.json()).messages;
}

const HOURS = /24\/7.*9 a\.m\.–9 p\.m\. CT/;

describeEachDatabase('support messages', (kind) => {
  describe('visitors', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({ database: kind });
    });
    afterAll(() => server?.close());

    it('stores a chat message, acknowledges it with the support hours, and reads it back', async () => {
      const visitorId = randomUUID();
      const response = await post(server, {
        source: 'chat',
        visitorId,
        message: '  Where is my order CR-100236?  ',
      });
      expect(response.status).toBe(201);
      const { sent, reply } = createSupportMessageResponseSchema.parse(await response.json());
      expect(sent).toMatchObject({
        author: 'customer',
        source: 'chat',
        body: 'Where is my order CR-100236?',
        topic: null,
      });
      expect(reply?.author).toBe('support');
      expect(reply?.body).toMatch(HOURS);

      // A second line right after is stored, but not acknowledged again.
      const second = await post(server, {
        source: 'chat',
        visitorId,
        message: 'It was due today.',
      });
      expect(second.status).toBe(201);
      expect(createSupportMessageResponseSchema.parse(await second.json()).reply).toBeNull();

      const messages = await thread(server, `?visitorId=${visitorId}`);
      expect(messages.map((message) => [message.author, message.body])).toEqual([
        ['customer', 'Where is my order CR-100236?'],
        ['support', reply?.body],
        ['customer', 'It was due today.'],
      ]);
      expect(messages[0]?.id).toBe(sent.id);

      // The support inbox hears about the new conversation once.
      const outbox = outboxListSchema.parse(
        await (await server.fetch(`/api/dev/outbox?to=${SUPPORT_EMAIL}`)).json(),
      );
      const notices = outbox.filter((mail) => mail.text.includes('Where is my order CR-100236?'));
      expect(notices).toHaveLength(1);
      expect(notices[0]?.subject).toBe('Live chat: a new conversation is waiting');
    });

    it("does not let another visitor read a visitor's thread", async () => {
      const alice = randomUUID();
      const bob = randomUUID();
      await post(server, { source: 'chat', visitorId: alice, message: 'Alice here' });
      expect(await thread(server, `?visitorId=${bob}`)).toEqual([]);
      await post(server, { source: 'chat', visitorId: bob, message: 'Bob here' });
      const bobs = await thread(server, `?visitorId=${bob}`);
      expect(bobs.map((message) => message.body)).not.toContain('Alice here');
      const alices = await thread(server, `?visitorId=${alice}`);
      expect(alices.map((message) => message.body)).not.toContain('Bob here');
    });

    it('rejects bad input with a clear message and stores nothing', async () => {
      const visitorId = randomUUID();
      const cases: Array<[unknown, number, string]> = [
        [{ source: 'chat', message: 'Hello' }, 400, VISITOR_ID_REQUIRED_MESSAGE],
        [
          { source: 'chat', visitorId: 'not-a-uuid', message: 'Hello' },
          400,
          'visitorId must be a UUID',
        ],
        [{ source: 'chat', visitorId, message: '   ' }, 400, 'Please enter a message'],
        [{ source: 'chat', visitorId }, 400, 'Please enter a message'],
        [
          { source: 'chat', visitorId, message: 'x'.repeat(SUPPORT_MESSAGE_MAX_LENGTH + 1) },
          400,
          `Message must be at most ${SUPPORT_MESSAGE_MAX_LENGTH} characters`,
        ],
        [{ source: 'fax', visitorId, message: 'Hello' }, 400, "source must be 'chat' or 'contact'"],
        [
          {
            source: 'contact',
            visitorId,
            name: 'Ann',
            email: 'not-an-email',
            topic: 'general',
            message: 'Hi',
          },
          400,
          'Invalid email address',
        ],
        [
          {
            source: 'contact',
            visitorId,
            name: ' ',
            email: 'ann@example.test',
            topic: 'general',
            message: 'Hi',
          },
          400,
          'Please enter your name',
        ],
        [
          {
            source: 'contact',
            visitorId,
            name: 'Ann',
            email: 'ann@example.test',
            topic: 'gossip',
            message: 'Hi',
          },
          400,
          'Please choose a topic',
        ],
      ];
      for (const [body, status, message] of cases) {
        const response = await post(server, body);
        expect(response.status, JSON.stringify(body)).toBe(status);
        expect(await response.json(), JSON.stringify(body)).toMatchObject({ message });
      }
      const notJson = await server.fetch('/api/support/messages', {
        method: 'POST',
        headers: JSON_HEADERS,
        body: '{"source":',
      });
      expect(notJson.status).toBe(400);
      expect(await thread(server, `?visitorId=${visitorId}`)).toEqual([]);

      const noVisitor = await server.fetch('/api/support/messages');
      expect(noVisitor.status).toBe(400);
      expect(await noVisitor.json()).toMatchObject({ message: VISITOR_ID_REQUIRED_MESSAGE });
      const badVisitor = await server.fetch('/api/support/messages?visitorId=1%27%20or%201=1');
      expect(badVisitor.status).toBe(400);
    });

    it('stores a contact-form message with its topic, confirms it, and tells the support inbox', async () => {
      const visitorId = randomUUID();
      const response = await post(server, {
        source: 'contact',
        visitorId,
        name: 'Ann Lee',
        email: 'Ann.Lee@Example.test',
        topic: 'retailer',
        message: 'We would like to offer curbside delivery in our stores.',
      });
      expect(response.status).toBe(201);
      const { sent, reply } = createSupportMessageResponseSchema.parse(await response.json());
      expect(sent).toMatchObject({ source: 'contact', topic: 'retailer', author: 'customer' });
      expect(reply?.body).toMatch(/^Thanks, Ann Lee! We received your message/);
      expect(reply?.body).toMatch(HOURS);

      const outbox = outboxListSchema.parse(
        await (await server.fetch(`/api/dev/outbox?to=${SUPPORT_EMAIL}`)).json(),
      );
      const mail = outbox.find((entry) => entry.subject.includes('Ann Lee'));
      expect(mail?.subject).toBe('Contact form: Becoming a retailer partner from Ann Lee');
      expect(mail?.text).toContain('ann.lee@example.test');
      expect(mail?.text).toContain('We would like to offer curbside delivery in our stores.');

      // Every contact message is confirmed, even right after another one.
      const again = await post(server, {
        source: 'contact',
        visitorId,
        name: 'Ann Lee',
        email: 'ann.lee@example.test',
        topic: 'general',
        message: 'One more thing.',
      });
      expect(createSupportMessageResponseSchema.parse(await again.json()).reply).not.toBeNull();
      expect(await thread(server, `?visitorId=${visitorId}`)).toHaveLength(4);
    });

    it('documents both calls in the OpenAPI document', async () => {
      const document = (await (await server.fetch('/api/openapi.json')).json()) as {
        paths: Record<string, Record<string, unknown>>;
      };
      expect(Object.keys(document.paths['/api/support/messages'] ?? {}).sort()).toEqual([
        'get',
        'post',
      ]);
    });
  });

  describe('signed-in users', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({ database: kind });
    });
    afterAll(() => server?.close());

    it("keeps a user's thread with the account, apart from visitors and other users", async () => {
      const user = await createTestUser(server);
      const other = await createTestUser(server);
      const response = await post(
        server,
        { source: 'chat', message: 'My robot did not come' },
        user.headers,
      );
      expect(response.status).toBe(201);

      // Later (another browser, no visitor id): the thread is still there.
      const mine = await thread(server, '', user.headers);
      expect(mine.map((message) => message.body)).toEqual([
        'My robot did not come',
        expect.stringMatching(HOURS),
      ]);
      // A visitor id sent along does not switch a signed-in reader to a visitor thread.
      expect(await thread(server, `?visitorId=${randomUUID()}`, user.headers)).toEqual(mine);
      expect(await thread(server, '', other.headers)).toEqual([]);
    });

    it('answers 401 for an ended or made-up token instead of falling back to a visitor', async () => {
      const visitorId = randomUUID();
      const headers = { authorization: `Bearer ${'x'.repeat(43)}` };
      const read = await server.fetch(`/api/support/messages?visitorId=${visitorId}`, { headers });
      expect(read.status).toBe(401);
      const write = await post(server, { source: 'chat', visitorId, message: 'Hi' }, headers);
      expect(write.status).toBe(401);
      expect(await thread(server, `?visitorId=${visitorId}`)).toEqual([]);
    });

    it('moves what a visitor wrote into the account when they write again signed in', async () => {
      const user = await createTestUser(server);
      const visitorId = randomUUID();
      await post(server, { source: 'chat', visitorId, message: 'Before signing in' });
      const signedIn = await post(
        server,
        { source: 'chat', visitorId, message: 'Now signed in' },
        user.headers,
      );
      expect(signedIn.status).toBe(201);
      const bodies = (await thread(server, '', user.headers)).map((message) => message.body);
      expect(bodies[0]).toBe('Before signing in');
      expect(bodies).toContain('Now signed in');
      // The browser's visitor id no longer opens the conversation.
      expect(await thread(server, `?visitorId=${visitorId}`)).toEqual([]);
    });
  });

  describe('rate limit', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({ database: kind });
    });
    afterAll(() => server?.close());

    it('limits how many messages one address sends per minute', async () => {
      const visitorId = randomUUID();
      const { max } = SUPPORT_RATE_LIMITS.post;
      for (let sent = 0; sent < max; sent += 1) {
        const response = await post(server, { source: 'chat', visitorId, message: `Line ${sent}` });
        expect(response.status).toBe(201);
      }
      const refused = await post(server, { source: 'chat', visitorId, message: 'One too many' });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await refused.json()).toEqual({
        message: expect.stringMatching(
          /^You are sending messages too quickly\. Please wait \d+ seconds? and try again\.$/,
        ),
      });
      // Nothing of the refused message was kept; reading has its own, larger budget.
      const messages = await thread(server, `?visitorId=${visitorId}`);
      expect(messages.map((message) => message.body)).not.toContain('One too many');
      expect(messages.filter((message) => message.author === 'customer')).toHaveLength(max);
    });
  });
});

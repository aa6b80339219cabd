import { Writable } from 'node:stream';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from 'shared-contracts/errors';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { describeEachDatabase, startTestServer, type TestServer } from '../../test/harness.ts';
import { NotFoundError } from './errors.ts';

const echoBody = z.object({
  name: z.string().min(3, 'Name must be at least 3 characters'),
  count: z.number().int(),
});

describeEachDatabase('error format', (kind) => {
  let server: TestServer;
  const logLines: string[] = [];

  beforeAll(async () => {
    server = await startTestServer({
      database: kind,
      logger: {
        level: 'error',
        stream: new Writable({
          write(chunk, _encoding, done) {
            logLines.push(String(chunk));
            done();
          },
        }),
      },
      configure(app) {
        const typed = app.withTypeProvider<ZodTypeProvider>();
        typed.post(
          '/api/test/echo',
          { schema: { body: echoBody, response: { 200: echoBody, 400: apiErrorSchema } } },
          async (request) => request.body,
        );
        typed.get('/api/test/boom', async () => {
          throw new Error('secret internal detail: password=hunter2');
        });
        typed.get('/api/test/not-yours', async () => {
          throw new NotFoundError('Pickup not found');
        });
      },
    });
  });
  afterAll(() => server?.close());

  const postRaw = (body: string, contentType = 'application/json') =>
    server.fetch('/api/test/echo', {
      method: 'POST',
      headers: { 'content-type': contentType },
      body,
    });

  async function expectError(response: Response, status: number) {
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    return apiErrorSchema.strict().parse(await response.json());
  }

  it('accepts a valid body (the route works)', async () => {
    const response = await postRaw(JSON.stringify({ name: 'Dana', count: 2 }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ name: 'Dana', count: 2 });
  });

  it('answers a failed body validation with 400, the first message, and all issues', async () => {
    const body = await expectError(await postRaw(JSON.stringify({ name: 'Al', count: 1.5 })), 400);
    expect(body.message).toBe('Name must be at least 3 characters');
    expect(body.issues).toEqual([
      { path: 'name', message: 'Name must be at least 3 characters' },
      { path: 'count', message: 'Invalid input: expected int, received number' },
    ]);
  });

  it('names the field when zod only knows its type was wrong', async () => {
    const body = await expectError(await postRaw(JSON.stringify({ name: 'Dana' })), 400);
    expect(body.message).toBe('count is required');
    expect(body.issues).toEqual([{ path: 'count', message: expect.stringContaining('number') }]);
  });

  it('answers a bad query string with 400 and a readable message', async () => {
    const body = await expectError(await server.fetch('/api/dev/outbox?limit=0'), 400);
    expect(body).toEqual({
      message: 'limit must be at least 1',
      issues: [{ path: 'limit', message: 'limit must be at least 1' }],
    });
  });

  it('answers malformed JSON with 400', async () => {
    const body = await expectError(await postRaw('{"name": "Dana",'), 400);
    expect(body).toEqual({ message: 'The request body is not valid JSON' });
  });

  it('answers an empty JSON body with 400', async () => {
    const body = await expectError(await postRaw(''), 400);
    expect(body.message).toContain('empty');
  });

  it('answers a wrong content type with 415', async () => {
    const body = await expectError(await postRaw('name=Dana', 'text/plain'), 415);
    expect(body.message).toContain('application/json');
    const form = await postRaw('name=Dana', 'application/x-www-form-urlencoded');
    expect(form.status).toBe(415);
  });

  it('answers a body over 1 MiB with 413', async () => {
    const huge = JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10), count: 1 });
    const body = await expectError(await postRaw(huge), 413);
    expect(body).toEqual({ message: 'The request body is too large' });
  });

  it('answers an unknown API route with 404 JSON, whatever the method', async () => {
    const get = await expectError(await server.fetch('/api/no-such-thing?x=1'), 404);
    expect(get).toEqual({ message: 'Not found: GET /api/no-such-thing' });
    const post = await expectError(
      await server.fetch('/api/no-such-thing', { method: 'POST', body: '{}' }),
      404,
    );
    expect(post.message).toBe('Not found: POST /api/no-such-thing');
    // Even a browser navigation gets JSON under /api: there is no page to fall back to.
    const html = await server.fetch('/api/no-such-thing', { headers: { accept: 'text/html' } });
    expect(html.status).toBe(404);
    expect(html.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('turns an HttpError into its status and message', async () => {
    const body = await expectError(await server.fetch('/api/test/not-yours'), 404);
    expect(body).toEqual({ message: 'Pickup not found' });
  });

  it('hides a crash behind a generic 500 and logs the real error', async () => {
    const response = await server.fetch('/api/test/boom');
    const text = await response.clone().text();
    const body = await expectError(response, 500);
    expect(body.message).toBe('Something went wrong on our side. Please try again.');
    expect(text).not.toContain('secret');
    expect(text).not.toContain('hunter2');
    expect(text).not.toMatch(/at .*\.ts:\d+/);
    const logged = logLines.map(
      (line) => JSON.parse(line) as { msg: string; err?: { stack?: string } },
    );
    const entry = logged.find((line) => line.msg === 'request failed');
    expect(entry?.err?.stack).toContain('secret internal detail');
  });
});

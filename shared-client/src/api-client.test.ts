import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch, apiRequest, errorMessage, fetchJson } from './api-client';
import { setTokenSource } from './token-source';

afterEach(() => {
  vi.unstubAllGlobals();
  setTokenSource(() => null);
});

function stubFetch(response: Response) {
  // A Response body can be read once; every call gets its own copy.
  const spy = vi.fn(async (_url: string, _init?: RequestInit) => response.clone());
  vi.stubGlobal('fetch', spy);
  return spy;
}

describe('error format', () => {
  it('is the status code, a colon, then the body text', async () => {
    stubFetch(
      new Response('{"message":"Invalid credentials"}', {
        status: 401,
        statusText: 'Unauthorized',
      }),
    );
    const error = await fetchJson('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('401: {"message":"Invalid credentials"}');
    expect((error as ApiError).serverMessage).toBe('Invalid credentials');
  });

  it('uses the status text when the body is empty', async () => {
    stubFetch(new Response('', { status: 503, statusText: 'Service Unavailable' }));
    await expect(fetchJson('/api/x')).rejects.toThrow('503: Service Unavailable');
  });

  it('keeps Retry-After for throttled requests', async () => {
    stubFetch(
      new Response('{"message":"Too many attempts"}', {
        status: 429,
        headers: { 'Retry-After': '120' },
      }),
    );
    const error = (await apiRequest('POST', '/api/auth/login', {}).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(error.retryAfterSeconds).toBe(120);
    expect(errorMessage(error)).toBe('Too many attempts');
  });

  it('falls back when the server sent no message', () => {
    const error = new ApiError(500, 'Internal Server Error', '<html>');
    expect(errorMessage(error, 'Registration failed')).toBe('Registration failed');
  });
});

describe('the default fetcher', () => {
  it('sends credentials, the bearer token and max-age from the cache group', async () => {
    setTokenSource(() => 'abc');
    const spy = stubFetch(new Response('[1,2]', { status: 200 }));
    await expect(fetchJson('/api/stores', 'stores')).resolves.toEqual([1, 2]);
    const init = spy.mock.calls[0]?.[1] as RequestInit;
    expect(init.credentials).toBe('include');
    expect(init.headers).toMatchObject({
      Authorization: 'Bearer abc',
      'Cache-Control': 'max-age=300',
    });
  });

  it('sends no Authorization header without a token', async () => {
    const spy = stubFetch(new Response('{}', { status: 200 }));
    await fetchJson('/api/order-pickups', 'orderPickups');
    const init = spy.mock.calls[0]?.[1] as RequestInit;
    const headers = init.headers as Record<string, string>;
    expect(headers.Authorization).toBeUndefined();
    expect(headers['Cache-Control']).toBe('max-age=30');
  });
});

describe('apiRequest (writes)', () => {
  it('sends JSON and adds the bearer header only when asked', async () => {
    setTokenSource(() => 'tok');
    const spy = stubFetch(new Response('{"ok":true}', { status: 200 }));
    await apiRequest('POST', '/api/auth/login', { identifier: 'a' });
    let init = spy.mock.calls[0]?.[1] as RequestInit;
    expect(init.body).toBe('{"identifier":"a"}');
    expect(init.headers).not.toHaveProperty('Authorization');
    await apiRequest('POST', '/api/auth/logout', undefined, { auth: true });
    init = spy.mock.calls[1]?.[1] as RequestInit;
    expect(init.headers).toMatchObject({ Authorization: 'Bearer tok' });
    expect(init.body).toBeUndefined();
  });
});

describe('apiFetch (bodies and answers that are not JSON)', () => {
  it('sends the body as is with credentials, and the bearer header only when asked', async () => {
    setTokenSource(() => 'abc');
    const spy = stubFetch(new Response('image bytes', { status: 200 }));
    const photo = new Blob(['png'], { type: 'image/png' });
    const response = await apiFetch('/api/photos', {
      method: 'POST',
      body: photo,
      auth: true,
      headers: { 'Content-Type': 'image/png' },
    });
    expect(await response.text()).toBe('image bytes');
    const [url, init] = spy.mock.calls[0] ?? [];
    expect(url).toBe('/api/photos');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBe(photo);
    expect(init?.headers).toEqual({ Authorization: 'Bearer abc', 'Content-Type': 'image/png' });

    await apiFetch('/api/file.csv');
    expect(spy.mock.calls[1]?.[1]?.headers).toEqual({});
  });

  it('turns a not-OK answer into an ApiError with the server message', async () => {
    stubFetch(new Response('{"message":"Please sign in to continue."}', { status: 401 }));
    const error = await apiFetch('/api/file.csv', { auth: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(errorMessage(error)).toBe('Please sign in to continue.');
  });
});

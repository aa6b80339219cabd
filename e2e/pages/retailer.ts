import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type APIRequestContext, expect } from '@playwright/test';

/** A retailer as the onboarding API creates it. */
export interface OnboardedRetailer {
  retailerId: string;
  businessName: string;
  storeId: string;
  testKey: string;
  liveKey: string;
}

export const STORE = {
  name: 'Downtown',
  line1: '500 Congress Ave',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
};

/** Onboards through the API as the signed-in user of `token` (for tests that are not about the form). */
export async function onboardByApi(
  request: APIRequestContext,
  token: string,
  // Display names are unique: parallel workers must not pick the same one.
  businessName = `Acme ${crypto.randomUUID().slice(0, 8)}`,
): Promise<OnboardedRetailer> {
  const response = await request.post('/api/retailer/account', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      businessName,
      website: 'https://acme.example.com',
      contactName: 'Grace Hopper',
      contactEmail: 'grace@acme.example.com',
      contactPhone: '512 555 0100',
      stores: [{ ...STORE, services: ['curbside', 'home_delivery'] }],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as {
    account: { retailerId: string; businessName: string; stores: { id: string }[] };
    secretKeys: { test: string; live: string };
  };
  return {
    retailerId: body.account.retailerId,
    businessName: body.account.businessName,
    storeId: body.account.stores[0]?.id ?? '',
    testKey: body.secretKeys.test,
    liveKey: body.secretKeys.live,
  };
}

export interface ReceivedRequest {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A real HTTP server on this machine: a retailer's webhook receiver or a shop page. */
export async function startLocalServer(
  handle: (request: ReceivedRequest & { url: string; method: string }) => {
    status: number;
    type?: string;
    body?: string;
  },
) {
  const received: (ReceivedRequest & { url: string; method: string })[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = {
        url: request.url ?? '/',
        method: request.method ?? 'GET',
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
      };
      received.push(entry);
      const answer = handle(entry);
      response
        .writeHead(answer.status, { 'content-type': answer.type ?? 'text/plain' })
        .end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

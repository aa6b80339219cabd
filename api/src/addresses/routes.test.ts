import { randomUUID } from 'node:crypto';
import {
  ADDRESS_MESSAGES,
  savedAddressListSchema,
  savedAddressSchema,
} from 'shared-contracts/addresses';
import { meResponseSchema } from 'shared-contracts/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, startTestServer, type TestServer } from '../../test/harness.ts';
import { createTestUser, type TestUser } from '../../test/users.ts';
import { GEOCODE_MESSAGES, geocodeAddress } from './geocode.ts';

const ADDRESS = {
  label: 'Home',
  line1: '1200 Main St',
  line2: 'Apt 5',
  city: 'Dallas',
  state: 'tx',
  zip: '75202',
};

function send(server: TestServer, user: TestUser, method: string, path: string, body?: unknown) {
  return server.fetch(path, {
    method,
    headers: {
      ...user.headers,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function list(server: TestServer, user: TestUser) {
  const response = await send(server, user, 'GET', '/api/addresses');
  expect(response.status).toBe(200);
  return savedAddressListSchema.parse(await response.json());
}

describe('geocodeAddress', () => {
  it('places an address at its ZIP code with the gazetteer', () => {
    expect(geocodeAddress({ city: 'Fort Worth', zip: '76102' })).toEqual({
      location: { lat: 32.7558, lng: -97.3308 },
      metroArea: 'Dallas–Fort Worth',
    });
    // Spellings people use for a city are accepted.
    expect(geocodeAddress({ city: 'ft. worth', zip: '76102' }).metroArea).toBe('Dallas–Fort Worth');
    expect(geocodeAddress({ city: 'University Park', zip: '75205' }).metroArea).toBe(
      'Dallas–Fort Worth',
    );
  });

  it('refuses ZIP codes outside the service area and cities that do not match', () => {
    expect(() => geocodeAddress({ city: 'El Paso', zip: '79901' })).toThrow(
      GEOCODE_MESSAGES.outsideArea('79901'),
    );
    expect(() => geocodeAddress({ city: 'Dallas', zip: '77056' })).toThrow(
      GEOCODE_MESSAGES.cityMismatch('77056', 'Houston'),
    );
  });
});

describeEachDatabase('saved addresses', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ database: kind });
  });
  afterAll(() => server?.close());

  it('saves, lists, edits and removes addresses; the first is the default and shows in /me', async () => {
    const user = await createTestUser(server);
    expect(await list(server, user)).toEqual([]);

    const created = await send(server, user, 'POST', '/api/addresses', ADDRESS);
    expect(created.status).toBe(201);
    const home = savedAddressSchema.parse(await created.json());
    expect(home).toMatchObject({
      label: 'Home',
      line1: '1200 Main St',
      line2: 'Apt 5',
      state: 'TX',
      zip: '75202',
      isDefault: true,
      metroArea: 'Dallas–Fort Worth',
      location: { lat: 32.7787, lng: -96.8048 },
    });

    const me = await send(server, user, 'GET', '/api/auth/me');
    expect(meResponseSchema.parse(await me.json()).user.defaultAddressLine).toBe(
      '1200 Main St, Apt 5',
    );

    const work = savedAddressSchema.parse(
      await (
        await send(server, user, 'POST', '/api/addresses', {
          line1: '5085 Westheimer Rd',
          city: 'Houston',
          state: 'TX',
          zip: '77056',
        })
      ).json(),
    );
    expect(work.isDefault).toBe(false);
    expect((await list(server, user)).map((address) => address.id)).toEqual([home.id, work.id]);

    const made = await send(server, user, 'PATCH', `/api/addresses/${work.id}`, {
      isDefault: true,
      label: 'Work',
    });
    expect(made.status).toBe(200);
    expect(await made.json()).toMatchObject({ isDefault: true, label: 'Work' });
    expect((await list(server, user)).map((address) => [address.id, address.isDefault])).toEqual([
      [work.id, true],
      [home.id, false],
    ]);

    // Clearing an optional field with an empty string.
    const cleared = await send(server, user, 'PATCH', `/api/addresses/${home.id}`, { line2: '' });
    expect(await cleared.json()).toMatchObject({ line2: null });

    const removed = await send(server, user, 'DELETE', `/api/addresses/${work.id}`);
    expect(removed.status).toBe(204);
    const left = await list(server, user);
    expect(left.map((address) => [address.id, address.isDefault])).toEqual([[home.id, true]]);
    const after = await send(server, user, 'GET', '/api/auth/me');
    expect(meResponseSchema.parse(await after.json()).user.defaultAddressLine).toBe('1200 Main St');
  });

  it('refuses addresses outside the service area with a message and saves nothing', async () => {
    const user = await createTestUser(server);
    const outside = await send(server, user, 'POST', '/api/addresses', {
      ...ADDRESS,
      city: 'Miami',
      zip: '33101',
    });
    expect(outside.status).toBe(400);
    expect(await outside.json()).toEqual({ message: GEOCODE_MESSAGES.outsideArea('33101') });
    const badState = await send(server, user, 'POST', '/api/addresses', {
      ...ADDRESS,
      state: 'CA',
    });
    expect(badState.status).toBe(400);
    expect(((await badState.json()) as { message: string }).message).toBe(
      ADDRESS_MESSAGES.stateTexas,
    );
    const badZip = await send(server, user, 'POST', '/api/addresses', { ...ADDRESS, zip: '7520' });
    expect(((await badZip.json()) as { message: string }).message).toBe(ADDRESS_MESSAGES.zipFormat);
    expect(await list(server, user)).toEqual([]);
  });

  it('keeps addresses private: another user’s id is 404', async () => {
    const owner = await createTestUser(server);
    const other = await createTestUser(server);
    const created = savedAddressSchema.parse(
      await (await send(server, owner, 'POST', '/api/addresses', ADDRESS)).json(),
    );
    expect(
      (await send(server, other, 'PATCH', `/api/addresses/${created.id}`, { label: 'Mine' }))
        .status,
    ).toBe(404);
    expect((await send(server, other, 'DELETE', `/api/addresses/${created.id}`)).status).toBe(404);
    expect((await send(server, other, 'DELETE', `/api/addresses/${randomUUID()}`)).status).toBe(
      404,
    );
    expect(await list(server, other)).toEqual([]);
    expect(await list(server, owner)).toHaveLength(1);
    expect((await server.fetch('/api/addresses')).status).toBe(401);
  });
});

import { QUOTE_MESSAGES, quoteSchema } from 'shared-contracts/quotes';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, startTestServer, type TestServer } from '../../test/harness.ts';
import { postJson } from '../../test/http.ts';
import { createTestUser } from '../../test/users.ts';

const address = (zip: string, city: string) => ({ line1: '1 Main St', city, state: 'TX', zip });

describeEachDatabase('POST /api/quotes', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ database: kind });
  });
  afterAll(() => server?.close());

  it('prices curbside and lists every window with its fee', async () => {
    const user = await createTestUser(server);
    const response = await postJson(server, user, '/api/quotes', {
      storeId: 'macys-galleria-dallas',
      deliveryType: 'curbside',
      bags: 3,
      weightClass: 'large',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const quote = quoteSchema.parse(await response.json());
    // No window asked: the fastest one is priced.
    expect(quote).toMatchObject({
      window: 'asap',
      zone: 'curbside',
      distanceMiles: null,
      feeCents: 499 + 350 + 300,
    });
    expect(
      quote.windows.map((option) => [option.window, option.available, option.feeCents]),
    ).toEqual([
      ['asap', true, 1149],
      ['2h', true, 1049],
      ['4h', true, 949],
      ['6h', true, 849],
      ['next_day', true, 849],
    ]);
  });

  it('offers windows by distance from the store', async () => {
    const user = await createTestUser(server);
    const quote = async (zip: string, city: string, window?: string) =>
      postJson(server, user, '/api/quotes', {
        storeId: 'macys-galleria-dallas',
        deliveryType: 'home',
        address: address(zip, city),
        window,
        bags: 1,
        weightClass: 'small',
      });
    // 75240 is the store's own ZIP: core zone.
    const core = quoteSchema.parse(await (await quote('75240', 'Dallas')).json());
    expect(core).toMatchObject({ zone: 'core', window: 'asap' });
    // Fort Worth, about 30 miles: next day only.
    const far = quoteSchema.parse(await (await quote('76102', 'Fort Worth')).json());
    expect(far.zone).toBe('next_day_only');
    expect(far.window).toBe('next_day');
    expect(far.windows.filter((option) => option.available).map((option) => option.window)).toEqual(
      ['next_day'],
    );
    expect(far.windows[0]?.reason).toBe(QUOTE_MESSAGES.nextDayOnly);
    // Arlington, about 17 miles: extended area, no ASAP.
    const extended = await quote('76011', 'Arlington', 'asap');
    expect(extended.status).toBe(422);
    expect(await extended.json()).toEqual({ message: QUOTE_MESSAGES.asapCoreOnly });
    // Houston is 225 miles away.
    const houston = await quote('77002', 'Houston', 'next_day');
    expect(houston.status).toBe(422);
    expect(((await houston.json()) as { message: string }).message).toMatch(
      /we deliver up to 60 miles/,
    );
  });

  it('explains bad input', async () => {
    const user = await createTestUser(server);
    const noAddress = await postJson(server, user, '/api/quotes', {
      storeId: 'macys-galleria-dallas',
      deliveryType: 'home',
      bags: 1,
      weightClass: 'small',
    });
    expect(noAddress.status).toBe(400);
    expect(((await noAddress.json()) as { message: string }).message).toBe(
      QUOTE_MESSAGES.addressRequired,
    );
    const unknownStore = await postJson(server, user, '/api/quotes', {
      storeId: 'nowhere',
      deliveryType: 'curbside',
      bags: 1,
      weightClass: 'small',
    });
    expect(unknownStore.status).toBe(400);
    expect(((await unknownStore.json()) as { message: string }).message).toBe(
      QUOTE_MESSAGES.storeNotFound,
    );
    const noCurbside = await postJson(server, user, '/api/quotes', {
      storeId: 'hm-domain-austin',
      deliveryType: 'curbside',
      bags: 1,
      weightClass: 'small',
    });
    expect(noCurbside.status).toBe(422);
    const signedOut = await postJson(server, null, '/api/quotes', {
      storeId: 'hm-domain-austin',
      deliveryType: 'curbside',
      bags: 1,
      weightClass: 'small',
    });
    expect(signedOut.status).toBe(401);
  });
});

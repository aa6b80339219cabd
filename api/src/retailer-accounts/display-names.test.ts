import { RETAILER_MESSAGES } from 'shared-contracts/retailer';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, startTestServer, type TestServer } from '../../test/harness.ts';
import { createTestUser } from '../../test/users.ts';
import { accountInput, onboardRetailer } from './test-helpers.ts';

// A self-service retailer must not pass itself off as a partner brand or another retailer.
describeEachDatabase('retailer display names', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ database: kind });
  });
  afterAll(() => server?.close());

  /** Onboards a new user under `businessName`; the answer, and whether that user has an account. */
  async function attempt(businessName: string) {
    const user = await createTestUser(server);
    const response = await server.fetch('/api/retailer/account', {
      method: 'POST',
      headers: { ...user.headers, 'content-type': 'application/json' },
      body: JSON.stringify(accountInput({ businessName })),
    });
    const mine = await server.fetch('/api/retailer/account', { headers: user.headers });
    return { status: response.status, body: await response.json(), hasAccount: mine.ok };
  }

  /** What a refused onboarding answers, with no account made. */
  const refused = (message: string) => ({
    status: 409,
    body: { message, issues: [{ path: 'businessName', message }] },
    hasAccount: false,
  });

  it.each([
    'Nike',
    '  nike ',
    'N I K E',
    'NIKE.',
    'Macys',
    'h & m',
    // Compatibility forms, diacritics and letters of other scripts that look the same.
    'Ｎｉｋｅ',
    'Ｓｅｐｈｏｒａ',
    'Nïke',
    'Ñíkè',
    'N\u0069\u0308ke',
    'Nіke',
    'ЅЕРНОRА',
    'ᴺᴵᴷᴱ',
  ])('refuses a partner brand as the display name: %j', async (name) => {
    expect(await attempt(name)).toEqual(refused(RETAILER_MESSAGES.businessNameIsPartner));
  });

  it('keeps display names unique whatever their case and spaces, and creates nothing', async () => {
    const first = await onboardRetailer(server, { businessName: 'Lone Star Outfitters' });
    expect(first.account.businessName).toBe('Lone Star Outfitters');
    for (const name of [
      'lone star outfitters',
      'LoneStar Outfitters',
      ' Lone  Star Outfitters ',
      'Ｌｏｎｅ Ｓｔａｒ Ｏｕｔｆｉｔｔｅｒｓ',
      'Lone Stár Outfïtters',
      'Lоne Star Оutfitters',
    ]) {
      expect(await attempt(name)).toEqual(refused(RETAILER_MESSAGES.businessNameTaken));
    }
  });

  it('still takes a name that only contains a brand', async () => {
    const retailer = await onboardRetailer(server, { businessName: 'Nike Fans Running Club' });
    expect(retailer.account.businessName).toBe('Nike Fans Running Club');
  });
});

import { describe, expect, it } from 'vitest';
import {
  matchesPagePath,
  normalisePath,
  ownedPath,
  ownerOf,
  ownsPath,
  pageAt,
  pageProblems,
  siteRoutesOf,
} from './pages.ts';

const page = (path: string, signedInData?: string[]) => ({ path, signedInData });

describe('the page path rules', () => {
  it('owns a page by its path up to the first parameter or wildcard', () => {
    expect(ownedPath('/wallet')).toBe('/wallet');
    expect(ownedPath('/delivery-tracking/:id')).toBe('/delivery-tracking');
    expect(ownedPath('/schedule-pickup/*')).toBe('/schedule-pickup');
    expect(ownedPath('/dev/outbox')).toBe('/dev/outbox');
    expect(ownedPath('/')).toBe('/');
  });

  it('matches decoded, lower-case paths without a trailing slash', () => {
    expect(normalisePath('/About-Us/')).toBe('/about-us');
    expect(normalisePath('///')).toBe('/');
    expect(normalisePath('/wallet%2Fx')).toBe('/wallet/x');
    expect(normalisePath('/bad%E0%A4%A')).toBe('/bad%e0%a4%a');
  });

  it('gives a path and everything below it to its page, by whole segments; / only itself', () => {
    expect(ownsPath('/wallet', '/wallet')).toBe(true);
    expect(ownsPath('/wallet', '/wallet/x')).toBe(true);
    expect(ownsPath('/wallet', '/wallets')).toBe(false);
    expect(ownsPath('/robot-leasing', '/robot-leasing-payment')).toBe(false);
    expect(ownsPath('/', '/')).toBe(true);
    expect(ownsPath('/', '/nope')).toBe(false);
  });

  it('finds the longest owning page, and the owner of a path', () => {
    expect(pageAt(['/dev', '/dev/outbox'], '/dev/outbox/x')).toBe('/dev/outbox');
    expect(pageAt(['/wallet'], '/Wallet/')).toBe('/wallet');
    expect(pageAt(['/wallet'], '/landing')).toBeUndefined();
    const owners = { marketing: ['/', '/about-us'], customer: ['/wallet'] };
    expect(ownerOf(owners, '/')).toBe('marketing');
    expect(ownerOf(owners, '/about-us/team')).toBe('marketing');
    expect(ownerOf(owners, '/wallet/')).toBe('customer');
    expect(ownerOf(owners, '/nope')).toBeNull();
  });
});

describe('pageProblems', () => {
  it('accepts the kinds of page a remote declares', () => {
    expect(
      pageProblems({
        shell: [page('/auth'), page('/dev/outbox')],
        customer: [
          page('/schedule-pickup/*'),
          page('/delivery-tracking/:id'),
          page('/wallet', ['/api/wallet', '/api/wallet/entries']),
        ],
        marketing: [page('/'), page('/about-us')],
      }),
    ).toEqual([]);
  });

  it('refuses paths the owned-path rule cannot answer for', () => {
    const problems = pageProblems({
      customer: [page('/:id'), page('/Wallet'), page('wallet'), page('/a/*/b'), page('/a/')],
    });
    expect(problems).toHaveLength(5);
    for (const problem of problems) expect(problem).toMatch(/a page path is absolute/);
  });

  it('refuses two pages owning the same paths, in one remote or two', () => {
    expect(
      pageProblems({
        customer: [page('/wallet'), page('/wallet/:id')],
        retailer: [page('/landing')],
        marketing: [page('/landing/old')],
      }),
    ).toEqual([
      'customer /wallet/:id: /wallet overlaps /wallet of customer; every path has one page',
      'marketing /landing/old: /landing/old overlaps /landing of retailer; every path has one page',
    ]);
  });

  it('refuses signed-in data that is not an API path', () => {
    expect(
      pageProblems({ customer: [page('/wallet', ['/api/wallet?page=1', '/wallet'])] }),
    ).toEqual([
      'customer /wallet: signed-in data /api/wallet?page=1 is not an API path',
      'customer /wallet: signed-in data /wallet is not an API path',
    ]);
  });
});

describe('siteRoutesOf', () => {
  it('makes the route table of the shell and the server from the declarations', () => {
    expect(
      siteRoutesOf({
        shell: [page('/auth')],
        marketing: [page('/')],
        customer: [
          { ...page('/delivery-tracking/:id'), signedInOnly: true },
          { ...page('/wallet', ['/api/wallet']), sensitive: true },
          page('/store-selection'),
        ],
      }),
    ).toEqual({
      owners: { marketing: ['/'], customer: ['/delivery-tracking', '/wallet', '/store-selection'] },
      shellPaths: ['/auth'],
      signedInData: { '/wallet': ['/api/wallet'] },
      // A sensitive page is a signed-in page too.
      signedInOnly: ['/delivery-tracking/:id', '/wallet'],
    });
  });
});

describe('matchesPagePath', () => {
  it('answers the paths the page itself answers, as sent by a browser', () => {
    expect(matchesPagePath('/curbside-pickup', '/curbside-pickup')).toBe(true);
    expect(matchesPagePath('/curbside-pickup', '/Curbside-Pickup/')).toBe(true);
    expect(matchesPagePath('/delivery-tracking/:id', '/delivery-tracking/CR-1042')).toBe(true);
    expect(matchesPagePath('/schedule-pickup/*', '/schedule-pickup/payment/card')).toBe(true);
    expect(matchesPagePath('/schedule-pickup/*', '/schedule-pickup')).toBe(true);
  });

  it('leaves paths below or beside the page to its owner', () => {
    expect(matchesPagePath('/curbside-pickup', '/curbside-pickup/extra')).toBe(false);
    expect(matchesPagePath('/delivery-tracking/:id', '/delivery-tracking')).toBe(false);
    expect(matchesPagePath('/delivery-tracking/:id', '/delivery-tracking/CR-1/map')).toBe(false);
    expect(matchesPagePath('/wallet', '/wallets')).toBe(false);
    expect(matchesPagePath('/', '/wallet')).toBe(false);
  });
});

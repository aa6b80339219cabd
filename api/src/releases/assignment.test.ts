import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  assignmentCookieValue,
  getsCanary,
  newPageId,
  newVisitorId,
  signPageToken,
  signVisitor,
  verifyPageToken,
  verifyVisitor,
} from './assignment.ts';

const secret = randomBytes(32);

describe('the assignment cookie', () => {
  it('carries a visitor id that only the registry can sign', () => {
    const id = newVisitorId();
    const cookie = signVisitor(secret, id);
    expect(verifyVisitor(secret, cookie)).toBe(id);
    // Another id with the same signature, another secret, junk: all refused.
    expect(verifyVisitor(secret, `${newVisitorId()}.${cookie.split('.')[1]}`)).toBeUndefined();
    expect(verifyVisitor(randomBytes(32), cookie)).toBeUndefined();
    expect(verifyVisitor(secret, `${cookie}.x`)).toBeUndefined();
    expect(verifyVisitor(secret, 'not-a-cookie')).toBeUndefined();
    expect(verifyVisitor(secret, undefined)).toBeUndefined();
  });

  it('is found among other cookies', () => {
    expect(assignmentCookieValue('a=1; curbrun_release=abc.def; b=2')).toBe('abc.def');
    expect(assignmentCookieValue('curbrun_session=x')).toBeUndefined();
    expect(assignmentCookieValue(undefined)).toBeUndefined();
  });
});

describe('getsCanary', () => {
  const visitors = Array.from({ length: 4000 }, () => newVisitorId());
  const share = (percent: number, release = 'aaaaaaaaaa') =>
    visitors.filter((id) => getsCanary(id, 'marketing', release, percent)).length / visitors.length;

  it('gives the canary to about its share of visitors', () => {
    expect(share(0)).toBe(0);
    expect(share(100)).toBe(1);
    expect(share(10)).toBeGreaterThan(0.08);
    expect(share(10)).toBeLessThan(0.12);
    expect(share(50)).toBeGreaterThan(0.46);
    expect(share(50)).toBeLessThan(0.54);
  });

  it('answers the same for the same visitor, and keeps them when the share grows', () => {
    for (const id of visitors.slice(0, 200)) {
      const at10 = getsCanary(id, 'marketing', 'aaaaaaaaaa', 10);
      expect(getsCanary(id, 'marketing', 'aaaaaaaaaa', 10)).toBe(at10);
      if (at10) expect(getsCanary(id, 'marketing', 'aaaaaaaaaa', 50)).toBe(true);
    }
  });

  it('draws other visitors for another canary or another remote', () => {
    const pick = (remote: 'marketing' | 'customer', release: string) =>
      visitors.filter((id) => getsCanary(id, remote, release, 50)).join();
    expect(pick('marketing', 'aaaaaaaaaa')).not.toBe(pick('marketing', 'bbbbbbbbbb'));
    expect(pick('marketing', 'aaaaaaaaaa')).not.toBe(pick('customer', 'aaaaaaaaaa'));
  });
});

describe('the page token', () => {
  const token = {
    pageId: newPageId(),
    visitorId: newVisitorId(),
    issuedAt: 1_760_000_000_000,
    releases: { marketing: '0123456789', curbside: 'abcdefabcd' },
  };

  it('round-trips what the page was served with', () => {
    expect(verifyPageToken(secret, signPageToken(secret, token))).toEqual(token);
  });

  it('refuses a token whose releases were changed', () => {
    const signed = signPageToken(secret, token);
    const [body, signature] = signed.split('.');
    const payload = JSON.parse(Buffer.from(body ?? '', 'base64url').toString());
    payload.r.marketing = 'ffffffffff';
    const forged = `${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${signature}`;
    expect(verifyPageToken(secret, forged)).toBeUndefined();
    expect(verifyPageToken(randomBytes(32), signed)).toBeUndefined();
    expect(verifyPageToken(secret, 'garbage')).toBeUndefined();
  });

  it('refuses a signed payload that is not a page token', () => {
    const bad = signPageToken(secret, { ...token, releases: { marketing: 'NOT-AN-ID' } });
    expect(verifyPageToken(secret, bad)).toBeUndefined();
  });
});

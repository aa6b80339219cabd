import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signatureHeader, verifySignature } from './signature.ts';

describe('webhook signatures', () => {
  const secret = 'whsec_test';
  const body = '{"id":"evt_1"}';

  it('signs "<t>.<body>" with HMAC-SHA256 in a t=…,v1=… header', () => {
    const expected = createHmac('sha256', secret).update(`1700000000.${body}`).digest('hex');
    expect(signatureHeader(secret, 1_700_000_000, body)).toBe(`t=1700000000,v1=${expected}`);
  });

  it('verifies within the 5-minute tolerance and refuses tampering, other secrets and replays', () => {
    const header = signatureHeader(secret, 1_700_000_000, body);
    expect(verifySignature(header, body, secret, { nowSeconds: 1_700_000_299 })).toEqual({
      ok: true,
      timestamp: 1_700_000_000,
    });
    expect(verifySignature(header, `${body} `, secret, { nowSeconds: 1_700_000_000 }).ok).toBe(
      false,
    );
    expect(verifySignature(header, body, 'whsec_other', { nowSeconds: 1_700_000_000 })).toEqual({
      ok: false,
      reason: 'mismatch',
    });
    expect(verifySignature(header, body, secret, { nowSeconds: 1_700_000_301 })).toEqual({
      ok: false,
      reason: 'too_old',
    });
    expect(verifySignature('v1=abc', body, secret, { nowSeconds: 1 })).toEqual({
      ok: false,
      reason: 'malformed',
    });
    expect(verifySignature(undefined, body, secret, { nowSeconds: 1 }).ok).toBe(false);
  });
});

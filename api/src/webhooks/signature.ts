import { createHmac, timingSafeEqual } from 'node:crypto';
import { SIGNATURE_TOLERANCE_SECONDS } from 'shared-contracts/webhooks';

/**
 * Webhook signatures: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`.
 * Signing the timestamp with the body lets receivers refuse replays older than the tolerance.
 */

export function computeSignature(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

export function signatureHeader(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${computeSignature(secret, timestamp, body)}`;
}

export type VerifyResult =
  | { ok: true; timestamp: number }
  | { ok: false; reason: 'malformed' | 'mismatch' | 'too_old' };

/** What a receiver does (and what the docs show): parse, check the age, compare in constant time. */
export function verifySignature(
  header: string | undefined,
  body: string,
  secret: string,
  options: { nowSeconds: number; toleranceSeconds?: number },
): VerifyResult {
  if (!header) return { ok: false, reason: 'malformed' };
  const parts = Object.fromEntries(
    header.split(',').map((part) => {
      const index = part.indexOf('=');
      return [part.slice(0, index).trim(), part.slice(index + 1).trim()];
    }),
  ) as Record<string, string | undefined>;
  const timestamp = Number(parts.t);
  const given = parts.v1;
  if (!Number.isInteger(timestamp) || !given || !/^[0-9a-f]{64}$/.test(given)) {
    return { ok: false, reason: 'malformed' };
  }
  const tolerance = options.toleranceSeconds ?? SIGNATURE_TOLERANCE_SECONDS;
  if (Math.abs(options.nowSeconds - timestamp) > tolerance) return { ok: false, reason: 'too_old' };
  const expected = Buffer.from(computeSignature(secret, timestamp, body), 'hex');
  const actual = Buffer.from(given, 'hex');
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) {
    return { ok: false, reason: 'mismatch' };
  }
  return { ok: true, timestamp };
}

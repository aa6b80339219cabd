import { randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';
import { PIN_LENGTH } from 'shared-contracts/curbside';

/**
 * The robot compartment's PIN. It is generated with a CSPRNG, sent by SMS, and stored
 * only as a salted scrypt hash, so neither the database nor any API answer reveals it.
 *
 * A 4-digit PIN has only 10,000 values, so the hash alone would not resist an attacker holding
 * the table; what protects the compartment is the attempt limit (3) enforced atomically by the
 * service, and the PIN being single use. The hash keeps it out of casual sight (backups, logs,
 * support tools).
 */

const SCHEME = 's1';
const KEY_LENGTH = 32;
// scrypt's recommended interactive parameters (tens of ms a hash, more on a busy machine).
const PARAMS = { N: 16_384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

export function generatePin(): string {
  return String(randomInt(0, 10 ** PIN_LENGTH)).padStart(PIN_LENGTH, '0');
}

function derive(pin: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(pin, salt, KEY_LENGTH, PARAMS, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** `s1$<salt>$<hash>` (base64url). */
export async function hashPin(pin: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(pin, salt);
  return `${SCHEME}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

function parse(stored: string): { salt: Buffer; key: Buffer } | undefined {
  const [scheme, salt, key, ...rest] = stored.split('$');
  if (scheme !== SCHEME || !salt || !key || rest.length > 0) return undefined;
  return { salt: Buffer.from(salt, 'base64url'), key: Buffer.from(key, 'base64url') };
}

/**
 * Hashes `pin` with the salt of `stored`, so the caller can compute it before taking any lock and
 * compare it with `pinHashMatches` inside the transaction.
 */
export async function hashPinLike(pin: string, stored: string): Promise<string | undefined> {
  const parsed = parse(stored);
  if (!parsed) return undefined;
  const key = await derive(pin, parsed.salt);
  return `${SCHEME}$${parsed.salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** Constant-time comparison of two stored-format hashes; false for anything malformed. */
export function pinHashMatches(candidate: string | undefined, stored: string | null): boolean {
  if (!candidate || !stored) return false;
  const a = parse(candidate);
  const b = parse(stored);
  if (!a || !b || a.key.length !== KEY_LENGTH || b.key.length !== KEY_LENGTH) return false;
  // The salt is not secret; the key is compared in constant time (equal lengths checked above).
  if (!a.salt.equals(b.salt)) return false;
  return timingSafeEqual(a.key, b.key);
}

/** Convenience for tests and one-off checks: does `pin` open `stored`? */
export async function verifyPin(pin: string, stored: string | null): Promise<boolean> {
  if (!stored) return false;
  return pinHashMatches(await hashPinLike(pin, stored), stored);
}

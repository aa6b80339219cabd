import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIXES, type ApiKeyKind, type ApiMode } from 'shared-contracts/retailer';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 32 base62 characters ≈ 190 bits: unguessable, so a plain SHA-256 is a safe thing to store. */
const KEY_BODY_LENGTH = 32;

/** Uniform base62 characters (rejection sampling: no modulo bias). */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

export function generateApiKey(kind: ApiKeyKind, mode: ApiMode): string {
  return `${API_KEY_PREFIXES[kind][mode]}${randomBase62(KEY_BODY_LENGTH)}`;
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** What the retailer sees of a stored key: `sk_test_…a1b2`, or the whole publishable key. */
export function displayKey(kind: ApiKeyKind, key: string): string {
  if (kind === 'publishable') return key;
  return `${key.slice(0, 8)}…${key.slice(-4)}`;
}

const KEY_PATTERN = /^(sk|pk)_(test|live)_[0-9A-Za-z]{32}$/;

/** Kind and mode from a well-formed key; null for anything else. */
export function parseApiKey(key: string): { kind: ApiKeyKind; mode: ApiMode } | null {
  const match = KEY_PATTERN.exec(key);
  if (!match) return null;
  return {
    kind: match[1] === 'sk' ? 'secret' : 'publishable',
    mode: match[2] as ApiMode,
  };
}

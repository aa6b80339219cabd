import { describe, expect, it } from 'vitest';
import {
  argon2,
  DUMMY_PASSWORD_HASH,
  hashPassword,
  PASSWORD_HASH_CONCURRENCY,
  PASSWORD_HASH_OPTIONS,
  verifyPassword,
} from './passwords.ts';

describe('passwords', () => {
  it('hashes with argon2id at the OWASP parameters and verifies', async () => {
    const hash = await hashPassword('Correct#Horse1');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'Correct#Horse1')).toBe(true);
    expect(await verifyPassword(hash, 'correct#horse1')).toBe(false);
    expect(await verifyPassword('not a hash', 'Correct#Horse1')).toBe(false);
  });

  it('the dummy hash costs what a real one costs (same parameters)', () => {
    const { memoryCost, timeCost, parallelism } = PASSWORD_HASH_OPTIONS;
    expect(
      DUMMY_PASSWORD_HASH.startsWith(
        `$argon2id$v=19$m=${memoryCost},t=${timeCost},p=${parallelism}$`,
      ),
    ).toBe(true);
  });

  it('the dummy hash is a real one: argon2 runs it to the end instead of rejecting it early', async () => {
    // A malformed hash would make `verify` throw at once, and verifyPassword turns that into
    // `false` just as fast: unknown accounts would answer sooner than wrong passwords.
    await expect(argon2.verify(DUMMY_PASSWORD_HASH, 'Wrong#Pass1')).resolves.toBe(false);
  });

  it('checking against the dummy takes about as long as against a real hash', async () => {
    const real = await hashPassword('Correct#Horse1');
    const time = async (hash: string) => {
      const started = performance.now();
      expect(await verifyPassword(hash, 'Wrong#Pass1')).toBe(false);
      return performance.now() - started;
    };
    // Interleaved so a busy moment of the machine slows both; medians ignore the odd outlier.
    const dummy: number[] = [];
    const known: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      dummy.push(await time(DUMMY_PASSWORD_HASH));
      known.push(await time(real));
    }
    const ratio = median(dummy) / median(known);
    // Same parameters, same work; a cheap dummy would be orders of magnitude faster.
    expect(ratio).toBeGreaterThan(1 / 3);
    expect(ratio).toBeLessThan(3);
  });

  it('a burst larger than the concurrency bound still completes', async () => {
    const hashes = await Promise.all(
      Array.from({ length: PASSWORD_HASH_CONCURRENCY * 2 + 1 }, (_, i) => hashPassword(`pw-${i}`)),
    );
    expect(new Set(hashes).size).toBe(hashes.length);
  });
});

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

import { describe, expect, it } from 'vitest';
import { generatePin, hashPin, hashPinLike, pinHashMatches, verifyPin } from './pin.ts';

describe('curbside PIN', () => {
  it('generates 4 digits, leading zeros included, spread over the whole range', () => {
    const pins = Array.from({ length: 2_000 }, generatePin);
    for (const pin of pins) expect(pin).toMatch(/^\d{4}$/);
    // 2,000 draws from 10,000 values: a broken generator (constant, few values) fails this.
    expect(new Set(pins).size).toBeGreaterThan(1_500);
    expect(pins.some((pin) => pin.startsWith('0'))).toBe(true);
  });

  it('stores a salted hash that does not contain the PIN', async () => {
    const a = await hashPin('0421');
    const b = await hashPin('0421');
    expect(a).not.toBe(b);
    expect(a).not.toContain('0421');
    expect(a).toMatch(/^s1\$[\w-]+\$[\w-]+$/);
  });

  it('opens only with the right PIN', async () => {
    const stored = await hashPin('7302');
    expect(await verifyPin('7302', stored)).toBe(true);
    expect(await verifyPin('7303', stored)).toBe(false);
    expect(await verifyPin('0000', stored)).toBe(false);
    expect(await verifyPin('7302', null)).toBe(false);
  });

  it('hashes a candidate with the stored salt so it can be compared later', async () => {
    const stored = await hashPin('5555');
    const right = await hashPinLike('5555', stored);
    const wrong = await hashPinLike('5556', stored);
    expect(pinHashMatches(right, stored)).toBe(true);
    expect(pinHashMatches(wrong, stored)).toBe(false);
    // Another record's hash of the same PIN has another salt and never matches.
    expect(pinHashMatches(right, await hashPin('5555'))).toBe(false);
  });

  it('treats malformed or truncated hashes as a mismatch without throwing', async () => {
    const stored = await hashPin('1234');
    const candidate = await hashPinLike('1234', stored);
    expect(await hashPinLike('1234', 'plain-1234')).toBeUndefined();
    expect(pinHashMatches(undefined, stored)).toBe(false);
    expect(pinHashMatches(candidate, 'nonsense')).toBe(false);
    expect(pinHashMatches(candidate, stored.slice(0, -4))).toBe(false);
    expect(pinHashMatches(`${candidate}$extra`, stored)).toBe(false);
  });
});

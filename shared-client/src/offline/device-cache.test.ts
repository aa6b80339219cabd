import { describe, expect, it } from 'vitest';
import { isKeptQuery } from './device-cache';

describe('isKeptQuery', () => {
  it("keeps the session's user and the curbside page's data, nothing else", () => {
    expect(isKeptQuery(['auth', 'me'])).toBe(true);
    expect(isKeptQuery(['curbside', 'pickup', 'a-b'])).toBe(true);
    expect(isKeptQuery(['curbside', 'order-pickups'])).toBe(true);
    expect(isKeptQuery(['auth', 'sensitive'])).toBe(false);
    expect(isKeptQuery(['wallet', 'balance'])).toBe(false);
    expect(isKeptQuery(['deliveries', 'tracked', '1'])).toBe(false);
  });
});

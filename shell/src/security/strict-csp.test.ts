import { describe, expect, it } from 'vitest';
import { config } from 'zod/mini';
import './strict-csp';

describe('strict-csp', () => {
  it('turns off zod’s eval probe for every copy of zod on the page', () => {
    expect(config().jitless).toBe(true);
    // zod keeps its configuration on globalThis, which is what reaches the remotes' copies.
    expect(
      (globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig,
    ).toMatchObject({ jitless: true });
  });
});

import { describe, expect, it, vi } from 'vitest';

describe('strict-csp', () => {
  it('turns zod’s eval probe off for every copy of zod, loaded before or after it', async () => {
    await import('./strict-csp');
    const { config } = await import('zod/mini');
    expect(config().jitless).toBe(true);
  });

  it('keeps zod from calling new Function when it parses an object', async () => {
    await import('./strict-csp');
    const z = await import('zod');
    const FunctionSpy = vi.spyOn(globalThis, 'Function');
    expect(z.object({ name: z.string() }).parse({ name: 'Dana' })).toEqual({ name: 'Dana' });
    expect(FunctionSpy).not.toHaveBeenCalled();
    FunctionSpy.mockRestore();
  });
});

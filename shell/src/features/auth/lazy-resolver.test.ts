import type { Resolver } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { lazyResolver } from './lazy-resolver';

type Values = { name: string };
const options = { fields: {}, shouldUseNativeValidation: false } as Parameters<Resolver<Values>>[2];

describe('lazyResolver', () => {
  it('loads the real resolver once, at the first validation, and answers with it', async () => {
    const real: Resolver<Values> = async (values) =>
      values.name
        ? { values, errors: {} as Record<string, never> }
        : {
            values: {} as Record<string, never>,
            errors: { name: { type: 'too_small', message: 'Required' } },
          };
    const load = vi.fn(async () => real);
    const resolver = lazyResolver<Values, Values>(load);
    expect(load).not.toHaveBeenCalled();

    const empty = await resolver({ name: '' }, undefined, options);
    expect(empty.errors.name?.message).toBe('Required');
    const filled = await resolver({ name: 'Dana' }, undefined, options);
    expect(filled.values).toEqual({ name: 'Dana' });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries the download again after it failed, instead of failing every submit after', async () => {
    const real: Resolver<Values> = async (values) => ({
      values,
      errors: {} as Record<string, never>,
    });
    const load = vi
      .fn<() => Promise<Resolver<Values>>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(real);
    const resolver = lazyResolver<Values, Values>(load);
    await expect(resolver({ name: 'a' }, undefined, options)).rejects.toThrow('offline');
    await expect(resolver({ name: 'a' }, undefined, options)).resolves.toEqual({
      values: { name: 'a' },
      errors: {},
    });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('starts the download on preload, once, and validates with what it brought', async () => {
    const real: Resolver<Values> = async (values) => ({
      values,
      errors: {} as Record<string, never>,
    });
    const load = vi.fn(async () => real);
    const resolver = lazyResolver<Values, Values>(load);
    resolver.preload();
    resolver.preload();
    expect(load).toHaveBeenCalledTimes(1);
    await expect(resolver({ name: 'a' }, undefined, options)).resolves.toEqual({
      values: { name: 'a' },
      errors: {},
    });
    expect(load).toHaveBeenCalledTimes(1);
  });
});

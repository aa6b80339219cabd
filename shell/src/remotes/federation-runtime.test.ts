import { afterEach, describe, expect, it, vi } from 'vitest';
import { fallbackPlugin, sharedOptions } from './federation-runtime';
import { RemoteUnavailableError } from './remote-errors';
import { SHARED_MODULES } from './shared-modules';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the shell’s Module Federation runtime', () => {
  it('offers every shared singleton from its own bundle, strictly, at the installed version', async () => {
    vi.stubGlobal(
      '__SHARED_VERSIONS__',
      Object.fromEntries(Object.keys(SHARED_MODULES).map((request) => [request, '19.3.1'])),
    );
    const shared = sharedOptions();
    expect(Object.keys(shared)).toEqual(Object.keys(SHARED_MODULES));
    expect(shared.react).toMatchObject({
      version: '19.3.1',
      shareConfig: { singleton: true, strictVersion: true, requiredVersion: '^19.3.1' },
    });
    // The factory a remote gets hands it the shell's own module.
    const factory = await shared.react?.get();
    expect(factory?.()).toBe(await import('react'));
  });

  it('refuses to start without a version for a shared singleton', () => {
    vi.stubGlobal('__SHARED_VERSIONS__', {});
    expect(() => sharedOptions()).toThrow(/without a version for react/);
  });

  it('turns a failed remote load into the panel’s words, a version skew named', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const skew = new Error(
      '[ Federation Runtime ]: Version 19.3.1 from shell of shared singleton module react does not satisfy the requirement of marketing which needs ^18.0.0)',
    );
    const hook = fallbackPlugin.errorLoadRemote as (args: object) => unknown;
    expect(() => hook({ id: 'marketing/routes', error: skew, lifecycle: 'onLoad' })).toThrow(
      new RemoteUnavailableError(
        'marketing',
        'The marketing remote was built for react ^18.0.0, but this site runs react 19.3.1, so it was refused.',
      ),
    );
    // Other lifecycles (a shared module's own loading) are left to the runtime.
    expect(hook({ id: 'marketing', error: skew, lifecycle: 'beforeLoadShare' })).toBeUndefined();
  });
});

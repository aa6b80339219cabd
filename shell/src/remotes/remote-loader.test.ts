import type { RemoteExposes } from 'shared-ui';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { RemoteName } from '../routing/route-table';
import { type ReleaseEvent, remoteRelease, takeReleaseEvents } from '../telemetry/release-events';
import {
  explainLoadFailure,
  type FederationRuntime,
  RemoteLoader,
  type RemoteRoutes,
  RemoteUnavailableError,
} from './remote-loader';
import type { RemotesResolution } from './remotes-config';

const ENTRY = 'https://shop.example/remotes/curbside/mf-manifest.json';
// What the fake runtime reads from a manifest: the entry script beside it.
const SCRIPT = 'https://shop.example/remotes/curbside/remoteEntry.js';
const routesModule = { default: () => null };

function resolution(overrides: Partial<RemotesResolution> = {}): RemotesResolution {
  const ok = (name: RemoteName) => ({
    ok: true as const,
    entry: `https://shop.example/remotes/${name}/mf-manifest.json`,
  });
  return {
    entries: {
      marketing: ok('marketing'),
      customer: ok('customer'),
      curbside: ok('curbside'),
      retailer: ok('retailer'),
    },
    loadTimeoutMs: 15_000,
    ...overrides,
  };
}

function fakeRuntime(
  load: () => Promise<unknown>,
  resolveEntry: (manifestUrl: string) => Promise<string> = async (manifestUrl) =>
    manifestUrl.replace('mf-manifest.json', 'remoteEntry.js'),
) {
  return {
    resolveEntry: vi.fn(resolveEntry),
    registerRemotes: vi.fn<FederationRuntime['registerRemotes']>(),
    loadRemote: vi.fn(load) as unknown as FederationRuntime['loadRemote'] &
      ReturnType<typeof vi.fn>,
  };
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('RemoteLoader', () => {
  it('is typed by the shared exposes contract', () => {
    // The build-time half of the contract: what the shell renders is exactly what every remote's
    // type-check proves its `./routes` module to be (shared-build bin/typecheck-remote.mjs).
    expectTypeOf<RemoteRoutes>().toEqualTypeOf<RemoteExposes['./routes']>();
    expectTypeOf<ReturnType<RemoteLoader['load']>>().toEqualTypeOf<
      Promise<RemoteExposes['./routes']>
    >();
  });

  it('registers the entry script named by the manifest of remotes.json once and loads `<name>/routes`', async () => {
    const runtime = fakeRuntime(async () => routesModule);
    const loader = new RemoteLoader(async () => resolution(), runtime);
    await expect(loader.load('curbside')).resolves.toBe(routesModule);
    expect(runtime.registerRemotes).toHaveBeenCalledWith([{ name: 'curbside', entry: SCRIPT }], {
      force: false,
    });
    expect(runtime.loadRemote).toHaveBeenCalledWith('curbside/routes');
    // Loaded once, then served from memory (and synchronously through peek).
    await loader.load('curbside');
    expect(runtime.loadRemote).toHaveBeenCalledTimes(1);
    expect(loader.peek('curbside')).toBe(routesModule);
    expect(loader.peek('marketing')).toBeUndefined();
  });

  it('shares one attempt between a preload and the visit that follows it', async () => {
    let finish: (value: unknown) => void = () => {};
    const runtime = fakeRuntime(() => new Promise((resolve) => (finish = resolve)));
    const runChunks = vi.fn(async (_manifestUrl: string) => {});
    const loader = new RemoteLoader(async () => resolution(), runtime, runChunks);
    const preload = loader.preload('curbside');
    await vi.waitFor(() => expect(runtime.loadRemote).toHaveBeenCalledTimes(1));
    const visit = loader.load('curbside');
    finish(routesModule);
    await expect(visit).resolves.toBe(routesModule);
    await preload;
    expect(runtime.loadRemote).toHaveBeenCalledTimes(1);
    // The page chunks run once, after the routes module, from the registered manifest.
    expect(runChunks).toHaveBeenCalledWith(ENTRY);
    await loader.preload('curbside');
    expect(runChunks).toHaveBeenCalledTimes(1);
  });

  it('gives up after the timeout from remotes.json and starts clean next time', async () => {
    vi.useFakeTimers();
    const runtime = fakeRuntime(() => new Promise(() => {}));
    const loader = new RemoteLoader(async () => resolution({ loadTimeoutMs: 2000 }), runtime);
    const attempt = loader.load('curbside');
    const outcome = expect(attempt).rejects.toThrow('The curbside remote did not answer in time.');
    await vi.advanceTimersByTimeAsync(1999);
    expect(loader.peek('curbside')).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
    // The runtime's stalled manifest request is dropped by a forced re-registration.
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith(
      [{ name: 'curbside', entry: SCRIPT }],
      {
        force: true,
      },
    );
  });

  it('counts a manifest that never answers against the same time limit', async () => {
    vi.useFakeTimers();
    const runtime = fakeRuntime(
      async () => routesModule,
      () => new Promise(() => {}),
    );
    const loader = new RemoteLoader(async () => resolution({ loadTimeoutMs: 2000 }), runtime);
    const outcome = expect(loader.load('curbside')).rejects.toThrow(
      'The curbside remote did not answer in time.',
    );
    await vi.advanceTimersByTimeAsync(2000);
    await outcome;
    expect(runtime.loadRemote).not.toHaveBeenCalled();
  });

  it('turns a manifest that cannot be read into the remote’s own failure, and Retry reads it again', async () => {
    const resolveEntry = vi
      .fn<(url: string) => Promise<string>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue(SCRIPT);
    const runtime = fakeRuntime(async () => routesModule, resolveEntry);
    const loader = new RemoteLoader(async () => resolution(), runtime);
    await expect(loader.load('curbside')).rejects.toThrow(
      'The curbside remote could not be loaded.',
    );
    await loader.reset('curbside');
    await expect(loader.load('curbside')).resolves.toBe(routesModule);
    expect(resolveEntry).toHaveBeenCalledTimes(2);
    expect(runtime.registerRemotes).toHaveBeenCalledWith([{ name: 'curbside', entry: SCRIPT }], {
      force: false,
    });
  });

  it('reports a bad remotes.json entry without asking the runtime', async () => {
    const runtime = fakeRuntime(async () => routesModule);
    const failed = resolution();
    failed.entries.customer = { ok: false, reason: 'remotes.json has no entry for "customer".' };
    const loader = new RemoteLoader(async () => failed, runtime);
    await expect(loader.load('customer')).rejects.toThrow(
      'remotes.json has no entry for "customer".',
    );
    expect(runtime.loadRemote).not.toHaveBeenCalled();
  });

  it('refuses a module that is not a routes module', async () => {
    const runtime = fakeRuntime(async () => ({ default: 'nope' }));
    const loader = new RemoteLoader(async () => resolution(), runtime);
    await expect(loader.load('retailer')).rejects.toThrow(
      'The retailer remote does not expose a routes component.',
    );
  });

  it('reset forgets a failed attempt so Retry loads again, re-reading a failed remotes.json', async () => {
    const readConfig = vi
      .fn<() => Promise<RemotesResolution>>()
      .mockResolvedValueOnce({
        ...resolution(),
        entries: {
          ...resolution().entries,
          marketing: { ok: false, reason: 'remotes.json could not be read (offline).' },
        },
      })
      .mockResolvedValue(resolution());
    const runtime = fakeRuntime(async () => routesModule);
    const loader = new RemoteLoader(readConfig, runtime);
    await expect(loader.load('marketing')).rejects.toThrow('could not be read');
    await loader.reset('marketing');
    await expect(loader.load('marketing')).resolves.toBe(routesModule);
    expect(readConfig).toHaveBeenCalledTimes(2);
  });

  it('a failed preload stays quiet and the visit tries again', async () => {
    const runtime = fakeRuntime(async () => {
      throw new Error('net::ERR_CONNECTION_REFUSED');
    });
    const runChunks = vi.fn(async (_manifestUrl: string) => {});
    const loader = new RemoteLoader(async () => resolution(), runtime, runChunks);
    await expect(loader.preload('customer')).resolves.toBeUndefined();
    await expect(loader.load('customer')).rejects.toThrow(
      'The customer remote could not be loaded.',
    );
    expect(runtime.loadRemote).toHaveBeenCalledTimes(2);
    expect(runChunks).not.toHaveBeenCalled();
  });

  it('does not preload when the browser asks to save data', async () => {
    // jsdom has no Network Information API; Chromium's `navigator.connection` looks like this.
    Object.defineProperty(navigator, 'connection', {
      value: { saveData: true },
      configurable: true,
    });
    try {
      const runtime = fakeRuntime(async () => routesModule);
      const loader = new RemoteLoader(async () => resolution(), runtime);
      await loader.preload('curbside');
      expect(runtime.loadRemote).not.toHaveBeenCalled();
    } finally {
      Reflect.deleteProperty(navigator, 'connection');
    }
  });
});

describe('explainLoadFailure', () => {
  it('names the package and both versions when strictVersion refuses a singleton', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const runtimeError = new Error(
      '[ Federation Runtime ]: Version 19.3.1 from shell of shared singleton module react does not satisfy the requirement of marketing which needs ^18.0.0)',
    );
    const explained = explainLoadFailure('marketing', runtimeError);
    expect(explained).toBeInstanceOf(RemoteUnavailableError);
    expect(explained.message).toBe(
      'The marketing remote was built for react ^18.0.0, but this site runs react 19.3.1, so it was refused.',
    );
    expect(explained.cause).toBe(runtimeError);
    expect(error).toHaveBeenCalledWith(
      expect.stringContaining(
        'Module Federation said: [ Federation Runtime ]: Version 19.3.1 from shell of shared singleton module react does not satisfy the requirement of marketing which needs ^18.0.0)',
      ),
    );
  });

  it('keeps other failures generic, with the cause attached', () => {
    const cause = new TypeError('Failed to fetch');
    const explained = explainLoadFailure('curbside', cause);
    expect(explained.message).toBe('The curbside remote could not be loaded.');
    expect(explained.cause).toBe(cause);
  });
});

describe('RemoteLoader and releases', () => {
  const releaseResolution = (marketing: string, release: string): RemotesResolution => {
    const base = resolution();
    return {
      ...base,
      entries: { ...base.entries, marketing: { ok: true, entry: marketing } },
      releases: { marketing: release },
      reportToken: `token-of-${release}`,
    };
  };
  const CANARY = 'https://shop.example/remotes/marketing/mf-manifest.bbbbbbbbbb.json';
  const STABLE = 'https://shop.example/remotes/marketing/mf-manifest.aaaaaaaaaa.json';

  it('notes the release it loads, with the page token and its files’ folder', async () => {
    const runtime = fakeRuntime(async () => routesModule);
    const loader = new RemoteLoader(async () => releaseResolution(CANARY, 'bbbbbbbbbb'), runtime);
    await loader.load('marketing');
    expect(remoteRelease('marketing')).toEqual({
      release: 'bbbbbbbbbb',
      token: 'token-of-bbbbbbbbbb',
      base: 'https://shop.example/remotes/marketing/',
    });
  });

  it('records which file failed: the manifest, the entry or a chunk', async () => {
    const events: ReleaseEvent[] = [];
    const taking = takeReleaseEvents((event) => events.push(event));
    const manifestDown = fakeRuntime(
      async () => routesModule,
      async () => {
        throw new TypeError('Failed to fetch');
      },
    );
    await expect(
      new RemoteLoader(async () => resolution(), manifestDown).load('curbside'),
    ).rejects.toThrow();
    const entryDown = fakeRuntime(async () => {
      throw new Error('Loading script failed');
    });
    await expect(
      new RemoteLoader(async () => resolution(), entryDown).load('curbside'),
    ).rejects.toThrow();
    const chunk = Object.assign(new Error('Loading chunk 42 failed'), { name: 'ChunkLoadError' });
    const chunkDown = fakeRuntime(async () => {
      throw chunk;
    });
    await expect(
      new RemoteLoader(async () => resolution(), chunkDown).load('curbside'),
    ).rejects.toThrow();
    expect(
      events.map((event) => event.type === 'error' && [event.remote, event.kind, event.message]),
    ).toEqual([
      ['curbside', 'manifest', 'Failed to fetch'],
      ['curbside', 'entry', 'Loading script failed'],
      ['curbside', 'chunk', 'Loading chunk 42 failed'],
    ]);
    taking.stop();
  });

  it('tells Retry to reload the page when the server now gives another release it cannot mix with', async () => {
    const readConfig = vi
      .fn<() => Promise<RemotesResolution>>()
      .mockResolvedValueOnce(releaseResolution(CANARY, 'bbbbbbbbbb'))
      .mockResolvedValue(releaseResolution(STABLE, 'aaaaaaaaaa'));
    const runtime = fakeRuntime(async () => routesModule);
    const loader = new RemoteLoader(readConfig, runtime);
    await loader.load('marketing');
    // The canary's code ran (it threw while rendering); stable's must not join it in this page.
    await expect(loader.reset('marketing')).resolves.toBe(true);
    expect(readConfig).toHaveBeenCalledTimes(2);
  });

  it('lets Retry load in place when the release is the same, or none of the old one ran', async () => {
    const same = new RemoteLoader(
      async () => releaseResolution(CANARY, 'bbbbbbbbbb'),
      fakeRuntime(async () => routesModule),
    );
    await same.load('marketing');
    await expect(same.reset('marketing')).resolves.toBe(false);

    const readConfig = vi
      .fn<() => Promise<RemotesResolution>>()
      .mockResolvedValueOnce(releaseResolution(CANARY, 'bbbbbbbbbb'))
      .mockResolvedValue(releaseResolution(STABLE, 'aaaaaaaaaa'));
    const manifestDown = fakeRuntime(
      async () => routesModule,
      async () => {
        throw new TypeError('Failed to fetch');
      },
    );
    const loader = new RemoteLoader(readConfig, manifestDown);
    await expect(loader.load('marketing')).rejects.toThrow();
    await expect(loader.reset('marketing')).resolves.toBe(false);
  });
});

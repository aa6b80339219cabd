import { existsSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BUNDLER_RUNTIME_KEY } from '../runtime/bundler-runtime-key.js';
import { BUNDLER_RUNTIME_FROM_HOST, bundlerRuntimeSharing } from './bundler-runtime-sharing.ts';
import { federationRuntimeEsmAliases } from './federation-runtime-esm.ts';

const esmAliases = federationRuntimeEsmAliases();
const PACKAGE = '@module-federation/webpack-bundler-runtime';

describe('bundlerRuntimeSharing', () => {
  it('leaves the shell (and a standalone development build) with the package itself', () => {
    const { aliases, version } = bundlerRuntimeSharing(true, esmAliases);
    expect(aliases).toEqual({});
    expect(version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it("gives a remote's container the stand-in for the package's entry, by name and by file", () => {
    const { aliases } = bundlerRuntimeSharing(false, esmAliases);
    const entry = esmAliases[`${PACKAGE}$`];
    const replaced = Object.keys(esmAliases).filter((key) => esmAliases[key] === entry);
    expect(replaced.length).toBeGreaterThanOrEqual(2); // the bare name and the CommonJS file
    for (const key of replaced) expect(aliases[key], key).toBe(BUNDLER_RUNTIME_FROM_HOST);
    const own = aliases['mf-bundler-runtime-own/initContainerEntry$'] as string;
    expect(own).toMatch(/webpack-bundler-runtime[\\/]dist[\\/]initContainerEntry\.js$/);
    expect(existsSync(own)).toBe(true);
  });

  it('names the same runtime version for the shell and its remotes', () => {
    expect(bundlerRuntimeSharing(false, esmAliases).version).toBe(
      bundlerRuntimeSharing(true, esmAliases).version,
    );
  });
});

describe("the remote's stand-in (runtime/bundler-runtime-from-host.js)", () => {
  const ownInitContainerEntry = () => 'the container initialises its own share scope';
  const ownRuntime = { init: () => 'the container registers its own instance' };
  const shells = {
    bundlerRuntime: { consumes: () => 'consumes', I: () => 'I', S: { shell: true } },
    attachShareScopeMap: () => 'attach',
  };

  beforeEach(() => {
    vi.resetModules();
    vi.stubGlobal('__MF_BUNDLER_RUNTIME_VERSION__', '2.9.2');
    vi.doMock('mf-bundler-runtime-own/initContainerEntry', () => ({
      initContainerEntry: ownInitContainerEntry,
    }));
    vi.doMock('@module-federation/runtime', () => ownRuntime);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    delete (globalThis as Record<string, unknown>)[BUNDLER_RUNTIME_KEY];
  });

  const load = async () => (await import('../runtime/bundler-runtime-from-host.js')).default;

  it("uses the shell's functions in a federation object of the container's own", async () => {
    (globalThis as Record<string, unknown>)[BUNDLER_RUNTIME_KEY] = { version: '2.9.2', ...shells };
    const federation = await load();
    expect(federation.bundlerRuntime.consumes).toBe(shells.bundlerRuntime.consumes);
    expect(federation.bundlerRuntime.I).toBe(shells.bundlerRuntime.I);
    expect(federation.attachShareScopeMap).toBe(shells.attachShareScopeMap);
    // Its own share-scope object, container entry and runtime (whose `init` must not replace the
    // shell's instance), and no options or instance yet.
    expect(federation.bundlerRuntime.S).toEqual({});
    expect(federation.bundlerRuntime.S).not.toBe(shells.bundlerRuntime.S);
    expect(federation.bundlerRuntime.initContainerEntry).toBe(ownInitContainerEntry);
    expect((federation.runtime as typeof ownRuntime).init).toBe(ownRuntime.init);
    expect(federation.instance).toBeUndefined();
    expect(federation.initOptions).toBeUndefined();
    expect(federation.bundlerRuntimeOptions).toEqual({});
  });

  it('refuses to start on a page that provides no bundler runtime', async () => {
    await expect(load()).rejects.toThrow(
      "This remote's container needs the page's Module Federation bundler runtime 2.9.2; the page provides none",
    );
  });

  it('refuses a page whose bundler runtime is another version', async () => {
    (globalThis as Record<string, unknown>)[BUNDLER_RUNTIME_KEY] = { version: '2.8.0', ...shells };
    await expect(load()).rejects.toThrow('the page provides 2.8.0');
  });
});

// The shell's Module Federation runtime (ADR 014): `@module-federation/runtime`'s instance, in a
// chunk of its own that the remote loader asks for when it first loads a remote, after the page
// has painted. The shell is no federation build itself: it provides the shared singletons from
// its own bundle (shared-modules.ts, generated from shared-build's list) and hands runtime-core to
// the remotes' containers, which are built without one (`externalRuntime`).
import injectExternalRuntimeCore from '@module-federation/inject-external-runtime-core-plugin';
import {
  createInstance,
  type ModuleFederation,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/runtime';
import type { RemoteName } from '../routing/route-table';
import { nextTask } from '../scheduling/next-task';
import { explainLoadFailure } from './remote-errors';
import { SHARED_AT_START, SHARED_MODULES } from './shared-modules';

/** Each shared singleton's installed version, set by shared-build at build time. */
declare const __SHARED_VERSIONS__: Record<string, string>;

type SharedRequest = keyof typeof SHARED_MODULES;

/**
 * What the shell offers each remote: its own module, the installed version, and the same strict
 * singleton rule the remotes are built with, so a remote whose range this version does not
 * satisfy is refused. A module is imported only when a remote first asks for it.
 */
export function sharedOptions() {
  return Object.fromEntries(
    (Object.keys(SHARED_MODULES) as SharedRequest[]).map((request) => {
      const version = __SHARED_VERSIONS__[request];
      if (!version) throw new Error(`The shell was built without a version for ${request}.`);
      return [
        request,
        {
          version,
          get: () => SHARED_MODULES[request]().then((module) => () => module),
          shareConfig: { singleton: true, strictVersion: true, requiredVersion: `^${version}` },
        },
      ];
    }),
  );
}

/**
 * A remote that fails to load becomes the remote's error panel: `errorLoadRemote` turns the
 * runtime's error into the panel's words (a version skew says which package and versions). A
 * failed entry script the runtime forgets itself; Retry forgets a stalled one by registering the
 * remote again with `force` (remote-loader.ts).
 */
export const fallbackPlugin: ModuleFederationRuntimePlugin = {
  name: 'curbrun-remote-fallback',
  errorLoadRemote({ id, error, lifecycle }) {
    if (lifecycle !== 'onLoad') return undefined;
    throw explainLoadFailure(id.split('/')[0] as RemoteName, error);
  },
};

let instance: ModuleFederation | undefined;
let shellSharesLoaded: Promise<unknown> | undefined;

function federation(): ModuleFederation {
  instance ??= createInstance({
    name: 'shell',
    remotes: [],
    shared: sharedOptions(),
    // The singletons are the shell's, kept whatever a remote's container registers (ADR 014
    // decision 1).
    shareStrategy: 'loaded-first',
    plugins: [injectExternalRuntimeCore(), fallbackPlugin],
  });
  return instance;
}

/**
 * Marks the singletons the shell already runs as loaded, before any remote registers its own
 * copies: `loaded-first` then gives every remote the shell's. Without it, a remote refused for a
 * version skew left the next remote to pick its own copy of the router (another context). One
 * singleton per task: together they were one of the long tasks of a remote page's start-up.
 */
function withShellShares(): Promise<unknown> {
  const federationInstance = federation();
  shellSharesLoaded ??= (async () => {
    for (const request of SHARED_AT_START) {
      await federationInstance.loadShare(request).catch(() => false);
      await nextTask();
    }
  })();
  return shellSharesLoaded;
}

/**
 * Names each remote's entry script; `force` forgets what an earlier registration loaded. The
 * runtime's instance is made in a task of its own first (its options and shared modules are
 * checked and registered then).
 */
export async function registerRemotes(
  remotes: Array<{ name: string; entry: string }>,
  options: { force?: boolean } = {},
): Promise<void> {
  if (!instance) {
    federation();
    await nextTask();
  }
  federation().registerRemotes(remotes, options);
}

/** `<remote>/<module>` → the module the remote exposes as `./<module>`. */
export async function loadRemote<T>(id: string): Promise<T | null> {
  await withShellShares();
  // The runtime's set-up and the remote's entry run in tasks of their own (Total Blocking Time).
  await nextTask();
  return federation().loadRemote<T>(id);
}

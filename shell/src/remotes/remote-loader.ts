import { isRemoteRoutesModule, type RemoteExposes } from 'shared-ui';
import { runRemoteChunks } from '../preload/remote-chunks';
import type { RemoteName } from '../routing/route-table';
import { nextTask } from '../scheduling/next-task';
import { noteRemoteRelease, recordRemoteError } from '../telemetry/release-events';
import { resolveRemoteEntry } from './federation-manifest';
import { explainLoadFailure, RemoteUnavailableError } from './remote-errors';
import { type RemotesResolution, readRemotes } from './remotes-config';
import { releaseServerHints } from './server-hints';

export { explainLoadFailure, RemoteUnavailableError };

/** What every remote exposes under `./routes`, by the shared contract (shared-ui federation.ts). */
export type RemoteRoutes = RemoteExposes['./routes'];

/** The Module Federation calls the loader makes (federation-runtime.ts); injectable for tests. */
export interface FederationRuntime {
  /** The entry script of a remote from its `/remotes.json` entry (its manifest's URL). */
  resolveEntry: (configured: string) => Promise<string>;
  registerRemotes: (
    remotes: Array<{ name: string; entry: string }>,
    options?: { force?: boolean },
  ) => void | Promise<void>;
  loadRemote: <T>(id: `${RemoteName}/routes`) => Promise<T | null>;
}

// The MF runtime is a chunk of its own, evaluated when the first remote is loaded (after the first
// paint), not part of the shell's start-up code (ADR 014). Its chunk name has the server name it
// in the first HTML of a page a remote owns (page-chunks-plugin.ts), so hydration does not wait
// for it to be discovered.
const federationRuntime = () =>
  import(/* webpackChunkName: "remote-runtime" */ './federation-runtime');

// The runtime's chunk is evaluated in the task it arrives in; what it is used for starts in the
// next one (scheduling/next-task.ts), so the two do not add up to one long task.
const defaultRuntime: FederationRuntime = {
  resolveEntry: resolveRemoteEntry,
  registerRemotes: async (remotes, options) => {
    const runtime = await federationRuntime();
    await nextTask();
    return runtime.registerRemotes(remotes, options);
  },
  loadRemote: async (id) => (await federationRuntime()).loadRemote(id),
};

function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function prefersSavingData(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData === true;
}

/**
 * Loads remotes at runtime from the manifest URLs in `/remotes.json` (never baked into the build):
 * each manifest names the remote's entry script, which the MF runtime loads (federation-runtime.ts).
 * The configuration is read once, on the first visit to (or preload of) any remote: from the page
 * when the server inlined it, else from `/remotes.json`; a failure is forgotten so Retry fetches
 * `/remotes.json` again. A remote that does not answer within `loadTimeoutMs` (15 s
 * unless remotes.json says otherwise) fails like any other load error.
 *
 * Loaded `./routes` modules are kept, so a remote that was preloaded (or visited before) renders
 * synchronously on navigation, without a Loading flash (`peek`).
 */
export class RemoteLoader {
  private resolution: Promise<RemotesResolution> | null = null;
  private readonly manifests = new Map<RemoteName, string>();
  private readonly registered = new Map<RemoteName, string>();
  private readonly loaded = new Map<RemoteName, RemoteRoutes>();
  private readonly inFlight = new Map<RemoteName, Promise<RemoteRoutes>>();
  private readonly warmed = new Set<RemoteName>();

  constructor(
    private readonly readConfig: () => Promise<RemotesResolution> = () => readRemotes(),
    private readonly runtime: FederationRuntime = defaultRuntime,
    private readonly runChunks: (manifestUrl: string) => Promise<void> = runRemoteChunks,
  ) {}

  private config(): Promise<RemotesResolution> {
    this.resolution ??= this.readConfig();
    return this.resolution;
  }

  /** The manifest URL `/remotes.json` gives for this remote, or its reason why not. */
  private async configured(name: RemoteName): Promise<{ manifestUrl: string; timeoutMs: number }> {
    const { entries, loadTimeoutMs, releases, reportToken } = await this.config();
    const result = entries[name];
    if (!result.ok) {
      throw new RemoteUnavailableError(name, result.reason);
    }
    this.manifests.set(name, result.entry);
    const release = releases?.[name];
    // Reports on this remote name its release (ADR 019); files under `base` are its own.
    if (release && reportToken) {
      noteRemoteRelease(name, {
        release,
        token: reportToken,
        base: new URL('.', result.entry).href,
      });
    }
    return { manifestUrl: result.entry, timeoutMs: loadTimeoutMs };
  }

  /** Registers the remote's entry script (read from its manifest). */
  private async register(name: RemoteName, manifestUrl: string): Promise<void> {
    const entry = await this.runtime.resolveEntry(manifestUrl);
    if (this.registered.get(name) !== entry) {
      // `force` replaces an earlier registration, clearing the runtime's cache of a failed load.
      await this.runtime.registerRemotes([{ name, entry }], {
        force: this.registered.has(name),
      });
      this.registered.set(name, entry);
    }
  }

  /** Drops the runtime's memory of this remote (cached manifest, stalled or failed entry script). */
  private async forgetRuntimeState(name: RemoteName): Promise<void> {
    const entry = this.registered.get(name);
    if (entry) await this.runtime.registerRemotes([{ name, entry }], { force: true });
  }

  /** The remote's routes when they are already loaded (preloaded or visited before). */
  peek(name: RemoteName): RemoteRoutes | undefined {
    return this.loaded.get(name);
  }

  load(name: RemoteName): Promise<RemoteRoutes> {
    const ready = this.loaded.get(name);
    if (ready) return Promise.resolve(ready);
    const pending = this.inFlight.get(name);
    if (pending) return pending;

    const attempt = (async () => {
      const { manifestUrl, timeoutMs } = await this.configured(name);
      // Which file failed, for the release's report: its manifest, its entry script or a chunk.
      let stage: 'manifest' | 'entry' = 'manifest';
      // The manifest request is inside the time limit too: an origin that never answers it is
      // as unavailable as one that never sends the entry.
      const loading = (async () => {
        await this.register(name, manifestUrl);
        stage = 'entry';
        return this.runtime.loadRemote<RemoteRoutes>(`${name}/routes`);
      })();
      const module = await withTimeout(
        loading,
        timeoutMs,
        () => new RemoteUnavailableError(name, `The ${name} remote did not answer in time.`),
      ).catch(async (error: unknown) => {
        recordRemoteError(name, stage, error);
        // Whatever the runtime cached about this attempt (a stalled or failed entry script) must
        // not decide the next one.
        await this.forgetRuntimeState(name).catch(() => {});
        throw explainLoadFailure(name, error);
      });
      if (!isRemoteRoutesModule(module)) {
        const error = new RemoteUnavailableError(
          name,
          `The ${name} remote does not expose a routes component.`,
        );
        recordRemoteError(name, 'entry', error);
        throw error;
      }
      return module;
    })();
    this.inFlight.set(name, attempt);
    attempt.then(
      (module) => {
        if (this.inFlight.get(name) === attempt) this.loaded.set(name, module);
      },
      () => {},
    );
    attempt
      .finally(() => {
        if (this.inFlight.get(name) === attempt) this.inFlight.delete(name);
      })
      .catch(() => {});
    return attempt;
  }

  /**
   * Forget what failed so the next load starts from scratch (Retry without a page reload), and
   * read the configuration again: the server may now give this visitor another release (its
   * canary was rolled back). Resolves true when it does and this page already ran code of the
   * release it had: the two must not meet in one page (their chunks share the bundler's registry),
   * so the caller reloads the page instead.
   */
  async reset(name: RemoteName): Promise<boolean> {
    const tried = this.manifests.get(name);
    const ranCode = this.registered.has(name);
    this.resolution = null;
    this.inFlight.delete(name);
    this.loaded.delete(name);
    this.warmed.delete(name);
    await this.forgetRuntimeState(name).catch(() => {});
    // A hint that failed while the remote was down must not fail the retry (server-hints.ts).
    if (typeof document !== 'undefined') await releaseServerHints(name);
    if (!tried || !ranCode) return false;
    const now = (await this.config()).entries[name];
    return now.ok && now.entry !== tried;
  }

  /**
   * Loads a remote ahead of navigation (the user hovers or focuses a link to it): its entry and
   * `./routes` module, then runs its page chunks (preload/remote-chunks.ts), so the visit renders
   * without a Loading flash. Skipped when the browser asks to save data.
   */
  async preload(name: RemoteName): Promise<void> {
    if (prefersSavingData()) return;
    try {
      await this.load(name);
      const manifestUrl = this.manifests.get(name);
      if (!manifestUrl || this.warmed.has(name)) return;
      this.warmed.add(name);
      await this.runChunks(manifestUrl);
    } catch {
      // Preloading is an optimisation; a real visit reports the failure properly.
    }
  }
}

export const remoteLoader = new RemoteLoader();

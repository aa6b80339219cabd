import { AsyncLocalStorage } from 'node:async_hooks';
import { builtinModules, createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import type { RemoteName } from 'shared-contracts/remotes';
import { fileCache } from './file-cache.ts';
import type { SignedInVisitor } from './signed-in-visitor.ts';

/**
 * Server rendering with runtime federation (ADR 010): the shell's Node build renders the page,
 * the owning remote's Node build provides its `./routes` with the shell's shared modules, so the
 * page has one React, as in the browser. Both are re-read when their files change, so a
 * redeployed remote needs no restart. Whatever fails to load or render in time is left to the
 * browser: the page is never a 500 and never blank.
 */

/** What the shell's Node build exports (shell/src/server/render.tsx). */
export interface ShellRenderer {
  renderPage(request: {
    url: string;
    remotes: Partial<Record<RemoteName, unknown>>;
    timeoutMs: number;
    signedIn?: SignedInVisitor['session'];
  }): Promise<{ html: string; head: string; leftToBrowser: string[]; queryState?: unknown }>;
  shared: Readonly<Record<string, unknown>>;
}

/** The shell's renderer and the global scope it runs in (remotes run there too). */
interface LoadedShell {
  renderer: ShellRenderer;
  context: vm.Context;
}

export interface ServerRenderedPage {
  /** The markup for `<div id="root">`. */
  html: string;
  /** Style elements for `<head>`. */
  head: string;
  /** The public data the page's queries fetched, as TanStack Query's dehydrated state. */
  queryState?: unknown;
}

type Require = (id: string) => unknown;

/** An error's message, also for errors made in the sandbox (not `instanceof` this scope's Error). */
function messageOf(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : String(error);
}

const NODE_BUILTINS = new Set(builtinModules);

function isBuiltin(id: string): boolean {
  return id.startsWith('node:') || NODE_BUILTINS.has(id);
}

// What the apps' Node builds may use from the global scope; nothing else of the server's.
const SANDBOX_GLOBALS = [
  'console',
  'setTimeout',
  'clearTimeout',
  'setInterval',
  'clearInterval',
  'setImmediate',
  'clearImmediate',
  'queueMicrotask',
  'structuredClone',
  'TextEncoder',
  'TextDecoder',
  'URL',
  'URLSearchParams',
  'AbortController',
  'AbortSignal',
  'Event',
  'EventTarget',
  'MessageChannel',
  'Buffer',
  'performance',
  'atob',
  'btoa',
  // Web Crypto (random ids the apps make while rendering); no key material of the server's.
  'crypto',
] as const;

/** The `fetch` the apps' code gets on the server (see `createPublicFetch`). */
export type PublicFetch = (input: unknown, init?: { method?: string }) => Promise<Response>;

const refuseFetch: PublicFetch = () =>
  Promise.reject(new Error('Server rendering has no network access.'));

/** What answers a GET of an allowed path: the API's own route, without a network round trip. */
export type PublicGet = (
  url: string,
  authorization?: string,
) => Promise<{
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}>;

/**
 * A render for a signed-in visitor (ADR 015): who, and the API paths of their own data this page
 * may read, as the page declares them (its `signedInData`, in the shell's route-owners.json).
 */
export interface SignedInRender extends SignedInVisitor {
  reads: ReadonlySet<string>;
}

/** The visitor a render is for, seen by the apps' `fetch` while that render runs. */
const renderingFor = new AsyncLocalStorage<SignedInRender>();

/**
 * The `fetch` of the apps' code on the server: GET of the listed public paths (relative URLs, as
 * the browser code asks for them) answered by `get`, and nothing else. A page rendered for a
 * signed-in visitor may also GET the paths its declaration reads, sent with that visitor's
 * session; a signed-out render may not. So a page never reads more than the data it may put in
 * that HTML, and never reaches another host.
 */
export function createPublicFetch(paths: ReadonlySet<string>, get: PublicGet): PublicFetch {
  return async (input, init) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    if (typeof input !== 'string' || !input.startsWith('/') || input.startsWith('//')) {
      throw new Error('Server rendering fetches only relative URLs of this API.');
    }
    const url = new URL(input, 'http://server-rendering.invalid');
    const visitor = renderingFor.getStore();
    const signedIn = visitor?.reads.has(url.pathname) === true;
    if (method !== 'GET' || !(paths.has(url.pathname) || signedIn)) {
      throw new Error(`Server rendering may not ${method} ${url.pathname}.`);
    }
    const target = `${url.pathname}${url.search}`;
    const answer = signedIn ? await get(target, visitor.authorization) : await get(target);
    const type = answer.headers['content-type'];
    return new Response(answer.body, {
      status: answer.statusCode,
      headers: typeof type === 'string' ? { 'content-type': type } : {},
    });
  };
}

/**
 * A global scope of its own for the apps' code on the server: what a bundle does to its globals
 * (zod's schema registry on `globalThis`, styled-components' markers) never reaches the API's,
 * whose OpenAPI document is built from the same schema ids.
 */
export function createSandbox(fetchPublic: PublicFetch = refuseFetch): vm.Context {
  const globals: Record<string, unknown> = {
    fetch: fetchPublic,
    process: Object.freeze({
      env: Object.freeze({ NODE_ENV: 'production' }),
      nextTick: process.nextTick.bind(process),
      version: process.version,
      versions: process.versions,
      platform: process.platform,
    }),
  };
  for (const name of SANDBOX_GLOBALS) globals[name] = globalThis[name];
  const context = vm.createContext(globals, { name: 'server rendering' });
  vm.runInContext('globalThis.global = globalThis;', context);
  return context;
}

/** Runs a CommonJS bundle in `context` with the given `require` and returns its exports. */
export function evaluateCommonJs(
  file: string,
  code: string,
  require: Require,
  context: vm.Context,
): unknown {
  const wrapper = vm.runInContext(
    `(function (exports, require, module, __filename, __dirname) {${code}\n})`,
    context,
    { filename: file },
  ) as (...args: unknown[]) => void;
  const module = { exports: {} as unknown };
  wrapper.call(module.exports, module.exports, require, module, file, path.dirname(file));
  return module.exports;
}

/**
 * The `require` a remote's Node build gets: the shell's shared modules, Node's built-ins, and
 * nothing else (everything else is inside the bundle; a stray import fails loudly).
 */
export function remoteRequire(file: string, shared: Readonly<Record<string, unknown>>): Require {
  const nodeRequire = createRequire(file);
  return (id) => {
    if (Object.hasOwn(shared, id)) return shared[id];
    if (isBuiltin(id)) return nodeRequire(id);
    throw new Error(`${path.basename(file)} needs "${id}", which the shell does not provide.`);
  };
}

/** A Node build, or why it could not be loaded (not retried until its file changes). */
type Loaded<T> = { ok: true; value: T } | { ok: false; reason: string };

/** `load`'s answer, or the reason it threw. */
function attempt<T>(load: () => T): Loaded<T> {
  try {
    return { ok: true, value: load() };
  } catch (error) {
    return { ok: false, reason: messageOf(error) };
  }
}

function isShellRenderer(value: unknown): value is ShellRenderer {
  const candidate = value as Partial<ShellRenderer> | null;
  return (
    // From another global scope: `typeof`, never `instanceof`.
    typeof candidate === 'object' &&
    candidate !== null &&
    typeof candidate.renderPage === 'function' &&
    typeof candidate.shared === 'object'
  );
}

function isRoutesModule(value: unknown): boolean {
  const candidate = value as { default?: unknown } | null;
  return (
    typeof candidate === 'object' && candidate !== null && typeof candidate.default === 'function'
  );
}

export interface ServerRenderer {
  /**
   * The page's HTML and styles, or undefined when the shell cannot render on this server (no
   * Node build, or it failed): the browser then renders the page as before.
   */
  render(
    url: string,
    owner: RemoteName | null,
    visitor?: SignedInRender,
    /** The owner's Node build of the visitor's release (ADR 019), instead of `remoteBundle`'s. */
    ownerBundle?: string,
  ): Promise<ServerRenderedPage | undefined>;
}

export interface ServerRendererOptions {
  shellDist: string;
  /** The Node build of each remote this server can render: its `routes.js`. */
  remoteBundle: (name: RemoteName) => string | undefined;
  /** Sections not ready by then are left to the browser. */
  timeoutMs?: number;
  /** Told once per change of state (a build that cannot load, a section left to the browser). */
  warn?: (message: string) => void;
  /** The apps' `fetch` on the server (createPublicFetch); without it every fetch fails. */
  fetchPublic?: PublicFetch;
}

export const SERVER_RENDER_TIMEOUT_MS = 1500;

export function createServerRenderer({
  shellDist,
  remoteBundle,
  timeoutMs = SERVER_RENDER_TIMEOUT_MS,
  warn = () => {},
  fetchPublic,
}: ServerRendererOptions): ServerRenderer {
  const shellFile = path.join(shellDist, 'server', 'render.js');
  // Both re-read only when their file changes (fileCache: one stat per page).
  const loadShell = fileCache((code, file) =>
    attempt((): LoadedShell => {
      const context = createSandbox(fetchPublic);
      const nodeRequire = createRequire(file);
      const exports = evaluateCommonJs(
        file,
        code,
        (id) => {
          if (isBuiltin(id)) return nodeRequire(id);
          throw new Error(`${path.basename(file)} needs "${id}", which is not a Node built-in.`);
        },
        context,
      );
      if (!isShellRenderer(exports)) {
        throw new Error(`${file} does not export renderPage and shared.`);
      }
      return { renderer: exports, context };
    }),
  );
  // A remote is evaluated against one shell's modules: a new shell starts a new cache of remotes.
  const remotesOf = new WeakMap<LoadedShell, (file: string) => Loaded<unknown> | undefined>();
  const loadRemote = (file: string, shell: LoadedShell) => {
    let load = remotesOf.get(shell);
    if (!load) {
      load = fileCache((code, remoteFile) =>
        attempt(() => {
          const exports = evaluateCommonJs(
            remoteFile,
            code,
            remoteRequire(remoteFile, shell.renderer.shared),
            shell.context,
          );
          if (!isRoutesModule(exports)) {
            throw new Error(`${remoteFile} does not export a routes component.`);
          }
          return exports;
        }),
      );
      remotesOf.set(shell, load);
    }
    return load(file);
  };
  // Each distinct message once (bounded: messages never carry the requested URL).
  const told = new Set<string>();
  const tell = (message: string) => {
    if (told.has(message) || told.size >= 100) return;
    told.add(message);
    warn(message);
  };

  return {
    async render(url, owner, visitor, ownerBundle) {
      const shell = loadShell(shellFile);
      if (!shell) return undefined;
      if (!shell.ok) {
        tell(`Server rendering is off: the shell's Node build failed to load (${shell.reason}).`);
        return undefined;
      }
      const remotes: Partial<Record<RemoteName, unknown>> = {};
      const file = owner ? (ownerBundle ?? remoteBundle(owner)) : undefined;
      if (owner && file) {
        const remote = loadRemote(file, shell.value);
        if (remote?.ok) remotes[owner] = remote.value;
        else if (remote) tell(`The ${owner} remote renders in the browser: ${remote.reason}`);
      }
      try {
        const request = { url, remotes, timeoutMs };
        // The apps' fetch (createPublicFetch) finds the visitor through the render's async context.
        const page = visitor
          ? await renderingFor.run(visitor, () =>
              shell.value.renderer.renderPage({ ...request, signedIn: visitor.session }),
            )
          : await shell.value.renderer.renderPage(request);
        for (const line of page.leftToBrowser) tell(`A section was left to the browser: ${line}`);
        return { html: page.html, head: page.head, queryState: page.queryState };
      } catch (error) {
        tell(`Server rendering failed: ${messageOf(error)}`);
        return undefined;
      }
    },
  };
}

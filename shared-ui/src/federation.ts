import type { ComponentType } from 'react';
import type { Preloadable } from './components/preloadable';

/**
 * The typed contract of every remote's exposed `./routes` module (docs/architecture.md): a default
 * export that renders the routes of the paths the remote owns, with absolute paths, and the shared
 * NotFound for an unknown sub-path. The shell checks loaded modules against it at runtime too.
 */
export interface RemoteRoutesModule {
  default: ComponentType;
  /** Loads the code of the page at a path, before the shell hydrates the server's HTML of it. */
  preloadPage?: (pathname: string) => Promise<void>;
}

/**
 * Everything a remote exposes, by expose key: the build-time contract across the federation
 * boundary. The shell's loader is typed against it (`RemoteExposes['./routes']`), and each
 * remote's type-check proves that the module its build really exposes under each key is
 * assignable to it (`shared-build/bin/typecheck-remote.mjs`), without either side importing the
 * other's source.
 */
export interface RemoteExposes {
  './routes': RemoteRoutesModule;
}

export type RemoteExposeKey = keyof RemoteExposes;

export function isRemoteRoutesModule(value: unknown): value is RemoteRoutesModule {
  return (
    typeof value === 'object' &&
    value !== null &&
    'default' in value &&
    (typeof (value as { default: unknown }).default === 'function' ||
      typeof (value as { default: unknown }).default === 'object')
  );
}

/**
 * Loads the page a remote shows at `pathname` from its table of pages by path (a path owns its
 * sub-paths, by whole segments), so that a server-rendered page hydrates without suspending on
 * its own code (ADR 017). Unknown paths load nothing.
 */
export function preloadPageAt(
  pages: Readonly<Record<string, Preloadable>>,
  pathname: string,
): Promise<void> {
  const path = Object.keys(pages)
    .sort((a, b) => b.length - a.length)
    .find((candidate) => pathname === candidate || pathname.startsWith(`${candidate}/`));
  return path ? (pages[path]?.preload() ?? Promise.resolve()) : Promise.resolve();
}

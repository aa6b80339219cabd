import type { ComponentType } from 'react';

/**
 * The typed contract of every remote's exposed `./routes` module (DESIGN.md section 2): a default
 * export that renders the routes of the paths the remote owns, with absolute paths, and the shared
 * NotFound for an unknown sub-path. The shell checks loaded modules against it at runtime too.
 */
export interface RemoteRoutesModule {
  default: ComponentType;
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

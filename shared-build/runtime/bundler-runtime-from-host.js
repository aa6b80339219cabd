// Stands in for `@module-federation/webpack-bundler-runtime` in a remote's browser build (ADR 012,
// decision 11). A remote's container only ever runs on the shell's page, and the shell's `main`
// already carries the bundler runtime's functions (provide-bundler-runtime.js puts them on the
// page); bundling them again put a second copy, about 3 KB of gzip, in every remote entry a first
// visit loads. This module gives the container what the package's default export gives: a fresh
// `federation` object of its own (options, instance, share-scope object `S`), whose functions are
// the shell's. Two parts stay the container's own:
// - `runtime`, the remote's copy of `@module-federation/runtime`: its `init` records the first
//   instance it creates as the module's default, and the shell's copy must keep the shell's;
// - `initContainerEntry`, which the shell's build leaves out because the shell exposes nothing.
import * as runtime from '@module-federation/runtime';
import { initContainerEntry } from 'mf-bundler-runtime-own/initContainerEntry';
import { BUNDLER_RUNTIME_KEY } from './bundler-runtime-key.js';

const provided = globalThis[BUNDLER_RUNTIME_KEY];
if (!provided || provided.version !== __MF_BUNDLER_RUNTIME_VERSION__) {
  // The shell shows the remote's fallback panel for an entry that fails to start.
  throw new Error(
    `This remote's container needs the page's Module Federation bundler runtime ${__MF_BUNDLER_RUNTIME_VERSION__}; the page provides ${provided ? provided.version : 'none'} (ADR 012, decision 11).`,
  );
}

export default {
  runtime,
  instance: undefined,
  initOptions: undefined,
  bundlerRuntime: { ...provided.bundlerRuntime, S: {}, initContainerEntry },
  attachShareScopeMap: provided.attachShareScopeMap,
  bundlerRuntimeOptions: {},
};

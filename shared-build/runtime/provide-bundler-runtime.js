// Runs first in the shell's `main` (ADR 012, decision 11): hands the page's Module Federation
// bundler runtime to the remotes' containers, which are built without a copy of their own
// (bundler-runtime-from-host.js), as `externalRuntime` already does for runtime-core. Only the
// functions are shared; each container still gets its own options, instance and share-scope
// object. `__MF_BUNDLER_RUNTIME_VERSION__` is defined by the build (shared-build/src/index.ts).
import { BUNDLER_RUNTIME_KEY } from './bundler-runtime-key.js';

const federation = __webpack_require__.federation;
globalThis[BUNDLER_RUNTIME_KEY] = {
  version: __MF_BUNDLER_RUNTIME_VERSION__,
  bundlerRuntime: federation.bundlerRuntime,
  attachShareScopeMap: federation.attachShareScopeMap,
};

// Where the shell's page keeps its Module Federation bundler runtime for the remotes' containers
// (provide-bundler-runtime.js writes it, bundler-runtime-from-host.js reads it; ADR 012, decision 11).
export const BUNDLER_RUNTIME_KEY = '__curbsideFederationBundlerRuntime__';

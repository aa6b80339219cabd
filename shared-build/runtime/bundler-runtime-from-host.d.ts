/** The `federation` object a remote's container starts from (the bundler runtime's default export). */
declare const federation: {
  runtime: unknown;
  instance: unknown;
  initOptions: unknown;
  bundlerRuntime: Record<string, unknown>;
  attachShareScopeMap: unknown;
  bundlerRuntimeOptions: Record<string, unknown>;
};
export default federation;

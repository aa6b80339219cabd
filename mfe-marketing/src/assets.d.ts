// Images are emitted as files by the shared rspack preset (asset modules); importing one gives its URL.
declare module '*.svg' {
  const url: string;
  export default url;
}

/** An SVG's text (shared-build asset-rule.ts), e.g. to inline it as a data URL. */
declare module '*.svg?raw' {
  const text: string;
  export default text;
}

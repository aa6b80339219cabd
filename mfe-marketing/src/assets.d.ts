// Images are emitted as files by the shared rspack preset (asset modules); importing one gives its URL.
declare module '*.svg' {
  const url: string;
  export default url;
}

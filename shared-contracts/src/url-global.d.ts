// The WHATWG URL class, global in browsers and in Node alike. This package compiles with neither
// DOM nor Node types (tsconfig.json), so the part federation-manifest.ts uses is declared here;
// the apps that import it compile it with their own, complete declaration.
declare class URL {
  constructor(url: string | URL, base?: string | URL);
  readonly href: string;
  readonly origin: string;
  readonly pathname: string;
  readonly search: string;
  toString(): string;
}

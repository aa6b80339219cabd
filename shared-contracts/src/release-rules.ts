// What the shell needs to report on remote releases (docs/decisions/019-canary-releases.md),
// without zod: the recorder is part of the shell's first load. `releases.ts` builds the server's
// zod schemas from the same names and limits, so the rules exist once.

/** Where the shell sends its reports (`navigator.sendBeacon`). */
export const RELEASE_REPORT_PATH = '/api/releases/reports';

/**
 * A release's id: the first 10 hex digits of the SHA-256 of its manifest, page chunks and Node
 * build, so the same build always gets the same id (scripts/deploy-remote.mjs).
 */
export const RELEASE_ID_PATTERN = /^[0-9a-f]{10}$/;

/**
 * What went wrong with a remote on a page: its manifest, entry script or a chunk did not load, it
 * threw while rendering (caught by the shell's boundary), or an error nobody caught came from its
 * files.
 */
export const RELEASE_ERROR_KINDS = ['manifest', 'entry', 'chunk', 'render', 'unhandled'] as const;
export type ReleaseErrorKind = (typeof RELEASE_ERROR_KINDS)[number];

/** The Web Vitals reported per page: largest paint and interaction latency (ms), layout shift. */
export const RELEASE_VITALS = ['lcp', 'inp', 'cls'] as const;
export type ReleaseVital = (typeof RELEASE_VITALS)[number];

/** Bounds of one report: the only free text is an error's name and message, cut to these. */
export const RELEASE_REPORT_LIMITS = {
  /** The whole request body, in bytes. */
  bodyBytes: 4096,
  /** The page token the server gave with the remotes configuration. */
  tokenLength: 600,
  errorsPerRemote: 5,
  errorNameLength: 60,
  errorMessageLength: 160,
  /** Largest LCP or INP accepted, in ms; larger values are not page timings. */
  maxTimingMs: 120_000,
  maxLayoutShift: 100,
} as const;

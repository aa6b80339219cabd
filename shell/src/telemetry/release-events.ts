import type { ReleaseErrorKind } from 'shared-contracts/release-rules';
import { findOwner, type RemoteName } from '../routing/route-table';

/**
 * What the page sees of each remote's release (docs/decisions/019-canary-releases.md), recorded
 * from the start: page views, load and render failures, uncaught errors. This part is in the
 * first load and only keeps events; the reporter that sends them (release-reporter.ts, with
 * web-vitals) loads once the page is interactive and idle, and only on a site whose remotes have
 * releases, then takes what was kept here.
 */

/** One remote's release on this page: its id, the page token reports carry, its files' folder. */
export interface RemoteRelease {
  release: string;
  token: string;
  base: string;
}

export type ReleaseEvent =
  | { type: 'view'; remote: RemoteName }
  | { type: 'error'; remote: RemoteName; kind: ReleaseErrorKind; name: string; message: string }
  /** An error nobody caught; `where` (stack, file) says whose files it came from. */
  | { type: 'uncaught'; name: string; message: string; where: string };

// Bounds what a page that fails in a loop keeps before the reporter takes over.
const MAX_KEPT = 50;
const MAX_WHERE = 4000;

const kept: ReleaseEvent[] = [];
const releases = new Map<RemoteName, RemoteRelease>();
let sink: ((event: ReleaseEvent) => void) | undefined;
let waiting: (() => void) | undefined;

/** The remote whose page the browser first loaded: the one its Web Vitals belong to. */
export const landingRemote: RemoteName | null =
  typeof window === 'undefined' ? null : findOwner(window.location.pathname);

function record(event: ReleaseEvent): void {
  if (sink) sink(event);
  else if (kept.length < MAX_KEPT) kept.push(event);
}

function describe(error: unknown): { name: string; message: string } {
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: 'Error', message: String(error) };
}

/** A chunk the bundler could not load, whatever stage asked for it. */
export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && error.name === 'ChunkLoadError';
}

/** The remote loader's note of the release it loads (remote-loader.ts). */
export function noteRemoteRelease(remote: RemoteName, release: RemoteRelease): void {
  releases.set(remote, release);
  const run = waiting;
  waiting = undefined;
  run?.();
}

export function remoteRelease(remote: RemoteName): RemoteRelease | undefined {
  return releases.get(remote);
}

export function knownRemoteReleases(): ReadonlyMap<RemoteName, RemoteRelease> {
  return releases;
}

/** Runs `run` once a remote on this page turns out to have a release (at once if one does). */
export function whenReleasesKnown(run: () => void): void {
  if (releases.size > 0) run();
  else waiting = run;
}

export function recordView(remote: RemoteName): void {
  record({ type: 'view', remote });
}

export function recordRemoteError(
  remote: RemoteName,
  kind: ReleaseErrorKind,
  error: unknown,
): void {
  record({
    type: 'error',
    remote,
    kind: isChunkLoadError(error) ? 'chunk' : kind,
    ...describe(error),
  });
}

/** Keeps errors and rejections nobody handled, to be matched to a remote's files later. */
export function listenForUncaughtErrors(target: Window = window): void {
  const keep = (error: unknown, file: string) => {
    const stack = error instanceof Error ? (error.stack ?? '') : '';
    record({
      type: 'uncaught',
      ...describe(error),
      where: `${stack}\n${file}`.slice(0, MAX_WHERE),
    });
  };
  target.addEventListener('error', (event) =>
    keep(event.error ?? event.message, event.filename ?? ''),
  );
  target.addEventListener('unhandledrejection', (event) => keep(event.reason, ''));
}

/**
 * Hands the kept events to the reporter, and every later one as it happens until `stop`, after
 * which events are kept again.
 */
export function takeReleaseEvents(next: (event: ReleaseEvent) => void): {
  kept: ReleaseEvent[];
  stop(): void;
} {
  sink = next;
  return {
    kept: kept.splice(0),
    stop: () => {
      if (sink === next) sink = undefined;
    },
  };
}

import {
  RELEASE_REPORT_LIMITS,
  RELEASE_REPORT_PATH,
  type ReleaseErrorKind,
  type ReleaseVital,
} from 'shared-contracts/release-rules';
import { onCLS, onINP, onLCP } from 'web-vitals';
import type { RemoteName } from '../routing/route-table';
import {
  knownRemoteReleases,
  landingRemote,
  type ReleaseEvent,
  type RemoteRelease,
  remoteRelease,
  takeReleaseEvents,
} from './release-events';

/**
 * Sends what the page saw of each remote's release to the server (docs/decisions/019), with
 * `navigator.sendBeacon` so a report also leaves with a closing page: one beacon per remote,
 * about a second after something happened, and at once when the page is hidden. Each page view,
 * error kind and vital goes once per page token (the server counts them once anyway).
 */

type Send = (url: string, body: Blob) => boolean;

interface Pending {
  view: boolean;
  errors: Array<{ kind: ReleaseErrorKind; name: string; message: string }>;
  vitals: Partial<Record<ReleaseVital, number>>;
}

const FLUSH_DELAY_MS = 1000;
const L = RELEASE_REPORT_LIMITS;

export interface ReporterOptions {
  send?: Send;
  doc?: Document;
  /** Subscribes to the Web Vitals; web-vitals' own by default. */
  vitals?: (report: (name: ReleaseVital, value: number) => void) => void;
}

function webVitals(report: (name: ReleaseVital, value: number) => void): void {
  onLCP((metric) => report('lcp', metric.value));
  onINP((metric) => report('inp', metric.value));
  onCLS((metric) => report('cls', metric.value));
}

export function startReleaseReporting(options: ReporterOptions = {}): {
  flush(): void;
  stop(): void;
} {
  const send: Send = options.send ?? ((url, body) => navigator.sendBeacon(url, body));
  const doc = options.doc ?? document;
  const pending = new Map<RemoteName, Pending>();
  /** What already left, by page token and remote: `view`, `error:<kind>`, `vital:<name>`. */
  const sent = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const pendingOf = (remote: RemoteName) => {
    let entry = pending.get(remote);
    if (!entry) {
      entry = { view: false, errors: [], vitals: {} };
      pending.set(remote, entry);
    }
    return entry;
  };

  function flush(): void {
    clearTimeout(timer);
    timer = undefined;
    for (const [remote, entry] of pending) {
      const release = remoteRelease(remote);
      // Not loaded yet: its release (and page token) come with its first load.
      if (!release) continue;
      pending.delete(remote);
      const once = (what: string) => {
        const key = `${release.token}|${remote}|${what}`;
        if (sent.has(key)) return false;
        sent.add(key);
        return true;
      };
      const errors = entry.errors.filter((error) => once(`error:${error.kind}`));
      const vitals = Object.fromEntries(
        Object.entries(entry.vitals).filter(([name]) => once(`vital:${name}`)),
      );
      const view = once('view');
      if (!view && errors.length === 0 && Object.keys(vitals).length === 0) continue;
      const body = {
        token: release.token,
        remotes: [
          {
            remote,
            release: release.release,
            view: true,
            ...(errors.length ? { errors: errors.slice(0, L.errorsPerRemote) } : {}),
            ...(Object.keys(vitals).length ? { vitals } : {}),
          },
        ],
      };
      send(RELEASE_REPORT_PATH, new Blob([JSON.stringify(body)], { type: 'application/json' }));
    }
  }

  // A hidden page may never run another task: send at once, but after the other vitals that
  // web-vitals reports in the same turn, so they leave in one beacon.
  let flushQueued = false;
  function soon(): void {
    if (doc.visibilityState !== 'hidden') {
      timer ??= setTimeout(flush, FLUSH_DELAY_MS);
    } else if (!flushQueued) {
      flushQueued = true;
      queueMicrotask(() => {
        flushQueued = false;
        flush();
      });
    }
  }

  /** The remote whose files an uncaught error's stack points into. */
  function ownerOfError(where: string): RemoteName | undefined {
    for (const [remote, release] of knownRemoteReleases() as ReadonlyMap<
      RemoteName,
      RemoteRelease
    >) {
      if (where.includes(release.base)) return remote;
    }
    return undefined;
  }

  function handle(event: ReleaseEvent): void {
    if (event.type === 'view') {
      pendingOf(event.remote).view = true;
    } else {
      const remote = event.type === 'error' ? event.remote : ownerOfError(event.where);
      if (!remote) return;
      const kind = event.type === 'error' ? event.kind : 'unhandled';
      const entry = pendingOf(remote);
      if (!entry.errors.some((error) => error.kind === kind)) {
        entry.errors.push({
          kind,
          name: event.name.slice(0, L.errorNameLength),
          message: event.message.slice(0, L.errorMessageLength),
        });
      }
    }
    soon();
  }

  const events = takeReleaseEvents(handle);
  for (const event of events.kept) handle(event);
  // A page's Web Vitals belong to the remote whose page the browser loaded.
  if (landingRemote) {
    const remote = landingRemote;
    (options.vitals ?? webVitals)((name, value) => {
      if (!Number.isFinite(value) || value < 0) return;
      const limit = name === 'cls' ? L.maxLayoutShift : L.maxTimingMs;
      pendingOf(remote).vitals[name] = Math.min(value, limit);
      soon();
    });
  }
  const onHidden = () => {
    if (doc.visibilityState === 'hidden') flush();
  };
  doc.addEventListener('visibilitychange', onHidden);
  doc.defaultView?.addEventListener('pagehide', flush);
  return {
    flush,
    stop() {
      flush();
      events.stop();
      doc.removeEventListener('visibilitychange', onHidden);
      doc.defaultView?.removeEventListener('pagehide', flush);
    },
  };
}

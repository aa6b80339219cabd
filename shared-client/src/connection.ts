import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/**
 * Whether the API can be reached, as TanStack Query's `onlineManager` knows it, so queries and
 * mutations pause exactly while the page says it is offline. Two signals feed it:
 * - the browser's own (`navigator.onLine`, `online`/`offline` events), read at start too: a page
 *   opened without signal must know at once, not after an event that never comes;
 * - our requests: one that fails without an answer (a network error) while the browser still
 *   claims a connection says the signal is gone (a phone in a parking lot), until a light probe
 *   of `/api/health` answers again.
 */

export const PROBE_URL = '/api/health';
/** How often an unreachable API is asked again while the browser claims to be online. */
export const PROBE_INTERVAL_MS = 5_000;

interface ConnectionEnv {
  browserOnline: () => boolean;
  listen: (onChange: () => void) => () => void;
  probe: () => Promise<boolean>;
  setTimer: (run: () => void, ms: number) => () => void;
}

const browserEnv: ConnectionEnv = {
  browserOnline: () => (typeof navigator === 'undefined' ? true : navigator.onLine !== false),
  listen: (onChange) => {
    if (typeof window === 'undefined') return () => {};
    window.addEventListener('online', onChange);
    window.addEventListener('offline', onChange);
    return () => {
      window.removeEventListener('online', onChange);
      window.removeEventListener('offline', onChange);
    };
  },
  probe: async () => {
    try {
      const response = await fetch(PROBE_URL, {
        cache: 'no-store',
        signal: AbortSignal.timeout(PROBE_INTERVAL_MS - 1_000),
      });
      return response.ok;
    } catch {
      return false;
    }
  },
  setTimer: (run, ms) => {
    const timer = setTimeout(run, ms);
    return () => clearTimeout(timer);
  },
};

/** The connection state machine; `connection` below is the page's one instance. */
export function createConnection(env: ConnectionEnv = browserEnv) {
  let unreachable = false;
  let stopProbe: (() => void) | undefined;
  let setOnline: ((online: boolean) => void) | undefined;

  const online = () => env.browserOnline() && !unreachable;
  const publish = () => setOnline?.(online());

  function scheduleProbe(): void {
    stopProbe?.();
    stopProbe = env.setTimer(async () => {
      stopProbe = undefined;
      if (!unreachable) return;
      // Without a network the browser's own `online` event ends this; no need to ask.
      if (env.browserOnline() && (await env.probe())) {
        unreachable = false;
        publish();
        return;
      }
      if (unreachable) scheduleProbe();
    }, PROBE_INTERVAL_MS);
  }

  return {
    /** Makes `onlineManager` follow this connection (once, from the query client's creation). */
    install(manager: Pick<typeof onlineManager, 'setEventListener'> = onlineManager): void {
      manager.setEventListener((set) => {
        setOnline = set;
        set(online());
        const stop = env.listen(() => {
          // The browser's word on the network replaces our guess in both directions.
          unreachable = false;
          stopProbe?.();
          publish();
        });
        return () => {
          stop();
          setOnline = undefined;
        };
      });
    },
    /** A request to the API got no answer at all (not an HTTP error, not an abort). */
    reportNoAnswer(): void {
      if (unreachable || !env.browserOnline()) return;
      unreachable = true;
      publish();
      scheduleProbe();
    },
    /** A request to the API got an answer: it is reachable. */
    reportAnswer(): void {
      if (!unreachable) return;
      unreachable = false;
      stopProbe?.();
      publish();
    },
    isOnline: online,
  };
}

export const connection = createConnection();

/** A failed `fetch` that never reached the server (`TypeError`), as opposed to the caller's abort. */
export function isNoAnswer(error: unknown): boolean {
  return error instanceof TypeError;
}

/** Runs `fetch` and tells the connection whether the API answered. */
export async function fetchReporting(input: string, init?: RequestInit): Promise<Response> {
  try {
    const response = await fetch(input, init);
    connection.reportAnswer();
    return response;
  } catch (error) {
    if (isNoAnswer(error)) connection.reportNoAnswer();
    throw error;
  }
}

const serverSnapshot = () => true;

/** Whether the page is online now; re-renders when that changes. The server renders online. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (onChange) => onlineManager.subscribe(onChange),
    () => onlineManager.isOnline(),
    serverSnapshot,
  );
}

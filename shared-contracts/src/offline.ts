/**
 * What the page and the service worker say to each other about the device's copies (ADR 018).
 * No zod: the worker and the shell's start-up code import this.
 */

/** The worker's script, at the site's root so its scope is the whole site. */
export const SERVICE_WORKER_URL = '/sw.js';

export const WORKER_MESSAGES = {
  /** Page → worker: forget every personal copy (queued requests). Sent at logout and switch. */
  clearPersonalData: 'curbrun:clear-personal-data',
  /** Page → worker: keep this write and send it by Background Sync when the signal is back. */
  queueWrite: 'curbrun:queue-write',
  /** Page → worker: the write with this Idempotency-Key is settled or cancelled; drop its copy. */
  dropWrite: 'curbrun:drop-write',
} as const;

/** The IndexedDB database (and store) holding the persisted query cache and paused writes. */
export const DEVICE_DATA_DB = 'curbrun-device-data';
export const DEVICE_DATA_STORE = 'queries';

/** How old a persisted cache may be and still be shown offline. */
export const DEVICE_DATA_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** The Background Sync queue of writes kept by the worker (workbox-background-sync). */
export const WORKER_WRITE_QUEUE = 'curbrun-queued-writes';

/// <reference lib="webworker" />
// The site's service worker (ADR 018), built on its own by shared-build's service-worker config;
// workbox-build's injectManifest then writes the shell's file list into `self.__WB_MANIFEST`.
// It keeps what the curbside page needs to open without signal, never the customer's data: no
// API answer and no server-rendered page is stored here (the query cache in IndexedDB holds the
// data, and is the page's to clear). Only a write kept for Background Sync is personal, and it
// goes at logout.

import { WORKER_MESSAGES } from 'shared-contracts/offline';
import { clientsClaim } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';
import { hashedFilesStrategy, manifestsStrategy } from './caching';
import { handleWriteMessage, isWriteMessage } from './queued-writes';
import { isContentHashed, isReleaseManifest } from './route-rules';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

/** Paths the app shell never stands in for: the API, remotes' files, the development pages. */
const NOT_PAGES = [/^\/api(?:\/|$)/, /^\/remotes(?:\/|$)/, /^\/dev\//];
/** How long a page's request may take before the app shell answers instead. */
const PAGE_TIMEOUT_SECONDS = 6;

// A new release of the shell takes over at once; its precache replaces the old one.
self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();

// The shell's own build: its start-up code, shared libraries and the app shell page.
precacheAndRoute(self.__WB_MANIFEST);

// Remotes' `mf-manifest.json` and `/remotes.json` name the releases to load: the network's
// answer first, so a new release reaches the next visit online; the last one seen offline.
registerRoute(({ url, sameOrigin }) => isReleaseManifest(url, sameOrigin), manifestsStrategy());

// A content-hashed file never changes under its name: from the device once seen; files of
// releases no longer loaded expire (caching.ts).
registerRoute(({ url }) => isContentHashed(url), hashedFilesStrategy());

// Pages come from the server, which may render the customer's data into them: never stored.
// Without a connection, the shell's static page stands in and renders in the browser.
const pages = new NavigationRoute(
  new NetworkOnly({ networkTimeoutSeconds: PAGE_TIMEOUT_SECONDS }),
  {
    denylist: NOT_PAGES,
  },
);
const appShell = createHandlerBoundToURL('/index.html');
pages.setCatchHandler((options) => appShell(options));
registerRoute(pages);

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data: unknown = event.data;
  if (isWriteMessage(data)) event.waitUntil(handleWriteMessage(data));
  else if (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === WORKER_MESSAGES.clearPersonalData
  ) {
    event.waitUntil(handleWriteMessage({ type: WORKER_MESSAGES.dropWrite }));
  }
});

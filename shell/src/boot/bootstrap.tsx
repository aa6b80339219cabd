// First: no zod eval probes under the site's CSP.
import '../security/strict-csp';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createQueryClient } from 'shared-client';
import { onPageReady, whenIdle } from 'shared-ui';
import { App } from '../app';
import { startOffline } from '../offline/start-offline';
import { listenForUncaughtErrors, whenReleasesKnown } from '../telemetry/release-events';
import { stopEarlyCopies } from './early-copy';
import { releaseEarlySubmits } from './early-submits';
import { hydrateServerQueries, loadPageCode, reportRecoverableError } from './hydrate';
import { announcePageInteractive } from './readiness';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

// Starts from the data the server rendered the page with, when it sent any.
const queryClient = createQueryClient();
hydrateServerQueries(queryClient);

const app = (
  <StrictMode>
    <App client={queryClient} />
  </StrictMode>
);

const serverRendered = Boolean(container.firstElementChild);

// The server rendered the page (ADR 010): take over its HTML instead of painting again,
// once the page's own code is here (its remote, or the shell page), so hydration never waits on
// it. A plain static host sends an empty #root, and the app renders from scratch.
if (serverRendered) {
  // A submit pressed before the page was interactive is handed to the hydrated form.
  onPageReady(() => {
    stopEarlyCopies();
    releaseEarlySubmits();
  });
  loadPageCode(window.location.pathname).finally(() => {
    // As a transition, hydration yields to the browser every few milliseconds instead of holding
    // the main thread for the whole page (Total Blocking Time on a slow phone); the page is
    // already painted, so nothing waits on it but the first tap, which React hydrates first.
    startTransition(() => {
      hydrateRoot(container, app, { onRecoverableError: reportRecoverableError });
    });
  });
} else {
  createRoot(container).render(app);
}
// The page's PageReadyMark says when it is React's (routing/page-ready-mark.tsx).
onPageReady(() => announcePageInteractive());

// Reports on the remotes' releases (ADR 019): errors are kept from now on; what sends them, with
// web-vitals, loads once the page is interactive and idle, and only where remotes have releases.
listenForUncaughtErrors();
whenIdle(() =>
  whenReleasesKnown(() => {
    void import(/* webpackChunkName: "release-reporter" */ '../telemetry/release-reporter').then(
      (reporter) => reporter.startReleaseReporting(),
    );
  }),
);
// Offline support: after the page is interactive; a page rendered here needs its data at once.
startOffline(queryClient, { renderedHere: !serverRendered });

import { holdEarlyClicks } from './early-clicks';
import { holdEarlySubmits } from './early-submits';
import { afterPaint, applyHintsAfterPaint } from './hints-after-paint';
import { SHARED_AT_START, SHARED_MODULES } from './remotes/shared-modules';

const serverRendered = Boolean(document.getElementById('root')?.firstElementChild);
// A form the server rendered must not submit natively before React owns it (early-submits.ts),
// and a button clicked before then must not be ignored (early-clicks.ts).
if (serverRendered) {
  holdEarlySubmits();
  holdEarlyClicks();
}
// The owning remote's preload hints, once the server's HTML has painted (hints-after-paint.ts).
applyHintsAfterPaint();

// The large shared libraries are imported on their own first: each is evaluated as soon as its
// code arrives, in a task of its own, instead of all of them together with the app in one long
// task when `./bootstrap` is ready (Total Blocking Time on a slow phone, issue 13). Their downloads
// are the same ones bootstrap needs, so nothing more is fetched. A failure is bootstrap's to report.
//
// Each import is also started in a task of its own, since inserting a script while the page starts
// costs the main thread a few milliseconds each on a busy phone (ADR 012). The list and its order
// are the shared singletons' (shared-build/shared-singletons.json, `atStart`).
const steps: Array<() => Promise<unknown>> = SHARED_AT_START.map(
  (request) => SHARED_MODULES[request],
);

function startNext(): void {
  const step = steps.shift();
  if (!step) {
    // Async boundary: the shared singletons are in before any React code runs (DESIGN.md section 2).
    void import('./bootstrap');
    return;
  }
  step().catch(() => {});
  setTimeout(startNext, 0);
}
// The first request for the app's code waits for the first paint of the server's HTML: a deferred
// script runs as soon as the HTML is parsed, often before the browser has laid it out, and the
// shared chunks then download and evaluate in the time the paint needs (on a thin connection the
// same bytes as the HTML's, on a slow phone the same main thread). Lighthouse's simulation counted
// every chunk that arrived before the observed paint against the page's LCP, so one run read
// 0.9 s and the next 1.4 s on the same build (docs/benchmarks.md, ADR 012 decision 13). The wait
// is a frame or two; a page with nothing rendered starts at once, since only the app paints it.
if (serverRendered) afterPaint(() => setTimeout(startNext, 0));
else setTimeout(startNext, 0);

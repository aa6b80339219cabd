import { SHARED_AT_START, SHARED_MODULES } from '../remotes/shared-modules';
import { afterPaint } from './after-paint';
import { answerEarlyCopies } from './early-copy';
import { holdEarlySubmits } from './early-submits';

const serverRendered = Boolean(document.getElementById('root')?.firstElementChild);
// Before React owns the server's HTML: a form must not submit natively (early-submits.ts), and a
// copy button copies within the tap's gesture (early-copy.ts). Other taps are not held: links
// work without JavaScript, and the page says it is not yet interactive (boot/readiness.ts).
if (serverRendered) {
  holdEarlySubmits();
  answerEarlyCopies();
}

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
    void import(/* webpackChunkName: "boot-app" */ './bootstrap');
    return;
  }
  step().catch(() => {});
  setTimeout(startNext, 0);
}
// The app's code runs once the server's HTML has painted (boot/after-paint.ts); a page with
// nothing rendered starts at once, since only the app paints it.
if (serverRendered) afterPaint(() => setTimeout(startNext, 0));
else setTimeout(startNext, 0);

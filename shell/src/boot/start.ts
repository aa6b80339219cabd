import { SHARED_AT_START, SHARED_MODULES } from '../remotes/shared-modules';
import { nextTask } from '../scheduling/next-task';
import { afterPaint } from './after-paint';
import { answerEarlyCopies } from './early-copy';
import { holdEarlySubmits } from './early-submits';

// A page for signed-in people that the server answered with the sign-in page has already been
// followed, or taken away for a browser with a session, by the page's own inline script before
// it painted (api/src/ssr/sign-in-first-script.ts).
const serverRendered = Boolean(document.getElementById('root')?.firstElementChild);
// Before React owns the server's HTML: a form must not submit natively (early-submits.ts), and a
// copy button copies within the tap's gesture (early-copy.ts). Other taps are not held: links
// work without JavaScript, and the page says it is not yet interactive (boot/readiness.ts).
if (serverRendered) {
  holdEarlySubmits();
  answerEarlyCopies();
}

// The large shared libraries are imported one at a time, each in a task of its own, instead of
// all of them together with the app in one long task (Total Blocking Time on a slow phone, ADR
// 017). They arrive in a few files (boot-start-*, shared-build's START_CHUNK); an import started
// before its file is in would otherwise run with all the others the moment it arrives. The list
// and its order are the shared singletons' (shared-build/shared-singletons.json, `atStart`). A
// failure is bootstrap's to report.
const steps: Array<() => Promise<unknown>> = SHARED_AT_START.map(
  (request) => SHARED_MODULES[request],
);

function startNext(): void {
  const step = steps.shift();
  if (!step) {
    // Async boundary: the shared singletons are in before any React code runs.
    void import(/* webpackChunkName: "boot-app" */ './bootstrap');
    return;
  }
  const next = () => nextTask().then(startNext);
  step().then(next, next);
}
// The app's code runs once the server's HTML has painted (boot/after-paint.ts); its scripts
// started downloading right after the first frame, by the page's own inline script (ADR 023).
// A page with nothing rendered starts at once, since only the app paints it.
function start(): void {
  // The first import runs in a task of its own, not inside the paint observer's callback.
  void nextTask().then(startNext);
}
if (serverRendered) afterPaint(start);
else start();

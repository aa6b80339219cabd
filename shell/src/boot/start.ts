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
// Each import is also started in a task of its own: asking for a shared module runs the federation
// runtime's share negotiation and inserts its script, about 10 ms a module on a slow phone, and
// `main` evaluating them all at once was the page's longest task (measured in ADR 012). React comes
// in four steps (react, react-dom, its client entry, the JSX runtime) for the same reason: asking
// for `react-dom/client` first inserted the scripts of all four in one task, the longest left at
// start-up, since inserting a script while the page starts costs the main thread a few
// milliseconds each on a busy phone.
const steps: Array<() => Promise<unknown>> = [
  () => import(/* webpackChunkName: "boot-react" */ 'react'),
  () => import(/* webpackChunkName: "boot-react-dom" */ 'react-dom'),
  () => import(/* webpackChunkName: "boot-react-dom-client" */ 'react-dom/client'),
  () => import(/* webpackChunkName: "boot-react-jsx-runtime" */ 'react/jsx-runtime'),
  () => import(/* webpackChunkName: "boot-styled-components" */ 'styled-components'),
  () => import(/* webpackChunkName: "boot-tanstack-react-query" */ '@tanstack/react-query'),
  () => import(/* webpackChunkName: "boot-shared-ui-router" */ 'shared-ui/router'),
  () => import(/* webpackChunkName: "boot-shared-ui" */ 'shared-ui'),
  () => import(/* webpackChunkName: "boot-shared-client" */ 'shared-client'),
  () => import(/* webpackChunkName: "boot-shared-auth" */ 'shared-auth'),
];

function startNext(): void {
  const step = steps.shift();
  if (!step) {
    // Async boundary: shared singletons are negotiated before any React code runs (DESIGN.md section 2).
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

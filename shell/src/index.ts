import { holdEarlySubmits } from './early-submits';

// A form the server rendered must not submit natively before React owns it (early-submits.ts).
if (document.getElementById('root')?.firstElementChild) holdEarlySubmits();

// The large shared libraries are imported on their own first, all at once: each is evaluated as
// soon as its code arrives, in a task of its own, instead of all of them together with the app
// in one long task when `./bootstrap` is ready (Total Blocking Time on a slow phone, issue 13).
// Their downloads are the same ones bootstrap needs, so nothing more is fetched. A failure is
// bootstrap's to report.
for (const early of [
  () => import('react-dom/client'),
  () => import('styled-components'),
  () => import('@tanstack/react-query'),
  () => import('shared-ui/router'),
  () => import('shared-ui'),
  () => import('shared-client'),
]) {
  early().catch(() => {});
}

// Async boundary: shared singletons are negotiated before any React code runs (DESIGN.md section 2).
import('./bootstrap');

import { holdEarlySubmits } from './early-submits';

// A form the server rendered must not submit natively before React owns it (early-submits.ts).
if (document.getElementById('root')?.firstElementChild) holdEarlySubmits();

// Async boundary: shared singletons are negotiated before any React code runs (DESIGN.md section 2).
import('./bootstrap');

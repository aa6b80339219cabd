// Async boundary: shared singletons are negotiated before any React code runs (DESIGN.md section 2).
import('./bootstrap');

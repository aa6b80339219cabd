import { loadSiteRoutes } from 'shared-build/site-pages';

// The shell's build writes the remotes' route table into route-table.ts (shared-build); its unit
// tests get the same table, made from the same page declarations.
const routes = await loadSiteRoutes();
(globalThis as { __ROUTE_OWNERS__?: unknown }).__ROUTE_OWNERS__ = routes.owners;

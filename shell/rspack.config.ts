import { createAppConfigs, loadSiteRoutes } from 'shared-build';

// The shell routes every remote's pages as the remotes declare them (their src/pages.ts), read
// when the build starts: a dev server sees a page added to a remote once it restarts.
export default async () =>
  createAppConfigs({
    name: 'shell',
    dir: import.meta.dirname,
    siteRoutes: await loadSiteRoutes(),
  });

import { SensitiveRoute } from 'shared-auth';
import { pageRoutes, type RemoteRoutesModule } from 'shared-ui';
import { PAGES } from './pages';

// This remote's `./routes` (the shell mounts it): a route per page of pages.ts, each page its own
// chunk, `/wallet` and any other sensitive page behind the recent-password check.
const routes = pageRoutes(PAGES, { sensitive: SensitiveRoute });

const CustomerRoutes: RemoteRoutesModule['default'] = routes.default;
export default CustomerRoutes;
export const { preloadPage } = routes;

import { pageRoutes, type RemoteRoutesModule } from 'shared-ui';
import { PAGES } from './pages';

// This remote's `./routes` (the shell mounts it): a route per page of pages.ts, each page its own
// chunk, and the shared NotFound for any other path.
const routes = pageRoutes(PAGES);

const RetailerRoutes: RemoteRoutesModule['default'] = routes.default;
export default RetailerRoutes;
export const { preloadPage } = routes;

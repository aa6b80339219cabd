import { describeUnknownSubPaths } from 'shared-auth/testing';
import MarketingRoutes from './routes';

// SPEC section 2: any path that is not a route shows '404 Page Not Found', signed in or out;
// the 404 wins over a sign-in redirect (issue 14).
describeUnknownSubPaths('marketing', MarketingRoutes, [
  '/about-us/nothing-here',
  '/team/x',
  '/contact/x',
  '/help-center/faq',
]);

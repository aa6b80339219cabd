import { describeUnknownSubPaths } from 'shared-auth/testing';
import CurbsideRoutes from './routes';

// SPEC section 2: any path that is not a route shows '404 Page Not Found', signed in or out;
// the 404 wins over a sign-in redirect (issue 14).
describeUnknownSubPaths('curbside', CurbsideRoutes, [
  '/curbside-pickup/x',
  '/curbside-pickup/x/y',
  '/curbside-pickup/arrival',
]);

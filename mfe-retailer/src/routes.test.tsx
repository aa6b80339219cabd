import { describeUnknownSubPaths } from 'shared-auth/testing';
import RetailerRoutes from './routes';

// SPEC section 2: any path that is not a route shows '404 Page Not Found', signed in or out;
// the 404 wins over a sign-in redirect (issue 14).
describeUnknownSubPaths('retailer', RetailerRoutes, [
  '/landing/old',
  '/retailer-onboarding/x',
  '/robot-leasing/x',
  '/robot-leasing-payment/x',
  '/delivery-tracking-dashboard/x',
  '/api-docs/v1',
]);

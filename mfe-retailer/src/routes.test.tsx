import { describeUnknownSubPaths } from 'shared-auth/testing';
import RetailerRoutes from './routes';

// Any path that is not a route shows '404 Page Not Found', signed in or out; the 404 wins over
// a sign-in redirect, so an unknown address never asks a visitor to sign in first.
describeUnknownSubPaths('retailer', RetailerRoutes, [
  '/landing/old',
  '/retailer-onboarding/x',
  '/robot-leasing/x',
  '/robot-leasing-payment/x',
  '/delivery-tracking-dashboard/x',
  '/api-docs/v1',
]);

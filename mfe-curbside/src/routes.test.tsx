import { describeUnknownSubPaths } from 'shared-auth/testing';
import CurbsideRoutes from './routes';

// Any path that is not a route shows '404 Page Not Found', signed in or out; the 404 wins over
// a sign-in redirect, so an unknown address never asks a visitor to sign in first.
describeUnknownSubPaths('curbside', CurbsideRoutes, [
  '/curbside-pickup/x',
  '/curbside-pickup/x/y',
  '/curbside-pickup/arrival',
]);

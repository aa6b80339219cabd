/**
 * Route ownership (DESIGN.md section 1): which remote renders which paths. The shell loads a
 * remote only when one of its paths is visited. A remote owns its paths and everything below them
 * (`/schedule-pickup/payment`), so an unknown sub-path is the remote's to answer with NotFound.
 */
import { REMOTE_NAMES, type RemoteName } from 'shared-contracts/remote-rules';

export { REMOTE_NAMES, type RemoteName };

export const ROUTE_OWNERS: Record<RemoteName, readonly string[]> = {
  marketing: [
    '/',
    '/about-us',
    '/platform-services',
    '/how-it-works',
    '/team',
    '/help-center',
    '/delivery-info',
    '/careers',
    '/contact',
  ],
  customer: [
    '/schedule-pickup',
    '/store-selection',
    '/checkout',
    '/subscribe',
    '/pickup-history',
    '/delivery-tracking',
    '/wallet',
    '/settings',
    '/refund-request',
  ],
  curbside: ['/curbside-pickup'],
  retailer: [
    '/landing',
    '/checkout-widget',
    '/api-docs',
    '/delivery-tracking-dashboard',
    '/retailer-onboarding',
    '/robot-leasing',
    '/robot-leasing-payment',
    '/robot-leasing-success',
  ],
};

/** Human names used in the "unavailable" panel. */
export const REMOTE_LABELS: Record<RemoteName, string> = {
  marketing: 'Home and information pages',
  customer: 'Customer account and pickups',
  curbside: 'Curbside pickup',
  retailer: 'Retailer tools',
};

/** Paths the shell renders itself. */
export const SHELL_PATHS = ['/auth', '/re-authenticate', '/verify-email', '/dev/outbox'] as const;

function owns(prefix: string, pathname: string): boolean {
  // "/" owns only the home page; every other prefix owns itself and its sub-paths, matched by
  // whole segments so "/robot-leasing" does not swallow "/robot-leasing-payment".
  if (prefix === '/') return pathname === '/';
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

export function normalisePath(pathname: string): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return trimmed === '' ? '/' : trimmed.toLowerCase();
}

/** The remote that owns a path, or null when no remote does (shell page or 404). */
export function findOwner(pathname: string): RemoteName | null {
  const path = normalisePath(pathname);
  for (const name of REMOTE_NAMES) {
    if (ROUTE_OWNERS[name].some((prefix) => owns(prefix, path))) return name;
  }
  return null;
}

import { ownerOf } from 'shared-contracts/pages';
import { REMOTE_NAMES, type RemoteName } from 'shared-contracts/remote-rules';

export { REMOTE_NAMES, type RemoteName };

/**
 * Which remote renders which paths: each remote's pages as its `src/pages.ts` declares them,
 * written into the shell by its build (shared-build, site-pages.ts). A remote owns its pages'
 * paths and everything below them (`/schedule-pickup/payment`), so an unknown sub-path is the
 * remote's to answer with NotFound. The shell loads a remote only when one of its paths is visited.
 */
declare const __ROUTE_OWNERS__: Readonly<Record<RemoteName, readonly string[]>>;

export const ROUTE_OWNERS: Readonly<Record<RemoteName, readonly string[]>> = __ROUTE_OWNERS__;

/** Human names used in the "unavailable" panel. */
export const REMOTE_LABELS: Record<RemoteName, string> = {
  marketing: 'Home and information pages',
  customer: 'Customer account and pickups',
  curbside: 'Curbside pickup',
  retailer: 'Retailer tools',
};

/** The remote that owns a path, or null when no remote does (shell page or 404). */
export function findOwner(pathname: string): RemoteName | null {
  return ownerOf(ROUTE_OWNERS, pathname);
}

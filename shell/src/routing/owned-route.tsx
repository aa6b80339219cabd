import { NotFound } from 'shared-ui';
import { useLocation } from 'shared-ui/router';
import { RemoteOutlet } from '../remotes/remote-outlet';
import { PageReadyMark } from './page-ready-mark';
import { findOwner } from './route-table';

/** Any path the shell does not render itself goes to the remote that owns it, or to the 404. */
export function OwnedRoute() {
  const { pathname } = useLocation();
  const owner = findOwner(pathname);
  if (!owner) {
    return (
      <>
        <NotFound />
        <PageReadyMark />
      </>
    );
  }
  // Keyed by remote: moving to another remote starts with a fresh boundary and loader.
  return <RemoteOutlet key={owner} remote={owner} />;
}

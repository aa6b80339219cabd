import { useEffect } from 'react';
import { remoteLoader } from '../remotes/remote-loader';
import { findOwner } from '../routing/route-table';
import { watchLinkIntent } from './link-intent';

/**
 * Preloads the remote behind any link the user is about to follow (hover, keyboard focus, touch).
 * Repeated intents cost nothing: the loader keeps what it loaded. Renders nothing; mounted once.
 */
export function RemotePreloader({
  loader = remoteLoader,
}: {
  loader?: Pick<typeof remoteLoader, 'preload'>;
}) {
  useEffect(
    () =>
      watchLinkIntent(document, {
        onIntent: (pathname) => {
          const owner = findOwner(pathname);
          if (owner) void loader.preload(owner);
        },
      }),
    [loader],
  );
  return null;
}

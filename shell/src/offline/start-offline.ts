import type { QueryClient } from '@tanstack/react-query';
import { keepSessionOnDevice } from 'shared-auth';
import { whenIdle } from 'shared-ui';

/**
 * The offline support of the site (ADR 018), started by bootstrap: the customer's data kept on
 * the device, and the service worker. Both wait until the page is interactive and the browser is
 * idle, so a first load pays nothing for them; except that a page rendered here from nothing
 * (the worker's offline stand-in, or a static host) needs the data kept on the device at once.
 */
export function startOffline(client: QueryClient, { renderedHere }: { renderedHere: boolean }) {
  if (renderedHere) void keepSessionOnDevice(client);
  whenIdle(() => {
    if (!renderedHere) void keepSessionOnDevice(client);
    // Development builds have no worker: the dev servers would be cached behind hot reload.
    if (process.env.NODE_ENV === 'production') {
      void import(/* webpackChunkName: "worker-registration" */ './register-worker').then(
        (module) => module.registerWorker(),
      );
    }
  });
}

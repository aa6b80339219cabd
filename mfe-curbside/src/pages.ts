import type { ComponentType } from 'react';
import { definePages } from 'shared-contracts/pages';

/**
 * Every page of this remote, declared once (shared-contracts `pages.ts` says what each field
 * means): its routes, its preloading, the shell's routing and the server's come from this list.
 */
export const PAGES = definePages<ComponentType>([
  {
    path: '/curbside-pickup',
    signedInOnly: true,
    load: () =>
      import(
        /* webpackChunkName: "route~curbside-pickup" */ './features/curbside-pickup/curbside-pickup-page'
      ).then((m) => m.CurbsidePickupPage),
  },
]);

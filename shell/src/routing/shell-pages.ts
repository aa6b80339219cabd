import type { ComponentType } from 'react';
import { definePages } from 'shared-contracts/pages';

/**
 * The shell's own pages, declared once like a remote's (shared-contracts `pages.ts`): the shell's
 * routes (app.tsx), their preloading and the server's table (`shellPaths`) come from this list.
 * Most visitors never see them, so each loads on demand.
 */
export const SHELL_PAGES = definePages<ComponentType>([
  {
    path: '/auth',
    load: () =>
      import(/* webpackChunkName: "route~auth" */ '../pages/auth-page').then((m) => m.AuthPage),
  },
  {
    path: '/re-authenticate',
    load: () =>
      import(/* webpackChunkName: "route~re-authenticate" */ '../pages/re-authenticate-page').then(
        (m) => m.ReAuthenticatePage,
      ),
  },
  {
    path: '/verify-email',
    load: () =>
      import(/* webpackChunkName: "route~verify-email" */ '../pages/verify-email-page').then(
        (m) => m.VerifyEmailPage,
      ),
  },
  {
    path: '/dev/outbox',
    load: () =>
      import(/* webpackChunkName: "route~dev~outbox" */ '../pages/dev-outbox-page').then(
        (m) => m.DevOutboxPage,
      ),
  },
]);

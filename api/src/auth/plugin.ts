import fastifyPlugin from 'fastify-plugin';
import type { ApiDomain } from '../http/api-domain.ts';
import { authRoutes } from './routes.ts';
import { installSessionCache } from './session-cache.ts';
import { sessionCookieRoutes } from './session-cookie.ts';

/**
 * Accounts. Registered once in app.ts. Not encapsulated, so `request.user` and
 * `request.session` are declared on every request of the app and any domain can guard its routes
 * with `requireUser` / `requireSensitiveAuth` from `./guards.ts`.
 */
export const authPlugin = fastifyPlugin(
  async (app) => {
    app.decorateRequest('user', null as never);
    app.decorateRequest('session', null as never);
    await installSessionCache(app);
    await app.register(authRoutes);
    await app.register(sessionCookieRoutes);
  },
  { name: 'auth' },
);

export const authDomain: ApiDomain = {
  tags: [
    {
      name: 'auth',
      description:
        'Accounts: register, verify the email, sign in and out, and re-check the password for sensitive actions',
    },
  ],
  plugin: authPlugin,
};

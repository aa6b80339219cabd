import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { meResponseSchema } from 'shared-contracts/auth';
import {
  notificationPreferencesSchema,
  updateNotificationPreferencesSchema,
} from 'shared-contracts/settings';
import {
  accountProfileSchema,
  changeEmailRequestSchema,
  changePasswordRequestSchema,
  deleteAccountRequestSchema,
  emailChangeResponseSchema,
  updateProfileRequestSchema,
  userListSchema,
  userMessageSchema,
} from 'shared-contracts/users';
import { defaultAddressLine } from '../addresses/service.ts';
import { requireSensitiveAuth, requireUser } from '../auth/guards.ts';
import { perIpRateLimit, withRetryAfter } from '../auth/rate-limits.ts';
import { clearSessionCookie } from '../auth/session-cookie.ts';
import { toPublicUser } from '../auth/user.ts';
import type { ApiDomain } from '../http/api-domain.ts';
import { errorResponses, noStore } from '../http/responses.ts';
import {
  getNotificationPreferences,
  saveNotificationPreferences,
} from '../notifications/preferences.ts';
import { deleteAccount } from './anonymise.ts';
import {
  changePassword,
  getAccountProfile,
  requestEmailChange,
  signOutOtherSessions,
  updateProfile,
} from './service.ts';

const errors = errorResponses(400, 401);

/**
 * The account (/settings): `GET /api/users` answers only the caller's own
 * record; everything here is about the signed-in user and never about anyone else.
 */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  const { config } = app;
  const perIp = perIpRateLimit(config);

  app.addHook('preHandler', requireUser);
  noStore(app);

  // Auth's call, answered with the account's routes: the user it describes carries their default
  // address, and auth sits below addresses.
  app.get(
    '/api/auth/me',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        response: { 200: meResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({
      user: toPublicUser(
        request.user,
        // Kept with the cached session (session-cache.ts), dropped when an address changes.
        await app.sessionCache.userValue(request.user.id, 'defaultAddressLine', new Date(), () =>
          defaultAddressLine(db(), request.user.id),
        ),
      ),
    }),
  );

  app.get(
    '/api/users',
    {
      schema: {
        tags: ['users'],
        summary: 'Your own user record, as a list of one',
        description:
          'It never lists other users: the answer is always an array holding exactly the signed-in user (with `pendingEmail` while an email change waits for its link).',
        response: { 200: userListSchema, ...errors },
      },
    },
    async (request) => [await getAccountProfile(db(), request.user.id)],
  );

  app.get(
    '/api/users/me',
    {
      schema: {
        tags: ['users'],
        summary: 'Your profile',
        response: { 200: accountProfileSchema, ...errors },
      },
    },
    async (request) => getAccountProfile(db(), request.user.id),
  );

  app.patch(
    '/api/users/me',
    {
      schema: {
        tags: ['users'],
        summary: 'Change your first name, last name and username',
        description: 'A username someone else has (in any case) is 409 with the field in `issues`.',
        body: updateProfileRequestSchema,
        response: { 200: accountProfileSchema, ...errors, ...errorResponses(409) },
      },
    },
    async (request) => updateProfile(db(), request.user.id, request.body),
  );

  app.post(
    '/api/users/me/email',
    {
      preHandler: requireSensitiveAuth,
      schema: {
        tags: ['users'],
        summary: 'Change your email address (sensitive): sends a verification link to the new one',
        description:
          'Needs the sensitive window (403 outside it). The email changes when the link is opened at /verify-email; the current address is told. 409 when another account uses the address.',
        body: changeEmailRequestSchema,
        response: {
          200: emailChangeResponseSchema,
          ...errors,
          ...errorResponses(403, 409),
        },
      },
    },
    async (request) =>
      requestEmailChange(db(), request.user.id, request.body.email, {
        now: new Date(),
        publicUrl: config.publicUrl,
      }),
  );

  app.post(
    '/api/users/me/password',
    {
      config: { rateLimit: perIp },
      schema: {
        tags: ['users'],
        summary: 'Change your password; every other session is signed out',
        description:
          "A wrong current password is 403 (this session stays signed in) and counts against this session and address: 5 failures in 15 minutes, then 429 with Retry-After for this session only; the owner's other sessions are not affected.",
        body: changePasswordRequestSchema,
        response: { 200: userMessageSchema, ...errors, ...errorResponses(403, 429) },
      },
    },
    async (request, reply) => {
      const message = await withRetryAfter(reply, () =>
        changePassword(
          db(),
          {
            userId: request.user.id,
            sessionId: request.session.id,
            address: request.ip,
            currentPassword: request.body.currentPassword,
            newPassword: request.body.newPassword,
          },
          new Date(),
        ),
      );
      return { message };
    },
  );

  app.post(
    '/api/users/me/sessions/sign-out-others',
    {
      config: { rateLimit: perIp },
      preHandler: requireSensitiveAuth,
      schema: {
        tags: ['users'],
        summary: 'Sign out of all other sessions (sensitive); this one stays signed in',
        description:
          'Needs the sensitive window (403 outside it: confirm the password first). Every other session and its live streams end at once; the owner is emailed.',
        response: { 200: userMessageSchema, ...errors, ...errorResponses(403) },
      },
    },
    async (request) => ({
      message: await signOutOtherSessions(
        db(),
        { userId: request.user.id, sessionId: request.session.id },
        new Date(),
      ),
    }),
  );

  app.delete(
    '/api/users/me',
    {
      config: { rateLimit: perIp },
      preHandler: requireSensitiveAuth,
      schema: {
        tags: ['users'],
        summary: 'Delete your account (sensitive): personal data removed, orders kept anonymised',
        description:
          'Needs the sensitive window, the password again and `confirmation: "DELETE"`. Every session ends; the account can no longer sign in.',
        body: deleteAccountRequestSchema,
        response: {
          200: userMessageSchema,
          ...errors,
          ...errorResponses(403, 409, 429),
        },
      },
    },
    async (request, reply) => {
      const message = await withRetryAfter(reply, () =>
        deleteAccount(
          db(),
          {
            userId: request.user.id,
            sessionId: request.session.id,
            address: request.ip,
            password: request.body.password,
          },
          new Date(),
        ),
      );
      // The session just ended: the browser forgets its page-rendering cookie now, not on the
      // next page it asks for.
      clearSessionCookie(request, reply);
      return { message };
    },
  );

  app.get(
    '/api/users/me/notification-preferences',
    {
      schema: {
        tags: ['users'],
        summary: 'Your notification preferences: email and SMS per kind of event',
        response: { 200: notificationPreferencesSchema, ...errors },
      },
    },
    async (request) => getNotificationPreferences(db(), request.user.id),
  );

  app.put(
    '/api/users/me/notification-preferences',
    {
      schema: {
        tags: ['users'],
        summary: 'Save your notification preferences',
        description:
          'Text messages need a mobile number. Security emails and the curbside PIN are always sent.',
        body: updateNotificationPreferencesSchema,
        response: { 200: notificationPreferencesSchema, ...errors },
      },
    },
    async (request) => saveNotificationPreferences(db(), request.user.id, request.body),
  );
};

export const usersDomain: ApiDomain = {
  tags: [{ name: 'users', description: 'Your own account: profile, email, password, deletion' }],
  plugin: userRoutes,
};

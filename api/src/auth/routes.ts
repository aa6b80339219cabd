import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authMessageResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  registerRequestSchema,
  sensitiveWindowResponseSchema,
  verifyEmailRequestSchema,
  verifyRecentRequestSchema,
} from 'shared-contracts/auth';
import { bearerToken } from '../http/bearer-token.ts';
import { errorResponses, noStore } from '../http/responses.ts';
import { requireSensitiveAuth, requireUser } from './guards.ts';
import { perIpRateLimit, withRetryAfter } from './rate-limits.ts';
import {
  AUTH_RESULT_MESSAGES,
  login,
  registerUser,
  resendVerification,
  verifyEmail,
  verifyRecentPassword,
} from './service.ts';
import { clearSessionCookie, setSessionCookie } from './session-cookie.ts';
import { publishSessionRevocation } from './session-revocation.ts';
import { revokeSession } from './sessions.ts';

/** Answers for a 429, both the per-account limit (ours) and the per-IP one (@fastify/rate-limit). */
const errors = errorResponses(400, 429);
const signedInErrors = errorResponses(401);

/**
 * The `/api/auth/*` calls (all but `GET /api/auth/me`, which users/routes.ts answers), plus
 * resending the verification email.
 * Everything here answers `Cache-Control: no-store`: tokens and personal data must not be cached
 * by a browser or a proxy, whatever `max-age` the client's default fetcher asks for.
 */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const sensitiveWindowMs = config.sensitiveAuthWindowSeconds * 1000;

  const perIp = perIpRateLimit(config);

  noStore(app);

  app.post(
    '/api/auth/register',
    {
      config: { rateLimit: perIp },
      schema: {
        tags: ['auth'],
        summary: 'Create an account and send the verification email',
        description:
          'Invalid fields answer 400 `{ message, issues }`; a taken username or email answers 409 with the field in `issues`.',
        body: registerRequestSchema,
        response: { 201: authMessageResponseSchema, ...errorResponses(409), ...errors },
      },
    },
    async (request, reply) => {
      const { message } = await registerUser(app.database.db, request.body, {
        now: new Date(),
        publicUrl: config.publicUrl,
      });
      return reply.code(201).send({ message });
    },
  );

  app.post(
    '/api/auth/verify-email',
    {
      config: { rateLimit: perIp },
      schema: {
        tags: ['auth'],
        summary: 'Confirm an email address with the token from the verification link',
        description:
          "Single use, valid 24 hours; otherwise 400 with a message. A link sent for an email change makes the new address the account's (409 if another account took it meanwhile).",
        body: verifyEmailRequestSchema,
        response: { 200: authMessageResponseSchema, ...errorResponses(409), ...errors },
      },
    },
    async (request) => {
      const message = await verifyEmail(app.database.db, request.body.token, { now: new Date() });
      return { message };
    },
  );

  app.post(
    '/api/auth/login',
    {
      config: { rateLimit: perIp },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email or username and password',
        description:
          'Returns a bearer token (30 days) and opens the sensitive window. Unknown account and wrong password give the same 401. After 5 failures for one account from one address within 15 minutes, that address gets 429 with Retry-After (one try per 15 minutes while the account sees 20 failures from all addresses); other addresses are not affected.',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, ...errorResponses(401), ...errors },
      },
    },
    async (request, reply) => {
      const result = await withRetryAfter(reply, () =>
        login(app.database.db, request.body, {
          now: new Date(),
          sensitiveWindowMs,
          address: request.ip,
        }),
      );
      // The page-rendering cookie (ADR 015); the JSON answer stays as clients know it.
      setSessionCookie(request, reply, result.token);
      return { token: result.token, user: { id: result.userId } };
    },
  );

  app.post(
    '/api/auth/logout',
    {
      preHandler: requireUser,
      // Also when the token was already gone (401): the browser forgets the cookie either way.
      onSend: async (request, reply) => clearSessionCookie(request, reply),
      schema: {
        tags: ['auth'],
        summary: 'End the session: its token stops working at once',
        response: { 200: authMessageResponseSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const { id: sessionId } = request.session;
      await app.database.db.transaction(async (tx) => {
        await revokeSession(tx, sessionId, new Date());
        // Its live streams end too, on every API process, once this commits.
        await publishSessionRevocation(tx, { userId: request.user.id, sessionIds: [sessionId] });
      });
      return { message: AUTH_RESULT_MESSAGES.loggedOut };
    },
  );

  app.post(
    '/api/auth/verify-recent',
    {
      config: { rateLimit: perIp },
      preHandler: requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Re-check the password and open the sensitive window',
        description: `A wrong password answers 403 (the session stays valid). Counts against the same per-account-and-address limit as login. The window lasts SENSITIVE_AUTH_WINDOW_SECONDS (${config.sensitiveAuthWindowSeconds} s here).`,
        body: verifyRecentRequestSchema,
        response: {
          200: sensitiveWindowResponseSchema,
          ...errorResponses(403),
          ...signedInErrors,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const until = await withRetryAfter(reply, () =>
        verifyRecentPassword(
          app.database.db,
          {
            userId: request.user.id,
            sessionId: request.session.id,
            password: request.body.password,
          },
          { now: new Date(), sensitiveWindowMs, address: request.ip },
        ),
      );
      // The cookie follows the session that re-checked (set anew if it was missing or another's).
      const token = bearerToken(request);
      if (token) setSessionCookie(request, reply, token);
      return {
        message: AUTH_RESULT_MESSAGES.passwordConfirmed,
        sensitiveUntil: until.toISOString(),
      };
    },
  );

  app.get(
    '/api/auth/check-sensitive',
    {
      preHandler: requireSensitiveAuth,
      schema: {
        tags: ['auth'],
        summary: 'Whether the session re-checked the password recently',
        description: '200 inside the sensitive window, 403 outside it, 401 without a session.',
        response: {
          200: sensitiveWindowResponseSchema,
          ...errorResponses(403),
          ...signedInErrors,
        },
      },
    },
    async (request) => ({
      message: 'Sensitive access granted.',
      // requireSensitiveAuth guarantees an open window, hence a date.
      sensitiveUntil: (request.session.sensitiveUntil ?? new Date()).toISOString(),
    }),
  );

  app.post(
    '/api/auth/resend-verification',
    {
      config: { rateLimit: perIp },
      preHandler: requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Send a new verification email to the signed-in user',
        description:
          'At most one a minute per account (429 with Retry-After); 409 when already verified.',
        response: {
          200: authMessageResponseSchema,
          ...errorResponses(409),
          ...signedInErrors,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const message = await withRetryAfter(reply, () =>
        resendVerification(app.database.db, request.user.id, {
          now: new Date(),
          publicUrl: config.publicUrl,
        }),
      );
      return { message };
    },
  );
};

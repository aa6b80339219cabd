import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RELEASE_REPORT_LIMITS, RELEASE_REPORT_PATH } from 'shared-contracts/release-rules';
import {
  releaseReportAnswerSchema,
  releaseReportSchema,
  releasesStatusSchema,
} from 'shared-contracts/releases';
import { remoteNameSchema } from 'shared-contracts/remotes';
import { z } from 'zod';
import { ForbiddenError, HttpError } from '../http/errors.ts';
import { errorResponses } from '../http/responses.ts';
import { assignmentCookieValue } from './assignment.ts';
import { operatorGuard } from './operator-auth.ts';

/**
 * The shell's reports (public, safe to leave open: small, signed, once per page view, rate
 * limited per visitor) and the operator's view of every remote's releases.
 */
export const releaseRoutes: FastifyPluginAsyncZod = async (app) => {
  const registry = app.releases;

  app.post(
    RELEASE_REPORT_PATH,
    {
      bodyLimit: RELEASE_REPORT_LIMITS.bodyBytes,
      config: {
        rateLimit: {
          max: app.config.releases.reportsPerMinute,
          timeWindow: 60_000,
          // Per visitor (their assignment cookie); a request without one is refused anyway.
          keyGenerator: (request: FastifyRequest) =>
            assignmentCookieValue(request.headers.cookie)?.slice(0, 64) ?? request.ip,
          errorResponseBuilder: () => new HttpError(429, 'Too many reports from this browser.'),
        },
      },
      schema: {
        tags: ['platform'],
        summary: 'Report what a page saw of each remote release (page view, errors, Web Vitals)',
        description:
          'Sent by the shell with navigator.sendBeacon. Counted only for the releases the signed page token names, for the browser whose assignment cookie it was given to, once per page view; 403 otherwise.',
        body: releaseReportSchema,
        response: {
          202: releaseReportAnswerSchema,
          ...errorResponses(400, 403, 413, 429),
        },
      },
    },
    async (request, reply) => {
      const outcome = await registry.report(request, request.body);
      if ('refused' in outcome) throw new ForbiddenError(outcome.refused);
      reply.header('cache-control', 'no-store');
      return reply.code(202).send(outcome);
    },
  );

  const guard = operatorGuard(app.config);
  app.get(
    '/api/operator/releases',
    {
      preHandler: guard,
      schema: {
        tags: ['platform'],
        summary: "Operator: every remote's stable and canary release, their figures and history",
        description:
          'Bearer OPERATOR_TOKEN; without one configured, answered only to this machine outside production, and 404 in production.',
        response: { 200: releasesStatusSchema, ...errorResponses(401, 404) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return registry.status();
    },
  );

  app.get(
    '/api/operator/releases/:remote',
    {
      preHandler: guard,
      schema: {
        tags: ['platform'],
        summary: "Operator: one remote's releases, figures and history",
        params: z.object({ remote: remoteNameSchema }),
        response: { 200: releasesStatusSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return registry.status(request.params.remote);
    },
  );
};

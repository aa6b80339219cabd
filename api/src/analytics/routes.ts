import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from 'shared-contracts/errors';
import { dashboardQuerySchema, dashboardSchema } from 'shared-contracts/retailer-api';
import { z } from 'zod';
import { requireUser } from '../auth/guards.ts';
import { requireAccountOfUser } from '../retailer-accounts/service.ts';
import { retailerTopic } from '../retailer-api/delivery-sync.ts';
import { demoPublishableKey, ensureDemoRetailer } from './demo.ts';
import { dashboardSnapshot, deliveriesCsv } from './service.ts';

const csvName = (name: string, mode: string) =>
  `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${mode}-deliveries.csv`;

/** `/delivery-tracking-dashboard`: the signed-in retailer's deliveries and analytics. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  app.addHook('preHandler', requireUser);

  const scopeOf = async (userId: string, mode: 'test' | 'live') => {
    const account = await requireAccountOfUser(db(), userId);
    return { accountId: account.id, mode, businessName: account.businessName, demo: false };
  };

  app.get(
    '/api/retailer/dashboard',
    {
      schema: {
        tags: ['analytics'],
        summary: 'Counts by status, recent deliveries, active couriers and analytics',
        querystring: dashboardQuerySchema,
        response: {
          200: dashboardSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return dashboardSnapshot(
        db(),
        await scopeOf(request.user.id, request.query.mode),
        new Date(),
      );
    },
  );

  app.get(
    '/api/retailer/dashboard/events',
    {
      schema: {
        tags: ['analytics'],
        summary: 'Live changes of your deliveries (server-sent events, `event: delivery`)',
        querystring: dashboardQuerySchema,
      },
    },
    async (request, reply) => {
      const scope = await scopeOf(request.user.id, request.query.mode);
      return app.realtime.stream(request, reply, {
        topic: retailerTopic(scope.accountId, scope.mode),
      });
    },
  );

  app.get(
    '/api/retailer/dashboard/deliveries.csv',
    {
      schema: {
        tags: ['analytics'],
        summary: 'Your recent deliveries as CSV',
        querystring: dashboardQuerySchema,
      },
    },
    async (request, reply) => {
      const scope = await scopeOf(request.user.id, request.query.mode);
      const snapshot = await dashboardSnapshot(db(), scope, new Date());
      return reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'no-store')
        .header(
          'content-disposition',
          `attachment; filename="${csvName(scope.businessName, scope.mode)}"`,
        )
        .send(deliveriesCsv(snapshot.deliveries));
    },
  );
};

/** The demo store's dashboard, for visitors (public, read-only, clearly labelled `demo: true`). */
export const demoRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  const demoScope = async () => {
    const demo = await ensureDemoRetailer(db());
    return {
      accountId: demo.accountId,
      mode: 'test' as const,
      businessName: demo.businessName,
      demo: true,
    };
  };

  app.get(
    '/api/demo/dashboard',
    {
      schema: {
        tags: ['analytics'],
        summary: 'The demo store’s dashboard (simulated orders, for visitors)',
        response: { 200: dashboardSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return dashboardSnapshot(db(), await demoScope(), new Date());
    },
  );

  app.get(
    '/api/demo/dashboard/events',
    {
      schema: { tags: ['analytics'], summary: 'Live changes of the demo store’s deliveries (SSE)' },
    },
    async (request, reply) => {
      const scope = await demoScope();
      return app.realtime.stream(request, reply, {
        topic: retailerTopic(scope.accountId, scope.mode),
      });
    },
  );

  app.get(
    '/api/demo/dashboard/deliveries.csv',
    { schema: { tags: ['analytics'], summary: 'The demo store’s recent deliveries as CSV' } },
    async (_request, reply) => {
      const snapshot = await dashboardSnapshot(db(), await demoScope(), new Date());
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="demo-deliveries.csv"')
        .send(deliveriesCsv(snapshot.deliveries));
    },
  );

  app.get(
    '/api/demo/widget-key',
    {
      schema: {
        tags: ['widget'],
        summary: 'The demo store’s test publishable key (the widget builder’s preview)',
        response: { 200: z.object({ publishableKey: z.string().nullable() }) },
      },
    },
    async () => ({ publishableKey: await demoPublishableKey(db()) }),
  );
};

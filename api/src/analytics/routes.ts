import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { demoWidgetKeySchema } from 'shared-contracts/retailer';
import { dashboardQuerySchema, dashboardSchema } from 'shared-contracts/retailer-api';
import { activePublishableKey } from '../api-keys/service.ts';
import { requireUser } from '../auth/guards.ts';
import { errorResponses } from '../http/responses.ts';
import { retailerTopic } from '../retailer-api/delivery-sync.ts';
import { requireAccountOfUser } from '../retailers/accounts.ts';
import { type DemoAccount, ensureDemoRetailer } from './demo.ts';
import { dashboardSnapshot, deliveriesCsv } from './service.ts';
import { sharedSnapshot } from './shared-snapshot.ts';

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
          ...errorResponses(400, 401, 404),
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

/** How long visitors of the demo dashboard share one snapshot (it also refreshes on live events). */
export const DEMO_SNAPSHOT_TTL_MS = 2_000;

/**
 * The demo store's dashboard, for visitors (public, read-only, clearly labelled `demo: true`).
 * Anyone can call these as often as they like, so they are served from state shared by every
 * visitor of the process: the demo account is looked up once, the dashboard and the widget key
 * at most once per DEMO_SNAPSHOT_TTL_MS, and the live stream shares one reader per topic
 * (realtime/event-streams.ts), capped per address like every stream.
 */
export const demoRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  // The demo account never changes once created; only a failed look-up is tried again.
  let demoAccount: Promise<DemoAccount> | undefined;
  const demoScope = async () => {
    demoAccount ??= ensureDemoRetailer(db()).catch((error: unknown) => {
      demoAccount = undefined;
      throw error;
    });
    const demo = await demoAccount;
    return {
      accountId: demo.accountId,
      mode: 'test' as const,
      businessName: demo.businessName,
      demo: true,
    };
  };
  const dashboard = sharedSnapshot(
    async () => dashboardSnapshot(db(), await demoScope(), new Date()),
    DEMO_SNAPSHOT_TTL_MS,
  );
  const widgetKey = sharedSnapshot(
    async () => activePublishableKey(db(), (await demoScope()).accountId, 'test', new Date()),
    DEMO_SNAPSHOT_TTL_MS,
  );

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
      return dashboard();
    },
  );

  app.get(
    '/api/demo/dashboard/events',
    {
      schema: {
        tags: ['analytics'],
        summary: 'Live changes of the demo store’s deliveries (SSE)',
        description: `At most ${app.config.liveStreamLimits.perAddress} streams per client address (429 \`{ message }\` with \`Retry-After\` beyond).`,
        response: errorResponses(429),
      },
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
      const snapshot = await dashboard();
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
        response: { 200: demoWidgetKeySchema },
      },
    },
    async () => ({ publishableKey: await widgetKey() }),
  );
};

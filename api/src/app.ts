import fastifyCompress from '@fastify/compress';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { addressRoutes } from './addresses/routes.ts';
import { analyticsPlugin } from './analytics/plugin.ts';
import { authPlugin } from './auth/plugin.ts';
import {
  createSessionRevocations,
  liveSessionIds,
  type SessionRevocations,
} from './auth/session-revocation.ts';
import { checkoutSessionRoutes, devCheckoutSessionRoutes } from './checkout-sessions/routes.ts';
import type { Config } from './config.ts';
import { curbsideRoutes } from './curbside/routes.ts';
import type { Database } from './db/database.ts';
import { mapTilesFromEnv } from './deliveries/map-tiles.ts';
import { deliveriesPlugin } from './deliveries/plugin.ts';
import { healthRoutes } from './health/routes.ts';
import { allowedHostsPlugin } from './http/allowed-hosts.ts';
import { catalogueCachePlugin } from './http/catalogue-cache.ts';
import { errorHandler } from './http/errors.ts';
import { logRequests } from './http/request-log.ts';
import { cspSourceOfTemplate, securityHeaders } from './http/security-headers.ts';
import { createResponseSerializerCompiler } from './http/serializer.ts';
import { trustProxyOption } from './http/trust-proxy.ts';
import { orderPickupEventsPlugin } from './order-pickups/plugin.ts';
import { orderPickupRoutes } from './order-pickups/routes.ts';
import { outboxPlugin } from './outbox/plugin.ts';
import { devOutboxRoutes } from './outbox/routes.ts';
import { paymentsPlugin } from './payments/plugin.ts';
import { paymentMethodRoutes } from './payments/routes.ts';
import { quoteRoutes } from './quotes/routes.ts';
import { createEventStreams, type EventStreams } from './realtime/event-streams.ts';
import { refundRoutes } from './refunds/routes.ts';
import { remotesRoutes } from './remotes/routes.ts';
import {
  RETAILER_OPENAPI_TAGS,
  RETAILER_SECURITY_SCHEMES,
  retailerPlugin,
} from './retailer-api/plugin.ts';
import { retailerRoutes } from './retailers/routes.ts';
import { createTimerRunner, type TimerRunner } from './simulator/timers.ts';
import { registerStaticSite } from './ssr/static-site.ts';
import { storeRoutes } from './stores/routes.ts';
import { subscriptionRoutes } from './subscriptions/routes.ts';
import { supportRoutes } from './support/routes.ts';
import { userRoutes } from './users/routes.ts';
import { walletRoutes } from './wallet/routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    /** Durable timers; domains register their kinds here, main.ts starts the runner. */
    timers: TimerRunner;
    /** Server-sent event streams; domains mount them on their own authorised routes. */
    realtime: EventStreams;
    /** "These sessions ended", heard from every API process (auth/session-revocation.ts). */
    sessionRevocations: SessionRevocations;
  }
}

export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface BuildAppOptions {
  config: Config;
  /** Opened (and later closed) by the caller; the app never closes it. */
  database: Database;
  timers?: { pollIntervalMs?: number; retryBaseMs?: number };
  /** SSE heartbeat interval, shortened in tests. */
  heartbeatMs?: number;
  /** Replaces the pino logger options, e.g. to capture logs in a test. */
  logger?: FastifyServerOptions['logger'];
}

function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    // Tokens and session cookies must never reach log storage.
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["idempotency-key"]',
        'res.headers["set-cookie"]',
      ],
      censor: '[redacted]',
    },
  };
}

/** The whole HTTP server, ready to `listen` or `inject`; see main.ts for the process around it. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    bodyLimit: BODY_LIMIT_BYTES,
    // Keep-alive connections without a request in flight are closed on shutdown at once.
    forceCloseConnections: 'idle',
    // Behind a load balancer (TRUST_PROXY): request.ip is the client, not the balancer.
    trustProxy: trustProxyOption(config.trustProxy),
    // One line per request instead of two (http/request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
  });
  logRequests(app);

  app.decorate('config', config);
  app.decorate('database', database);

  app.setValidatorCompiler(validatorCompiler);
  // Compiled serializers; the test suites also check every answer against its zod contract.
  app.setSerializerCompiler(
    createResponseSerializerCompiler({ verify: config.nodeEnv === 'test' }),
  );
  app.setErrorHandler(errorHandler);
  // Before anything answers: only the configured host names (DNS rebinding, issue 31).
  await app.register(allowedHostsPlugin);

  // Every body we accept is JSON. Fastify also parses text/plain by default, which would turn a
  // wrongly typed request into a confusing validation error instead of a 415.
  app.removeContentTypeParser('text/plain');

  // nosniff and Referrer-Policy everywhere, the CSP on pages, CORS on /remotes/* (issue 9).
  const tileSource = cspSourceOfTemplate(mapTilesFromEnv(process.env)?.urlTemplate);
  await app.register(securityHeaders, {
    remoteUrls: config.remoteUrls,
    shellOrigins: config.shellOrigins,
    // The delivery map's optional tile server (MAP_TILE_URL, read like the deliveries plugin does).
    imageSources: tileSource ? [tileSource] : [],
    hsts: new URL(config.publicUrl).protocol === 'https:',
  });

  const timers = createTimerRunner({
    db: database.db,
    timeScale: config.simTimeScale,
    logger: app.log,
    ...options.timers,
  });
  app.decorate('timers', timers);
  app.addHook('onClose', () => timers.stop());

  const sessionRevocations = await createSessionRevocations({ database, logger: app.log });
  app.decorate('sessionRevocations', sessionRevocations);
  const realtime = createEventStreams({
    database,
    logger: app.log,
    limits: config.liveStreamLimits,
    liveSessions: (ids, now) => liveSessionIds(database.db, ids, now),
    heartbeatMs: options.heartbeatMs,
  });
  app.decorate('realtime', realtime);
  // A stream belongs to its session: it ends on every process as soon as the session does.
  sessionRevocations.onRevoked((revoked) => realtime.endSessions(revoked));
  // Open streams would otherwise keep `close()` waiting for clients that never hang up.
  app.addHook('preClose', () => realtime.closeAll());

  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
  });

  // Routes opt in with `config: { rateLimit: { max, timeWindow } }` (login, registration, ...).
  await app.register(fastifyRateLimit, { global: false });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Curbside & same-day delivery API',
        description:
          'Every 4xx/5xx answer is `{ "message": string, "issues"?: [{ "path", "message" }] }`.',
        version: '1.0.0',
      },
      // One group per domain, in the order a reader meets them; openapi.test.ts checks that every
      // operation has exactly one of these and every group has operations.
      tags: [
        { name: 'platform', description: 'Health and runtime configuration' },
        {
          name: 'auth',
          description:
            'Accounts: register, verify the email, sign in and out, and re-check the password for sensitive actions',
        },
        { name: 'retailers', description: 'Partner retailers' },
        { name: 'stores', description: 'Partner stores' },
        { name: 'support', description: 'Customer support chat and contact form' },
        { name: 'addresses', description: 'Your saved delivery addresses (one is the default)' },
        {
          name: 'quotes',
          description:
            'Delivery fees and windows, priced by the server for a store and destination',
        },
        {
          name: 'order-pickups',
          description:
            'Schedule and pay a pickup, list and read your orders, cancel free of charge until the courier or robot leaves the store',
        },
        {
          name: 'curbside',
          description:
            'Curbside pickups: tell the store you have arrived, follow the robot live, open it with the PIN, confirm collection, cancel before it leaves the store',
        },
        { name: 'payments', description: 'Your saved cards (brand, last 4 and expiry only)' },
        { name: 'wallet', description: 'Wallet balance, ledger and top-ups by card' },
        { name: 'subscriptions', description: 'Delivery plans and your subscription' },
        {
          name: 'checkout',
          description: "A retailer's checkout session, reviewed and paid by the customer",
        },
        { name: 'deliveries', description: "Delivery tracking (the caller's own deliveries)" },
        { name: 'refunds', description: 'Refund requests under the SPEC section 9 policy' },
        { name: 'users', description: 'Your own account: profile, email, password, deletion' },
        ...(config.nodeEnv === 'production'
          ? []
          : [{ name: 'development', description: 'Only outside production' }]),
        ...RETAILER_OPENAPI_TAGS,
      ],
      components: { securitySchemes: RETAILER_SECURITY_SCHEMES },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });

  // Before the catalogue routes (retailers, stores, plans) that answer from it.
  await app.register(catalogueCachePlugin);
  await app.register(healthRoutes);
  await app.register(authPlugin);
  await app.register(remotesRoutes);
  await app.register(retailerRoutes);
  await app.register(storeRoutes);
  await app.register(supportRoutes);
  // The payment provider and the order-pickup status listeners, for every domain registered after.
  await app.register(paymentsPlugin);
  await app.register(orderPickupEventsPlugin);
  await app.register(addressRoutes);
  await app.register(quoteRoutes);
  await app.register(paymentMethodRoutes);
  await app.register(walletRoutes);
  await app.register(subscriptionRoutes);
  await app.register(orderPickupRoutes);
  await app.register(checkoutSessionRoutes);
  await app.register(curbsideRoutes);
  // After commerce (status listeners) and curbside (mirrored onto curbside deliveries).
  await app.register(deliveriesPlugin);
  await app.register(refundRoutes);
  await app.register(userRoutes);
  await app.register(retailerPlugin);
  await app.register(analyticsPlugin);
  // Secrets in the outbox (PINs, one-time links) are removed once no longer needed (issue 12).
  await app.register(outboxPlugin);
  // The dev checkout route plants item prices with no key: it exists only beside the outbox.
  if (config.nodeEnv !== 'production') {
    await app.register(devOutboxRoutes);
    await app.register(devCheckoutSessionRoutes);
  }

  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  const site = await registerStaticSite(app, config.staticRoot);

  app.setNotFoundHandler(async (request, reply) => {
    if (await site.historyFallback(request, reply)) return reply;
    const pathname = request.url.split('?')[0];
    return reply
      .code(404)
      .type('application/json; charset=utf-8')
      .send({ message: `Not found: ${request.method} ${pathname}` });
  });

  return app;
}

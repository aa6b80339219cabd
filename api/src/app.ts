import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import {
  createSessionRevocations,
  liveSessionIds,
  type SessionRevocations,
} from './auth/session-revocation.ts';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { mapTilesFromEnv } from './deliveries/map-tiles.ts';
import { API_DOMAINS } from './domains.ts';
import { registerOpenApi } from './http/openapi.ts';
import { cspSourceOfTemplate } from './http/security-headers.ts';
import { registerTransport } from './http/transport.ts';
import { trustProxyOption } from './http/trust-proxy.ts';
import { createEventStreams, type EventStreams } from './realtime/event-streams.ts';
import { createTimerRunner, type TimerRunner } from './simulator/timers.ts';
import { AFTER_PAINT_SCRIPT_SOURCE } from './ssr/after-paint-script.ts';
import { SIGN_IN_FIRST_SCRIPT_SOURCE } from './ssr/sign-in-first-script.ts';
import { registerStaticSite } from './ssr/static-site.ts';

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

/**
 * The whole HTTP server, ready to `listen` or `inject`; see main.ts for the process around it.
 * Read top-down: the transport every request goes through, the services domains share, the
 * OpenAPI document, the domains by layer (domains.ts), then the site: built files and pages
 * rendered on the server (ssr/), and the 404 answer.
 */
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
  app.decorate('config', config);
  app.decorate('database', database);

  // The delivery map's optional tile server (MAP_TILE_URL) may send the pages images.
  const tileSource = cspSourceOfTemplate(mapTilesFromEnv(process.env)?.urlTemplate);
  // Rendered pages run two inline scripts at most, which the policy allows by their hashes: the
  // after-paint hints (ADR 023) and, on the sign-in page sent for another page, the sign-in-first
  // script (ADR 022).
  await registerTransport(app, {
    imageSources: tileSource ? [tileSource] : [],
    inlineScripts: [AFTER_PAINT_SCRIPT_SOURCE, SIGN_IN_FIRST_SCRIPT_SOURCE],
  });
  await decorateSharedServices(app, options);

  const domains = API_DOMAINS.filter((domain) => domain.enabled?.(config) ?? true);
  await registerOpenApi(app, domains);
  for (const domain of domains) await app.register(domain.plugin);

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

/** Durable timers, the sessions' revocation channel and live event streams, for every domain. */
async function decorateSharedServices(
  app: FastifyInstance,
  { config, database, ...options }: BuildAppOptions,
): Promise<void> {
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
}

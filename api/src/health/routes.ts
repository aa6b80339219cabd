import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthDownSchema, healthSchema } from 'shared-contracts/health';
import type { Database } from '../db/database.ts';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE } from '../db/unavailable.ts';
import type { ApiDomain } from '../http/api-domain.ts';

/** A health check answers quickly even when the database does not (a connect can hang). */
const DATABASE_CHECK_TIMEOUT_MS = 2_000;
/**
 * Load balancers and monitors may ask many times a second: one probe of the database serves
 * every check within this long, so health stays about as cheap as it was without the probe.
 */
const DATABASE_CHECK_REUSE_MS = 1_000;

async function probe(database: Database): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), DATABASE_CHECK_TIMEOUT_MS);
  });
  const check = database.db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([check, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  let last: { at: number; answer: Promise<boolean> } | undefined;
  const databaseAnswers = (database: Database) => {
    const now = Date.now();
    if (!last || now - last.at >= DATABASE_CHECK_REUSE_MS) {
      last = { at: now, answer: probe(database) };
    }
    return last.answer;
  };

  app.get(
    '/api/health',
    {
      schema: {
        tags: ['platform'],
        summary: 'Answers once the server accepts requests, and says whether its database does',
        description:
          '503 with `Retry-After` while the database cannot be reached; the server recovers by ' +
          'itself when it is back.',
        response: { 200: healthSchema, 503: healthDownSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      if (await databaseAnswers(app.database))
        return { ok: true as const, database: 'up' as const };
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return reply.code(503).send({
        ok: false as const,
        database: 'down' as const,
        message: DATABASE_UNAVAILABLE_MESSAGE,
      });
    },
  );
};

export const healthDomain: ApiDomain = {
  tags: [{ name: 'platform', description: 'Health and runtime configuration' }],
  plugin: healthRoutes,
};

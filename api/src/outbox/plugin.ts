import type { FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { ApiDomain } from '../http/api-domain.ts';
import { redactExpiredSecrets } from './service.ts';

/**
 * How often each process removes secrets (PINs, one-time links) whose time in the outbox is over
 * (docs/security.md). The development outbox hides them from that moment already (`listOutbox`);
 * the sweep is what takes them out of the table, and so out of backups and database dumps.
 */
export const SECRET_REDACTION_INTERVAL_MS = 60_000;

const outboxHousekeeping: FastifyPluginAsync = async (app) => {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const sweep = () => {
    // One sweep at a time; with several processes the updates simply find nothing left to do.
    running ??= redactExpiredSecrets(app.database.db)
      .catch((error: unknown) => app.log.warn({ err: error }, 'outbox redaction failed; retrying'))
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(sweep, SECRET_REDACTION_INTERVAL_MS);
    timer.unref();
    sweep();
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });
};

/** The outbox's housekeeping; registered in every environment, production included. */
export const outboxPlugin = fastifyPlugin(outboxHousekeeping, { name: 'outbox' });

/** The outbox's housekeeping; in every environment, production included. */
export const outboxDomain: ApiDomain = { plugin: outboxPlugin };

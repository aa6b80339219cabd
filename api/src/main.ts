import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirectoryInUseError } from './db/data-directory-lock.ts';
import { createDatabase } from './db/database.ts';
import { migrateDatabase } from './db/migrate.ts';
import { releaseAbandonedKeys } from './http/idempotency.ts';
import { listen } from './http/listen.ts';
import { DEMO_CUSTOMER } from './seed/demo-customer.ts';
import { seedDatabase } from './seed/seed.ts';

// Shutdown waits for in-flight requests and timer handlers, but not forever.
const SHUTDOWN_TIMEOUT_MS = 10_000;

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  let database: Awaited<ReturnType<typeof createDatabase>>;
  try {
    database = await createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    // Another live server holds the embedded database: its message says what to do.
    if (error instanceof DataDirectoryInUseError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp({ config, database });
    app.log.info(
      { database: database.kind, dataDir: database.kind === 'pglite' ? config.dataDir : undefined },
      'database opened',
    );
    await migrateDatabase(database);
    // One process holds the embedded database: a request it did not finish before a crash is
    // not running anymore, so its retry need not wait for the key's lock to lapse.
    if (database.kind === 'pglite') await releaseAbandonedKeys(database.db);
    if ((await seedDatabase(app)) && config.demoCustomer) {
      app.log.info(
        {
          username: DEMO_CUSTOMER.username,
          email: DEMO_CUSTOMER.email,
          password: DEMO_CUSTOMER.password,
        },
        'seeded demo data; sign in as the demo customer with these credentials',
      );
    }
  } catch (error) {
    // Release the database (and the embedded database's lock) before reporting the failure.
    await database.close().catch(() => {});
    throw error;
  }
  const log = app.log;

  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    log.info({ signal }, 'shutting down');
    const forced = setTimeout(() => {
      log.error('shutdown timed out; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    forced.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  const { port, addresses } = await listen(app, { port: config.port, host: config.host });
  app.timers.start();
  const url = process.env.PUBLIC_URL ? config.publicUrl : `http://localhost:${port}`;
  log.info({ url, addresses }, `Curbside platform listening on ${url}`);
}

main().catch((error: unknown) => {
  console.error('API failed to start:', error);
  process.exit(1);
});

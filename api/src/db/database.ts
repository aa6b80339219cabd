import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Config } from '../config.ts';
import { lockDataDirectory } from './data-directory-lock.ts';

/**
 * The drizzle handle every query function takes. PGlite and node-postgres both produce a
 * `PgDatabase`; a transaction (`db.transaction(async (tx) => ...)`) is one too, so functions that
 * accept a `Db` run inside the caller's transaction when handed one.
 */
export type Db = PgDatabase<PgQueryResultHKT>;

export type DatabaseKind = 'pglite' | 'postgres';

export type NotificationHandler = (payload: string) => void;

export interface Database {
  readonly kind: DatabaseKind;
  readonly db: Db;
  /**
   * Subscribes to a PostgreSQL NOTIFY channel. Resolves once the subscription is active, so a
   * NOTIFY committed after that point reaches the handler. Returns the unsubscribe function.
   */
  listen(channel: string, handler: NotificationHandler): Promise<() => Promise<void>>;
  /** `pg_notify(channel, payload)` outside any transaction. Inside one, call `notifyIn(tx, ...)`. */
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Runs `fn` on one dedicated connection, for session-level state such as advisory locks.
   * PGlite has a single connection, so it simply runs on it.
   */
  withConnection<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  /**
   * Called each time the LISTEN connection is back after it was lost (PostgreSQL only): NOTIFYs
   * sent meanwhile never arrive, so listeners catch up from the stored data.
   */
  onListenRestored(handler: () => void): void;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl: Config['databaseUrl'];
  dataDir: Config['dataDir'];
  /** Where listener connection problems are reported; defaults to stderr. */
  onError?: (error: unknown, context: string) => void;
}

// LISTEN takes an identifier, not a parameter, and PGlite interpolates it as is: keep channel
// names to plain lower-case identifiers so nothing ever needs quoting.
const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export function assertChannelName(channel: string): void {
  if (!CHANNEL_NAME.test(channel)) {
    throw new Error(`Invalid notification channel name: ${JSON.stringify(channel)}`);
  }
}

/**
 * Opens the database named by the configuration: PostgreSQL when `databaseUrl` is set, otherwise
 * PGlite stored in `<dataDir>/pglite` (ADR 003).
 */
export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  const onError =
    options.onError ?? ((error, context) => console.error(`[database] ${context}`, error));
  if (options.databaseUrl) return createPostgresDatabase(options.databaseUrl, onError);
  return createPgliteDatabase(path.join(options.dataDir, 'pglite'));
}

/** Fans one LISTEN per channel out to any number of in-process handlers. */
class ChannelRegistry {
  readonly #channels = new Map<
    string,
    { handlers: Set<NotificationHandler>; ready: Promise<void> }
  >();

  constructor(
    private readonly backend: {
      subscribe(channel: string): Promise<void>;
      unsubscribe(channel: string): Promise<void>;
    },
  ) {}

  get channels(): string[] {
    return [...this.#channels.keys()];
  }

  async add(channel: string, handler: NotificationHandler): Promise<() => Promise<void>> {
    assertChannelName(channel);
    let entry = this.#channels.get(channel);
    if (entry) {
      entry.handlers.add(handler);
    } else {
      const handlers = new Set([handler]);
      const ready = this.backend.subscribe(channel);
      entry = { handlers, ready };
      this.#channels.set(channel, entry);
      ready.catch(() => {
        if (this.#channels.get(channel)?.ready === ready) this.#channels.delete(channel);
      });
    }
    const current = entry;
    await current.ready;
    let removed = false;
    return async () => {
      if (removed) return;
      removed = true;
      current.handlers.delete(handler);
      if (current.handlers.size === 0 && this.#channels.get(channel) === current) {
        this.#channels.delete(channel);
        await this.backend.unsubscribe(channel);
      }
    };
  }

  dispatch(channel: string, payload: string): void {
    const entry = this.#channels.get(channel);
    if (!entry) return;
    for (const handler of [...entry.handlers]) {
      try {
        handler(payload);
      } catch (error) {
        // One faulty subscriber must not starve the others; they are independent streams.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }

  clear(): void {
    this.#channels.clear();
  }
}

async function createPgliteDatabase(directory: string): Promise<Database> {
  await mkdir(directory, { recursive: true });
  const unlock = await lockDataDirectory(directory);
  let client: PGlite;
  try {
    client = await PGlite.create(directory);
  } catch (error) {
    await unlock();
    throw error;
  }
  const db = drizzlePglite({ client });
  const unsubscribers = new Map<string, () => Promise<void>>();
  const registry = new ChannelRegistry({
    async subscribe(channel) {
      const unsubscribe = await client.listen(channel, (payload) =>
        registry.dispatch(channel, payload),
      );
      unsubscribers.set(channel, unsubscribe);
    },
    async unsubscribe(channel) {
      const unsubscribe = unsubscribers.get(channel);
      unsubscribers.delete(channel);
      if (unsubscribe && !client.closed) await unsubscribe();
    },
  });

  return {
    kind: 'pglite',
    db,
    listen: (channel, handler) => registry.add(channel, handler),
    async notify(channel, payload) {
      assertChannelName(channel);
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    withConnection: (fn) => fn(db),
    // One process, no network: the embedded database's notifications are never lost.
    onListenRestored: () => {},
    async close() {
      registry.clear();
      unsubscribers.clear();
      if (!client.closed) await client.close();
      await unlock();
    },
  };
}

// Live updates resume within seconds of the database's return, without hammering it meanwhile.
const RECONNECT_FIRST_DELAY_MS = 500;
const RECONNECT_MAX_DELAY_MS = 4_000;

async function createPostgresDatabase(
  connectionString: string,
  onError: (error: unknown, context: string) => void,
): Promise<Database> {
  // A connection that cannot be made in time is an error (503 to the client), never a request
  // left hanging; keep-alive lets the operating system notice a peer that vanished.
  const connectionOptions = { connectionString, connectionTimeoutMillis: 10_000, keepAlive: true };
  const pool = new pg.Pool({ ...connectionOptions, max: 10 });
  // An idle pooled client losing its connection emits 'error' on the pool; without a listener
  // Node would crash the process. The pool replaces the client on the next checkout.
  pool.on('error', (error) => onError(error, 'idle pool client error'));
  // A checked-out client (a transaction between statements) has no such listener: its session
  // ending would be an unheard 'error' event, which ends the process. The query in progress, if
  // any, fails on its own, and the pool drops the broken client when it is released.
  pool.on('connect', (client) => {
    client.on('error', (error) => onError(error, 'pooled connection lost'));
  });
  const db = drizzleNodePg({ client: pool });

  // Fail fast (and with the server's own message) when the URL is wrong.
  const probe = await pool.connect();
  probe.release();

  let closing = false;
  let listener: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let reconnectDelayMs = RECONNECT_FIRST_DELAY_MS;
  let reconnectTimer: NodeJS.Timeout | undefined;
  const restoredHandlers = new Set<() => void>();

  const registry: ChannelRegistry = new ChannelRegistry({
    async subscribe(channel) {
      const client = await connectListener();
      await client.query(`LISTEN ${channel}`);
    },
    async unsubscribe(channel) {
      if (listener && !closing) await listener.query(`UNLISTEN ${channel}`);
    },
  });

  // LISTEN needs a connection that stays checked out for as long as anyone listens, so it gets
  // its own client instead of occupying a pool slot.
  function connectListener(): Promise<pg.Client> {
    if (listener) return Promise.resolve(listener);
    if (connecting) return connecting;
    const client = new pg.Client(connectionOptions);
    client.on('notification', (message) => {
      registry.dispatch(message.channel, message.payload ?? '');
    });
    const lost = (error?: unknown) => {
      if (listener !== client) return;
      listener = undefined;
      client.removeAllListeners('end');
      client.end().catch(() => {});
      if (closing) return;
      onError(error ?? new Error('connection ended'), 'LISTEN connection lost; reconnecting');
      scheduleReconnect();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    connecting = client
      .connect()
      .then(() => {
        listener = client;
        reconnectDelayMs = RECONNECT_FIRST_DELAY_MS;
        return client;
      })
      .finally(() => {
        connecting = undefined;
      });
    return connecting;
  }

  // Subscribers only miss NOTIFYs sent while the connection was down; the SSE streams catch up
  // from the events table on their periodic heartbeat, so re-subscribing is all that is needed.
  function scheduleReconnect() {
    if (closing || reconnectTimer) return;
    reconnectTimer = setTimeout(async () => {
      reconnectTimer = undefined;
      try {
        const client = await connectListener();
        for (const channel of registry.channels) await client.query(`LISTEN ${channel}`);
        for (const handler of restoredHandlers) handler();
      } catch (error) {
        onError(error, 'LISTEN reconnect failed');
        reconnectDelayMs = Math.min(reconnectDelayMs * 2, RECONNECT_MAX_DELAY_MS);
        scheduleReconnect();
      }
    }, reconnectDelayMs);
    reconnectTimer.unref();
  }

  return {
    kind: 'postgres',
    db,
    listen: (channel, handler) => registry.add(channel, handler),
    async notify(channel, payload) {
      assertChannelName(channel);
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    onListenRestored(handler) {
      restoredHandlers.add(handler);
    },
    async withConnection(fn) {
      const client = await pool.connect();
      try {
        return await fn(drizzleNodePg({ client }));
      } finally {
        client.release();
      }
    },
    async close() {
      closing = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      registry.clear();
      const client = listener ?? (await connecting?.catch(() => undefined));
      listener = undefined;
      await client?.end().catch(() => {});
      await pool.end();
    },
  };
}

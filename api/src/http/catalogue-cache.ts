import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';

/**
 * The public catalogue (partner retailers, their stores, the plans) is the same for every visitor
 * and rarely changes, so each answer is kept here serialized, with its ETag and compressed
 * copies (ADR 008). Triggers on its tables NOTIFY CATALOGUE_CHANNEL in the writing transaction,
 * so whoever writes, on whichever process, every process drops its copies at the commit.
 */
export const CATALOGUE_CHANNEL = 'catalogue_changes';

/**
 * A NOTIFY sent while a PostgreSQL LISTEN connection was down (it reconnects on its own) is lost;
 * no copy is therefore kept longer than this, so a missed change shows within a minute anyway.
 */
export const CATALOGUE_MAX_AGE_MS = 60_000;

/**
 * How long browsers and proxies may reuse a catalogue answer without asking: the clients'
 * freshness of stores, 5 minutes; the clients fetch retailers and plans in the same cache group.
 */
export const CATALOGUE_FRESH_SECONDS = 5 * 60;

type Encoding = 'br' | 'gzip';

interface Entry {
  /** The JSON as bytes: encoded once, not on every answer. */
  body: Buffer;
  etag: string;
  storedAt: number;
  compressed: Partial<Record<Encoding, Buffer>>;
}

export interface CatalogueCache {
  /**
   * Answers the request with the cached body of `key`, filling it with `load` (serialized by the
   * route's own response serializer) when missing: `ETag`, `Cache-Control: public, max-age`,
   * `Vary: Accept-Encoding`, brotli or gzip when accepted, and 304 without a body when
   * `If-None-Match` names the current ETag.
   */
  send(
    request: FastifyRequest,
    reply: FastifyReply,
    options: { key: string; maxAgeSeconds: number; load: () => Promise<unknown> | unknown },
  ): Promise<void>;
  /** Drops every copy (what a catalogue NOTIFY does). */
  clear(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    catalogueCache: CatalogueCache;
  }
}

// Below this, compressing costs more than the bytes it saves (as @fastify/compress's threshold).
const COMPRESS_THRESHOLD_BYTES = 1024;

export function createCatalogueCache(now: () => number = Date.now): CatalogueCache {
  const entries = new Map<string, Entry>();
  // Bumped by every change: a load that started before a change must not store what it read.
  let generation = 0;
  const loading = new Map<string, { generation: number; promise: Promise<Entry> }>();

  async function entryFor(
    reply: FastifyReply,
    key: string,
    load: () => Promise<unknown> | unknown,
  ): Promise<Entry> {
    const cached = entries.get(key);
    if (cached && now() - cached.storedAt < CATALOGUE_MAX_AGE_MS) return cached;
    const pending = loading.get(key);
    // Concurrent first requests share one database read.
    if (pending && pending.generation === generation) return pending.promise;
    const startedAt = generation;
    const promise = (async () => {
      const serialized = reply.serialize(await load());
      if (typeof serialized !== 'string') throw new Error(`${key}: the serializer wrote no text`);
      const body = Buffer.from(serialized);
      const entry: Entry = { body, etag: etagOf(body), storedAt: now(), compressed: {} };
      if (startedAt === generation) entries.set(key, entry);
      return entry;
    })();
    loading.set(key, { generation: startedAt, promise });
    try {
      return await promise;
    } finally {
      if (loading.get(key)?.promise === promise) loading.delete(key);
    }
  }

  return {
    async send(request, reply, { key, maxAgeSeconds, load }) {
      const entry = await entryFor(reply, key, load);
      reply
        .header('etag', entry.etag)
        .header('cache-control', `public, max-age=${maxAgeSeconds}`)
        .header('vary', 'accept-encoding');
      if (matchesEtag(request.headers['if-none-match'], entry.etag)) {
        reply.code(304).send();
        return;
      }
      reply.type('application/json; charset=utf-8');
      const encoding =
        entry.body.length >= COMPRESS_THRESHOLD_BYTES
          ? preferredEncoding(request.headers['accept-encoding'])
          : undefined;
      if (!encoding) {
        reply.send(entry.body);
        return;
      }
      entry.compressed[encoding] ??= compress(entry.body, encoding);
      // Setting Content-Encoding tells @fastify/compress the body is already compressed.
      reply.header('content-encoding', encoding).send(entry.compressed[encoding]);
    },
    clear() {
      generation += 1;
      entries.clear();
    },
  };
}

function etagOf(body: Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** `If-None-Match: *`, one tag, or a list; weak tags match too (RFC 9110, weak comparison). */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** br, else gzip, when the client accepts them (q > 0); otherwise the plain body. */
function preferredEncoding(header: string | string[] | undefined): Encoding | undefined {
  if (!header) return undefined;
  const accepted = new Map<string, number>();
  for (const part of String(header).split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const quality = (name: Encoding) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (quality('br') > 0) return 'br';
  if (quality('gzip') > 0) return 'gzip';
  return undefined;
}

function compress(body: Buffer, encoding: Encoding): Buffer {
  // Compressed once per change, so the densest setting is affordable.
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: {
          [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
          [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
        },
      })
    : gzipSync(body, { level: 9 });
}

/**
 * Decorates `app.catalogueCache` and subscribes it to CATALOGUE_CHANNEL before any route can
 * fill it, so no change committed after start-up is missed.
 */
export const catalogueCachePlugin = fastifyPlugin(
  async (app: FastifyInstance) => {
    const cache = createCatalogueCache();
    const unlisten = await app.database.listen(CATALOGUE_CHANNEL, () => cache.clear());
    app.decorate('catalogueCache', cache);
    app.addHook('onClose', async () => {
      cache.clear();
      await unlisten();
    });
  },
  { name: 'catalogue-cache' },
);

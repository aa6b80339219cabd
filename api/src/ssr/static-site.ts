import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { REMOTE_NAMES, type RemoteName } from 'shared-contracts/remotes';
import { clearSessionCookie } from '../auth/session-cookie.ts';
import { buildRemotesManifest } from '../remotes/service.ts';
import { SERVER_RENDER_DATA_PATHS } from './data-allow-list.ts';
import { createPageComposer } from './page-html.ts';
import { createPublicFetch, createServerRenderer } from './server-render.ts';
import { hasSessionCookie, type InternalGet, signedInVisitor } from './signed-in-visitor.ts';

export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
export const REVALIDATE_CACHE = 'no-cache';
/** A page with a customer's data in it (ADR 015): no shared cache, no browser cache may keep it. */
export const PERSONAL_PAGE_CACHE = 'private, no-store';
/** A page for this visitor's releases of the remotes (ADR 019): no shared cache may keep it. */
export const VISITOR_PAGE_CACHE = 'private, no-cache';

// shared-build names production files `[name].[contenthash:10].ext`.
const CONTENT_HASHED = /\.[0-9a-f]{10}\./;
const PRECOMPRESSED_SUFFIX = /\.(?:br|gz)$/;

/**
 * Hashed files never change under the same name, so browsers keep them for a year. Everything
 * else (index.html, mf-manifest.json, remoteEntry without a hash, favicon) is revalidated on each
 * use, which is what lets a redeployed remote show up without a shell rebuild.
 */
export function cacheControlFor(filePath: string): string {
  const name = path.basename(filePath).replace(PRECOMPRESSED_SUFFIX, '');
  return CONTENT_HASHED.test(name) ? IMMUTABLE_CACHE : REVALIDATE_CACHE;
}

export interface StaticSite {
  shellDist: string | undefined;
  remotes: Partial<Record<RemoteName, string>>;
  /**
   * Answers a request no route matched with the shell's page when it is a page navigation (so
   * client-side routes survive a reload): index.html with the remotes configuration inlined and
   * preload hints for the page's remote (ssr/page-html.ts). `/` takes the same path.
   * Resolves to whether it answered (false: not a page navigation, or no shell is built).
   */
  historyFallback(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
}

function distFolder(folder: string, requiredFile?: string): string | undefined {
  const dist = path.join(folder, 'dist');
  return existsSync(requiredFile ? path.join(dist, requiredFile) : dist) ? dist : undefined;
}

function isPageNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '/';
  if (pathname === '/api' || pathname.startsWith('/api/')) return false;
  if (pathname === '/remotes' || pathname.startsWith('/remotes/')) return false;
  // A last segment with an extension is a file request (a missing chunk must 404, not get HTML).
  const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
  if (lastSegment.includes('.')) return false;
  // Browsers ask for text/html; plain clients (curl, fetch, link checkers) send */* or nothing
  // and should get the page too. Only a client that asks for something else (JSON) gets the 404.
  const accept = request.headers.accept;
  return !accept || accept.includes('text/html') || accept.includes('*/*');
}

/**
 * Folders are never browsed, and an app's Node build (`server/`, for server rendering) is the
 * server's own, not a public file.
 */
function isPublicFile(pathName: string): boolean {
  return !pathName.endsWith('/') && !/^\/?(?:server|releases)(?:\/|$)/.test(pathName);
}

/**
 * Production serving (docs/deploy.md): the shell's build at `/`, each remote's build under
 * `/remotes/<name>/`, precompressed `.br`/`.gz` siblings when the client accepts them. Folders
 * that are not built are skipped, so the API also runs alone (tests, `pnpm dev`).
 */
export async function registerStaticSite(
  app: FastifyInstance,
  staticRoot: string,
): Promise<StaticSite> {
  const shellDist = distFolder(path.join(staticRoot, 'shell'), 'index.html');
  const remotes: Partial<Record<RemoteName, string>> = {};
  for (const name of REMOTE_NAMES) {
    const dist = distFolder(path.join(staticRoot, `mfe-${name}`));
    if (dist) remotes[name] = dist;
  }

  const common = {
    preCompressed: true,
    // We set Cache-Control ourselves (cacheControlFor); send's default max-age=0 would fight it.
    cacheControl: false,
    setHeaders: (reply: FastifyReply, filePath: string) => {
      reply.header('cache-control', cacheControlFor(filePath));
    },
  } as const;

  let decorated = false;
  if (shellDist) {
    await app.register(fastifyStatic, {
      ...common,
      root: shellDist,
      prefix: '/',
      // No folder pages: `/` and every client-side route get the composed page (history fallback).
      index: false,
      allowedPath: isPublicFile,
      decorateReply: true,
    });
    decorated = true;
  }
  for (const [name, dist] of Object.entries(remotes)) {
    await app.register(fastifyStatic, {
      ...common,
      root: dist,
      prefix: `/remotes/${name}/`,
      // Remotes are folders of assets, never browsed as pages: a folder is "not found" (send would
      // answer 403), like any other path that is not a file.
      index: false,
      allowedPath: isPublicFile,
      decorateReply: !decorated,
    });
    decorated = true;
  }

  // Fixed while the process runs, like the /remotes.json route's answer (remotes/routes.ts).
  const remotesConfig = buildRemotesManifest(app.config.remoteUrls, app.config.remoteLoadTimeoutMs);
  // Through the route itself (its guards, its cache, its response schema), without a socket.
  const internalGet: InternalGet = async (url, authorization) => {
    const answer = await app.inject({
      method: 'GET',
      url,
      headers: authorization ? { authorization } : {},
    });
    return { statusCode: answer.statusCode, headers: answer.headers, body: answer.body };
  };
  const renderer =
    shellDist && app.config.serverRendering
      ? createServerRenderer({
          shellDist,
          // Only a remote served from this process's own folder has its Node build here.
          remoteBundle: (name) => {
            const dist = remotes[name];
            return dist && remotesConfig[name] === `/remotes/${name}/mf-manifest.json`
              ? path.join(dist, 'server', 'routes.js')
              : undefined;
          },
          warn: (message) => app.log.warn(message),
          fetchPublic: createPublicFetch(SERVER_RENDER_DATA_PATHS, internalGet),
        })
      : undefined;
  const composer = shellDist
    ? createPageComposer({
        shellDist,
        remoteDists: remotes,
        remotesConfig: () => remotesConfig,
        renderer,
      })
    : undefined;

  return {
    shellDist,
    remotes,
    async historyFallback(request, reply) {
      if (!composer || !isPageNavigation(request)) return false;
      // Only a page the server renders can carry the customer's data (ADR 015).
      const visitor = renderer
        ? await signedInVisitor(request, { db: app.database.db, get: internalGet })
        : undefined;
      const releases = app.releases.forVisitor(request, reply);
      const html = await composer.page(request.url, visitor, releases);
      if (html === undefined) return false;
      if (visitor) {
        reply.header('cache-control', PERSONAL_PAGE_CACHE).header('vary', 'Cookie');
      } else {
        reply.header('cache-control', releases ? VISITOR_PAGE_CACHE : REVALIDATE_CACHE);
        if (releases) reply.header('vary', 'Cookie');
        // A cookie of a session that ended is worth nothing: the browser may forget it.
        if (renderer && hasSessionCookie(request)) clearSessionCookie(request, reply);
      }
      // A reply is thenable (it resolves once sent), so it is sent here and not returned.
      reply.code(200).type('text/html; charset=utf-8').send(html);
      return true;
    },
  };
}

import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { REMOTE_NAMES, type RemoteName } from 'shared-contracts/remotes';

/**
 * Security headers for a site composed from several origins. Pages get a CSP that runs
 * scripts only from this origin and the remotes' (`REMOTE_<NAME>_URL`, the list `/remotes.json`
 * gives), with no `unsafe-eval` and no inline script but those named by their hash (the one a
 * rendered page carries, ssr/after-paint-script.ts). Styles allow `'unsafe-inline'` on purpose:
 * styled-components and Radix inject `<style>` at runtime, and nonces would need a per-request
 * index.html that static hosts and CDNs cannot serve (ADR 004). Remote assets (`/remotes/*`)
 * answer cross-origin requests only from the shell's origins.
 */

export interface FramablePage {
  /** Exact pathname of the page (`/checkout`); sub-paths are not included. */
  path: string;
  /** Origins allowed to frame it (`https://shop.example`), or `'*'` for any https/http site. */
  ancestors: (request: FastifyRequest) => string[] | Promise<string[]>;
}

export interface SecurityHeadersOptions {
  /** Base URL of each remote deployed elsewhere (undefined: served by this process). */
  remoteUrls: Record<RemoteName, string | undefined>;
  /** Origins of the shells allowed to load this server's remotes cross-origin. */
  shellOrigins: readonly string[];
  /** Pages other sites may embed in a frame (the checkout widget); every other page may not. */
  framablePages?: readonly FramablePage[];
  /** More image sources pages may use, e.g. the MAP_TILE_URL host (`https://*.tiles.example`). */
  imageSources?: readonly string[];
  /** The hashes (`'sha256-…'`) of the only inline scripts pages may run. */
  inlineScripts?: readonly string[];
  /**
   * Send Strict-Transport-Security: true when the site is served over https (PUBLIC_URL), so a
   * browser that has seen it once never talks plain http to it again.
   */
  hsts?: boolean;
}

/**
 * One year, as OWASP recommends. No `includeSubDomains`: this server does not know what else runs
 * under the deployer's domain, and no `preload`, which only the domain's owner can decide.
 */
export const HSTS_POLICY = 'max-age=31536000';

export const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/** `https://cdn.example/marketing/v7/` → `https://cdn.example`; undefined for anything unusable. */
export function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const { origin, protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:' ? origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The CSP source of a URL template such as MAP_TILE_URL (`https://{s}.tile.example/{z}/{x}/{y}.png`
 * → `https://*.tile.example`): a placeholder as the first host label becomes the `*.` wildcard; a
 * template whose host CSP cannot express is skipped (undefined).
 */
export function cspSourceOfTemplate(template: string | undefined): string | undefined {
  const match = template ? /^(https?):\/\/([^/?#]+)/.exec(template) : null;
  if (!match) return undefined;
  const host = (match[2] ?? '').replace(/^\{[^}]*\}\./, '*.');
  if (/[{}\s*]/.test(host.replace(/^\*\./, ''))) return undefined;
  return `${match[1]}://${host}`;
}

/** The distinct origins the remotes are deployed to, other than this server itself. */
export function remoteOrigins(remoteUrls: SecurityHeadersOptions['remoteUrls']): string[] {
  const origins = REMOTE_NAMES.map((name) => originOf(remoteUrls[name])).filter(
    (origin): origin is string => origin !== undefined,
  );
  return [...new Set(origins)].sort();
}

export function contentSecurityPolicy({
  remotes,
  frameAncestors = [],
  imageSources = [],
  inlineScripts = [],
}: {
  remotes: readonly string[];
  /** Empty: no site may frame the page. */
  frameAncestors?: readonly string[];
  imageSources?: readonly string[];
  /** Hash sources (`'sha256-…'`) of the inline scripts allowed to run. */
  inlineScripts?: readonly string[];
}): string {
  const self = ["'self'", ...remotes];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // The shell's bundles and every remote's entry and chunks, and of inline scripts only those
    // named by their hash; nothing evaluated.
    'script-src': [...self, ...inlineScripts],
    'style-src': [...self, "'unsafe-inline'"],
    // Remotes ship images and fonts beside their scripts; small ones are inlined as data: URLs.
    'img-src': [...self, ...imageSources, 'data:', 'blob:'],
    'font-src': [...self, 'data:'],
    // The shell fetches each remote's mf-manifest.json; pages call /api on this origin.
    'connect-src': self,
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': frameAncestors.length ? [...frameAncestors] : ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/** Whether a cross-origin request to remote assets comes from one of the shell's origins. */
export function allowedShellOrigin(
  origin: string | undefined,
  shellOrigins: readonly string[],
): string | undefined {
  if (!origin) return undefined;
  return shellOrigins.includes(origin) ? origin : undefined;
}

function isHtml(reply: FastifyReply): boolean {
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && type.startsWith('text/html');
}

function pathnameOf(request: FastifyRequest): string {
  return (request.url.split('?')[0] ?? '/').replace(/\/+$/, '') || '/';
}

export const securityHeaders = fp<SecurityHeadersOptions>(
  async (app, options) => {
    const remotes = remoteOrigins(options.remoteUrls);
    const shellOrigins = options.shellOrigins.map((origin) => originOf(origin) ?? origin);
    const framable = new Map((options.framablePages ?? []).map((page) => [page.path, page]));
    const imageSources = [...(options.imageSources ?? [])];
    const inlineScripts = [...(options.inlineScripts ?? [])];
    const strictPolicy = contentSecurityPolicy({ remotes, imageSources, inlineScripts });

    app.addHook('onRequest', async (request, reply) => {
      // Browsers ignore the header on plain http answers, so behind a TLS proxy it is safe to send
      // it on every answer; it only exists when PUBLIC_URL says the site is https.
      if (options.hsts) reply.header('strict-transport-security', HSTS_POLICY);
      reply.header('x-content-type-options', 'nosniff');
      reply.header('referrer-policy', REFERRER_POLICY);
      if (request.url.startsWith('/remotes/')) {
        // Caches must keep one copy per Origin, or a shell could be served another's answer.
        reply.header('vary', 'Origin');
        const allowed = allowedShellOrigin(request.headers.origin, shellOrigins);
        if (allowed) reply.header('access-control-allow-origin', allowed);
      }
    });

    app.addHook('onSend', async (request, reply, payload) => {
      if (!isHtml(reply)) return payload;
      const page = framable.get(pathnameOf(request));
      if (page) {
        const ancestors = await page.ancestors(request);
        reply.header(
          'content-security-policy',
          contentSecurityPolicy({
            remotes,
            frameAncestors: ancestors,
            imageSources,
            inlineScripts,
          }),
        );
      } else {
        reply.header('content-security-policy', strictPolicy);
        // For browsers that predate frame-ancestors.
        reply.header('x-frame-options', 'DENY');
      }
      return payload;
    });
  },
  { name: 'security-headers' },
);

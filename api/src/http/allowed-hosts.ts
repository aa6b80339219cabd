import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isLoopbackHost } from '../config.ts';

/**
 * DNS rebinding: a web page on attacker.example can point its own name at
 * 127.0.0.1 and read this server's answers (the development outbox, a signed-in page) as
 * same-origin. The browser still sends `Host: attacker.example`, so the server answers only for
 * the names it is configured for: PUBLIC_URL's host, ALLOWED_HOSTS, and the loopback names when
 * it listens on loopback.
 */

export const HOST_MESSAGES = {
  missing: 'This server needs a Host header naming it.',
  notAllowed: (host: string) =>
    `This server does not answer for the host "${host}". Use its configured address, or add the name to ALLOWED_HOSTS.`,
};

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '::1'];

/** `Example.COM.:8080` → `example.com`; `[::1]:80` → `::1`; null when it is no host. */
export function hostnameOf(hostHeader: string): string | null {
  try {
    const { hostname } = new URL(`http://${hostHeader}`);
    if (!hostname || `http://${hostHeader}`.includes('@')) return null;
    return hostname
      .replace(/^\[(.*)\]$/, '$1')
      .replace(/\.$/, '')
      .toLowerCase();
  } catch {
    return null;
  }
}

/** The host names this server answers for. */
export function allowedHostnames(config: {
  publicUrl: string;
  host: string;
  allowedHosts: readonly string[];
}): Set<string> {
  const names = new Set<string>();
  const add = (value: string) => {
    const name = hostnameOf(value);
    if (name) names.add(name);
  };
  add(new URL(config.publicUrl).host);
  for (const host of config.allowedHosts) add(host);
  if (isLoopbackHost(config.host))
    for (const name of LOOPBACK_NAMES) add(name.includes(':') ? `[${name}]` : name);
  return names;
}

export const allowedHostsPlugin = fp(async (app: FastifyInstance) => {
  const allowed = allowedHostnames(app.config);
  // First of all hooks: a refused request reaches no route, page or static file.
  app.addHook('onRequest', async (request, reply) => {
    const header = request.headers.host ?? request.headers[':authority'];
    const value = Array.isArray(header) ? header[0] : header;
    if (!value) return reply.code(400).send({ message: HOST_MESSAGES.missing });
    const name = hostnameOf(value);
    if (!name || !allowed.has(name)) {
      return reply.code(421).send({ message: HOST_MESSAGES.notAllowed(value) });
    }
  });
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { LOOPBACK_HOST } from '../config.ts';

/**
 * Starts listening. The default HOST (`localhost`) means both loopback addresses, 127.0.0.1 and
 * ::1: browsers resolve `localhost` to either (Chromium tries ::1 first), and the README's
 * http://localhost:8080 must answer on both, while no other machine can connect.
 *
 * Fastify's own `host: 'localhost'` binds only what the system resolver returns for the name,
 * which is 127.0.0.1 alone on hosts whose /etc/hosts lacks `::1 localhost`; so 127.0.0.1 is the
 * main server and ::1 a second server on the same port with the same request handler. A machine
 * without IPv6 simply gets the first.
 */
export async function listen(
  app: FastifyInstance,
  options: { host: string; port: number },
): Promise<{ port: number; addresses: string[] }> {
  if (options.host !== LOOPBACK_HOST) {
    await app.listen({ host: options.host, port: options.port });
    return { port: (app.server.address() as AddressInfo).port, addresses: [options.host] };
  }
  await app.listen({ host: '127.0.0.1', port: options.port });
  const { port } = app.server.address() as AddressInfo;
  const ipv6 = await listenAlso(app, '::1', port);
  return { port, addresses: ipv6 ? ['127.0.0.1', '::1'] : ['127.0.0.1'] };
}

async function listenAlso(app: FastifyInstance, host: string, port: number): Promise<boolean> {
  const main = app.server;
  const extra: Server = createServer(app.routing);
  extra.keepAliveTimeout = main.keepAliveTimeout;
  extra.headersTimeout = main.headersTimeout;
  extra.requestTimeout = main.requestTimeout;
  const bound = await new Promise<boolean>((resolve) => {
    extra.once('error', (error: NodeJS.ErrnoException) => {
      // No IPv6 loopback on this machine: 127.0.0.1 is enough.
      if (error.code === 'EADDRNOTAVAIL' || error.code === 'EAFNOSUPPORT') resolve(false);
      else {
        app.log.warn({ err: error, host, port }, 'could not also listen on the IPv6 loopback');
        resolve(false);
      }
    });
    extra.listen({ host, port, ipv6Only: true }, () => resolve(true));
  });
  if (!bound) return false;
  // Closed with the main server, as Fastify does for its own secondary bindings: app.close()
  // ends the event streams and waits for requests, then the main server emits 'close'.
  main.once('close', () => {
    extra.close();
    extra.closeAllConnections();
  });
  return true;
}

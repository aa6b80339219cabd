import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';

/**
 * Fastify's `trustProxy` from TRUST_PROXY: true/false, a list of proxy addresses, or a number of
 * hops (Fastify accepts a number at runtime but not in its types, hence the function).
 */
export function trustProxyOption(value: Config['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof value !== 'number') return value;
  return (_address: string, hop: number) => hop < value;
}

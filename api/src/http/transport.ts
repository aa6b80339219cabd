import fastifyCompress from '@fastify/compress';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { allowedHostsPlugin } from './allowed-hosts.ts';
import { catalogueCachePlugin } from './catalogue-cache.ts';
import { errorHandler } from './errors.ts';
import { logRequests } from './request-log.ts';
import { securityHeaders } from './security-headers.ts';
import { createResponseSerializerCompiler } from './serializer.ts';

/**
 * What every request goes through before a domain answers it: one log line, zod validation and
 * compiled serializers, the `{ message, issues? }` error answers, the host check, the security
 * headers, compression, the opt-in rate limits and the catalogue answers' cache.
 */
export async function registerTransport(
  app: FastifyInstance,
  {
    imageSources,
    inlineScripts,
  }: { imageSources: readonly string[]; inlineScripts: readonly string[] },
): Promise<void> {
  const { config } = app;
  // One line per request instead of two (request-log.ts).
  logRequests(app);
  app.setValidatorCompiler(validatorCompiler);
  // Compiled serializers; the test suites also check every answer against its zod contract.
  app.setSerializerCompiler(
    createResponseSerializerCompiler({ verify: config.nodeEnv === 'test' }),
  );
  app.setErrorHandler(errorHandler);
  // Before anything answers: only the configured host names (DNS rebinding).
  await app.register(allowedHostsPlugin);

  // Every body we accept is JSON. Fastify also parses text/plain by default, which would turn a
  // wrongly typed request into a confusing validation error instead of a 415.
  app.removeContentTypeParser('text/plain');

  // nosniff and Referrer-Policy everywhere, the CSP on pages, CORS on /remotes/*.
  await app.register(securityHeaders, {
    remoteUrls: config.remoteUrls,
    shellOrigins: config.shellOrigins,
    imageSources,
    inlineScripts,
    hsts: new URL(config.publicUrl).protocol === 'https:',
  });
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
  });
  // Routes opt in with `config: { rateLimit: { max, timeWindow } }` (login, registration, ...).
  await app.register(fastifyRateLimit, { global: false });
  // Before the catalogue routes (retailers, stores, plans) that answer from it.
  await app.register(catalogueCachePlugin);
}

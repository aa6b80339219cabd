import type { FastifyInstance } from 'fastify';

/**
 * One log line per request, written when the answer has gone: method, path,
 * status and time. Fastify's own request logging writes two lines, the first with the request's
 * host and addresses, each passed through the redaction of headers: twice the work for every
 * request, for nothing a reader of the logs uses. Headers (tokens, cookies) are never logged here.
 */
export function logRequests(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    // Below the info level pino makes this a no-op that builds nothing.
    request.log.info(
      {
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        responseTime: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request completed',
    );
    done();
  });
}

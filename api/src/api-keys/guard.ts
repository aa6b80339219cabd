import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { ApiKeyKind, ApiMode } from 'shared-contracts/retailer';
import { RETAILER_API_MESSAGES } from 'shared-contracts/retailer-api';
import { bearerToken } from '../http/bearer-token.ts';
import { ForbiddenError, HttpError, UnauthorizedError } from '../http/errors.ts';
import { retailerAccounts } from '../retailers/schema.ts';
import { parseApiKey } from './keys.ts';
import { consumeRateLimit, rateLimitHeaders } from './rate-limit.ts';
import { findKeyByToken, isKeyActive, touchKey } from './service.ts';

/** Who is calling the retailer API: set by `requireApiKey` before the handler runs. */
export interface ApiKeyContext {
  keyId: string;
  accountId: string;
  /** The `retailers.id` of the account: the API's `retailer_id`. */
  retailerId: string;
  businessName: string;
  allowedDomains: string[];
  mode: ApiMode;
  kind: ApiKeyKind;
}

declare module 'fastify' {
  interface FastifyRequest {
    apiKey: ApiKeyContext;
  }
}

class ApiKeyError extends UnauthorizedError {}

/**
 * Authenticates a retailer API call by its key (separate from customer sessions) and applies the
 * account's rate limit. `kind` says which keys the route takes: secret keys on the retailer's
 * server, publishable keys from the widget in a browser.
 *
 * Register it as an `onRequest` hook: it runs before the body is parsed and the schemas validate
 * anything, so a caller without a valid key learns nothing about what a request should look like
 * (a 401, never a 400 describing the expected body) and costs us no body parsing.
 */
export function requireApiKey(kind: ApiKeyKind): onRequestAsyncHookHandler {
  return async function apiKeyGuard(request: FastifyRequest, reply: FastifyReply) {
    const app = request.server;
    const db = app.database.db;
    const now = new Date();
    try {
      const token = bearerToken(request);
      if (token === null) throw new ApiKeyError(RETAILER_API_MESSAGES.missingKey);
      const parsed = parseApiKey(token);
      if (!parsed) throw new ApiKeyError(RETAILER_API_MESSAGES.malformedKey);
      if (parsed.kind !== kind) {
        throw new ForbiddenError(
          kind === 'secret'
            ? RETAILER_API_MESSAGES.publishableNotAllowed
            : RETAILER_API_MESSAGES.secretNotAllowed,
        );
      }
      const key = await findKeyByToken(db, token);
      if (!key) throw new ApiKeyError(RETAILER_API_MESSAGES.invalidKey);
      if (!isKeyActive(key, now)) throw new ApiKeyError(RETAILER_API_MESSAGES.revokedKey);
      const [account] = await db
        .select()
        .from(retailerAccounts)
        .where(eq(retailerAccounts.id, key.accountId));
      if (!account) throw new ApiKeyError(RETAILER_API_MESSAGES.invalidKey);

      const limit = await consumeRateLimit(
        db,
        { accountId: account.id, kind: key.kind, mode: key.mode },
        app.config.retailerApiRateLimitPerMinute,
        now,
      );
      reply.headers(rateLimitHeaders(limit));
      if (!limit.allowed) {
        reply.header('retry-after', String(limit.resetSeconds));
        throw new HttpError(429, RETAILER_API_MESSAGES.rateLimited(limit.resetSeconds));
      }
      await touchKey(db, key.id, now);
      request.apiKey = {
        keyId: key.id,
        accountId: account.id,
        retailerId: account.retailerId,
        businessName: account.businessName,
        allowedDomains: account.allowedDomains,
        mode: key.mode,
        kind: key.kind,
      };
    } catch (error) {
      if (error instanceof ApiKeyError) {
        reply.header('www-authenticate', 'Bearer realm="CurbRun retailer API"');
      }
      throw error;
    }
  };
}

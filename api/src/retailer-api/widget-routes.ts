import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  RETAILER_API_MESSAGES,
  widgetCartSchema,
  widgetCheckoutRequestSchema,
  widgetCheckoutResponseSchema,
  widgetQuoteSchema,
} from 'shared-contracts/retailer-api';
import { requireApiKey } from '../api-keys/guard.ts';
import { defaultWeightClass } from '../checkout-sessions/service.ts';
import { ForbiddenError } from '../http/errors.ts';
import { idempotent } from '../http/idempotency.ts';
import { initializeCheckout } from './checkout.ts';
import { deliveryOptions } from './delivery-options.ts';
import { originAllowed } from './origin.ts';
import { retailerApiErrors } from './routes.ts';

const WIDGET_PREFIX = '/api/v1/widget';
/** The widget's customer may sign in as anyone at checkout; the session needs a name meanwhile. */
export const WIDGET_DEFAULT_CUSTOMER_NAME = 'Online shopper';

/**
 * The widget builder's live preview runs on our own pages with the demo store's test key, so a
 * test key may also be used from `PUBLIC_URL`'s origin. Never compared with the request's `Host`:
 * a script sets both headers as it likes.
 */
function isOwnPreview(origin: string, request: FastifyRequest): boolean {
  if (request.apiKey.mode !== 'test') return false;
  try {
    return new URL(origin).origin === new URL(request.server.config.publicUrl).origin;
  } catch {
    return false;
  }
}

/**
 * The checkout widget's calls from retailers' pages: a publishable key
 * (`Authorization: Bearer pk_…`) that works only from the retailer's allowed domains, checked
 * against the browser's `Origin` header (a browser cannot forge it; a server could, which is why
 * publishable keys can only price a cart and open a checkout, never read data).
 */
export const widgetRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;

  // CORS: the answer (errors included) is readable by the calling page, so the widget can show
  // why it was refused; only allowed origins get past the guard.
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (origin) {
      reply.header('access-control-allow-origin', origin);
      reply.header('vary', 'Origin');
      reply.header('access-control-expose-headers', 'RateLimit, RateLimit-Policy, Retry-After');
    }
  });

  app.options(`${WIDGET_PREFIX}/*`, { schema: { hide: true } }, async (_request, reply) =>
    reply
      .code(204)
      .header('access-control-allow-methods', 'POST, OPTIONS')
      .header('access-control-allow-headers', 'authorization, content-type, idempotency-key')
      .header('access-control-max-age', '600')
      .send(),
  );

  await app.register(async (scoped) => {
    // Key, then Origin, both before the body is parsed: a refused caller learns nothing of it.
    scoped.addHook('onRequest', requireApiKey('publishable'));
    scoped.addHook('onRequest', async (request) => {
      const origin = request.headers.origin;
      if (!origin) throw new ForbiddenError(RETAILER_API_MESSAGES.originRequired);
      // A live key works only from the origins its retailer listed; none listed, none allowed.
      if (!isOwnPreview(origin, request) && !originAllowed(origin, request.apiKey.allowedDomains)) {
        throw new ForbiddenError(RETAILER_API_MESSAGES.originNotAllowed(origin));
      }
    });

    const typed = scoped.withTypeProvider<import('fastify-type-provider-zod').ZodTypeProvider>();

    typed.post(
      `${WIDGET_PREFIX}/quote`,
      {
        schema: {
          tags: ['widget'],
          summary: 'Price a cart for the widget',
          description:
            'Publishable key only, from a page on one of your allowed domains (checked against `Origin`).',
          security: [{ publishableKey: [] }],
          body: widgetCartSchema,
          response: { 200: widgetQuoteSchema, ...retailerApiErrors },
        },
      },
      async (request) => {
        const quantity = request.body.order_items.reduce((sum, item) => sum + item.quantity, 0);
        return {
          retailer_id: request.apiKey.retailerId,
          business_name: request.apiKey.businessName,
          livemode: request.apiKey.mode === 'live',
          items_total_cents: request.body.order_items.reduce(
            (sum, item) => sum + item.quantity * item.unit_price_cents,
            0,
          ),
          delivery_options: await deliveryOptions(db(), {
            retailerId: request.apiKey.retailerId,
            storeId: request.body.store_id,
            address: request.body.customer_info?.address,
            weightClass: defaultWeightClass(quantity),
            now: new Date(),
          }),
        };
      },
    );

    typed.post(
      `${WIDGET_PREFIX}/checkout`,
      {
        schema: {
          tags: ['widget'],
          summary: 'Open a checkout from the widget',
          description:
            'Publishable key only, from an allowed domain. Accepts `Idempotency-Key` like every POST.',
          security: [{ publishableKey: [] }],
          body: widgetCheckoutRequestSchema,
          response: { 201: widgetCheckoutResponseSchema, ...retailerApiErrors },
        },
      },
      async (request, reply) =>
        idempotent(
          request,
          reply,
          { scope: `retailer:${request.apiKey.accountId}:${request.apiKey.mode}` },
          async () => {
            const body = request.body;
            const session = await initializeCheckout(
              db(),
              request.apiKey,
              {
                retailer_id: request.apiKey.retailerId,
                order_items: body.order_items,
                customer_info: {
                  ...body.customer_info,
                  name: body.customer_info?.name ?? WIDGET_DEFAULT_CUSTOMER_NAME,
                },
                store_id: body.store_id,
                order_reference: body.order_reference,
              },
              { publicUrl: app.config.publicUrl, origin: request.headers.origin, now: new Date() },
            );
            return {
              statusCode: 201,
              body: {
                id: session.id,
                checkout_url: session.checkout_url,
                expires_at: session.expires_at,
              },
            };
          },
        ),
    );
  });
};

import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createRefundRequestSchema,
  MAX_REFUND_PHOTO_BYTES,
  MAX_REFUND_PHOTOS,
  REFUND_MESSAGES,
  REFUND_PHOTO_TYPES,
  refundPhotoParamsSchema,
  refundPhotoSchema,
  refundRequestListSchema,
  refundRequestParamsSchema,
  refundRequestSchema,
} from 'shared-contracts/refunds';
import { requireUser } from '../auth/guards.ts';
import type { ApiDomain } from '../http/api-domain.ts';
import { errorHandler, HttpError } from '../http/errors.ts';
import { idempotent } from '../http/idempotency.ts';
import { errorResponses, noStore } from '../http/responses.ts';
import { getOwnPhoto, uploadRefundPhoto } from './photos.ts';
import {
  createRefundRequest,
  getRefundRequest,
  listRefundRequests,
  REFUND_REVIEW_TIMER,
  type RefundDeps,
  refundReviewPayloadSchema,
  reviewRefundRequest,
} from './service.ts';

const errors = errorResponses(400, 401, 404);

/**
 * Refund requests (the policy is policy.ts). Signed-in callers only, their own requests
 * and photos only (anyone else's id answers 404).
 */
export const refundRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: RefundDeps = {
    provider: app.paymentProvider,
    schedule: (db, input) => app.timers.schedule(db, input),
  };
  const db = () => app.database.db;

  app.timers.register(
    REFUND_REVIEW_TIMER,
    ({ db: timerDb, payload }) => reviewRefundRequest(timerDb, deps, payload.refundRequestId),
    { payloadSchema: refundReviewPayloadSchema },
  );

  // Photos arrive as the raw image; the bytes decide the type (photos.ts).
  app.addContentTypeParser(
    [...REFUND_PHOTO_TYPES],
    { parseAs: 'buffer', bodyLimit: MAX_REFUND_PHOTO_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.addHook('preHandler', requireUser);
  noStore(app);

  app.get(
    '/api/refund-requests',
    {
      schema: {
        tags: ['refunds'],
        summary: 'Your refund requests, newest first, with their status',
        response: { 200: refundRequestListSchema, ...errorResponses(401) },
      },
    },
    async (request) => listRefundRequests(db(), request.user.id),
  );

  app.get(
    '/api/refund-requests/:id',
    {
      schema: {
        tags: ['refunds'],
        summary: 'One of your refund requests',
        params: refundRequestParamsSchema,
        response: { 200: refundRequestSchema, ...errors },
      },
    },
    async (request) => getRefundRequest(db(), request.user.id, request.params.id),
  );

  app.post(
    '/api/refund-requests',
    {
      schema: {
        tags: ['refunds'],
        summary: 'Ask for a refund on one of your orders (accepts Idempotency-Key)',
        description:
          'A late delivery caused by us is refunded 100% of the delivery fee (to the card or the wallet, `destination`); damaged or missing items up to 100% of `itemValueCents`, to the wallet, automatically only when the order’s checkout listed items worth at least that, for the first item claim of the order and within the per-customer 30-day limit; otherwise the request goes to a specialist (`needs_review`, "In review"). Every wallet credit stays under the balance cap: the part that does not fit goes to review (a delivery fee goes back to the card instead). One request per order and reason: a second is 409. A request that does not apply yet (the order is not late, not delivered) is 422 and stores nothing. Photos are uploaded first (`POST /api/refund-photos`) and attached by id.',
        body: createRefundRequestSchema,
        response: { 201: refundRequestSchema, ...errors, ...errorResponses(409, 422) },
      },
    },
    async (request, reply) =>
      idempotent(request, reply, { scope: `user:${request.user.id}` }, async () => ({
        statusCode: 201,
        body: await createRefundRequest(db(), deps, request.user.id, request.body),
      })),
  );

  app.post(
    '/api/refund-photos',
    {
      // The app-wide messages speak of JSON; say what this route accepts instead.
      errorHandler: (error, request, reply) => {
        if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
          return errorHandler(
            new HttpError(415, REFUND_MESSAGES.photoType) as FastifyError,
            request,
            reply,
          );
        }
        if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
          return errorHandler(
            new HttpError(413, REFUND_MESSAGES.photoSize) as FastifyError,
            request,
            reply,
          );
        }
        return errorHandler(error, request, reply);
      },
      schema: {
        tags: ['refunds'],
        summary: 'Upload one photo for a refund request (the raw image as the body)',
        description: `Content-Type image/jpeg, image/png or image/webp, matching the bytes (415 otherwise), at most ${MAX_REFUND_PHOTO_BYTES / (1024 * 1024)} MB (413). Attach up to ${MAX_REFUND_PHOTOS} to a request by id; unattached photos are removed after a day.`,
        response: {
          201: refundPhotoSchema,
          ...errorResponses(400, 401, 409, 413, 415),
        },
      },
    },
    async (request, reply) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const photo = await uploadRefundPhoto(db(), request.user.id, {
        contentType: request.headers['content-type'],
        body,
      });
      return reply.code(201).send(photo);
    },
  );

  app.get(
    '/api/refund-photos/:id',
    {
      schema: {
        tags: ['refunds'],
        summary: 'One of your refund photos',
        description: 'The image as uploaded; 404 for anyone else.',
        params: refundPhotoParamsSchema,
      },
    },
    async (request, reply) => {
      const photo = await getOwnPhoto(db(), request.user.id, request.params.id);
      return reply
        .header('cache-control', 'private, max-age=3600')
        .header('content-security-policy', "default-src 'none'")
        .type(photo.contentType)
        .send(photo.image);
    },
  );
};

export const refundsDomain: ApiDomain = {
  tags: [{ name: 'refunds', description: 'Refund requests, decided by the refund policy' }],
  plugin: refundRoutes,
};

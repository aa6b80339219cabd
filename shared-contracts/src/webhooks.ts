import { z } from 'zod';
import { apiModeSchema } from './retailer.ts';
import { apiDeliverySchema, apiDeliveryStatusSchema } from './retailer-api.ts';
import { WEBHOOK_EVENT_TYPES } from './webhook-events.ts';

/**
 * Webhooks: signed POSTs to a retailer's endpoints when its deliveries change. The
 * events, the signature header and its tolerance are in webhook-events.ts (zod-free, for pages).
 */

export {
  SIGNATURE_HEADER,
  SIGNATURE_TOLERANCE_SECONDS,
  WEBHOOK_EVENT_DESCRIPTIONS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_MAX_ATTEMPTS,
  type WebhookEventType,
} from './webhook-events.ts';

import { safeText } from './text.ts';
import { safeUrl } from './url.ts';

export const webhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES, {
  error: `Events must be among ${WEBHOOK_EVENT_TYPES.join(', ')}`,
});

export const WEBHOOK_MESSAGES = {
  urlInvalid: 'Enter the endpoint as a full http(s) URL',
  urlHttpsInProduction: 'Webhook endpoints must use https',
  urlPrivate:
    'This URL points to a private or local network address; webhooks can only be sent to public addresses.',
  eventsRequired: 'Choose at least one event',
  endpointNotFound: 'Webhook endpoint not found',
  deliveryNotFound: 'Webhook delivery not found',
  endpointsMax: 'You can have up to 16 webhook endpoints per mode',
  retryAlreadyPending: 'This delivery is already queued for another attempt.',
  endpointDisabled: 'This endpoint is disabled. Enable it to send events.',
} as const;

/** The JSON body of every webhook request. */
export const webhookEventSchema = z
  .object({
    id: z.string(),
    object: z.literal('event'),
    type: webhookEventTypeSchema,
    api_version: z.string(),
    created: z.number().int(),
    livemode: z.boolean(),
    /** Sent by "Send test event": sample data, no real delivery. */
    test_event: z.boolean().optional(),
    data: z.object({
      object: apiDeliverySchema,
      previous_status: apiDeliveryStatusSchema.nullable().optional(),
    }),
  })
  .meta({ id: 'WebhookEvent' });
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

export const webhookEndpointInputSchema = z
  .object({
    url: safeUrl('Endpoint URL', { error: WEBHOOK_MESSAGES.urlInvalid }).max(500),
    mode: apiModeSchema,
    events: z
      .array(webhookEventTypeSchema)
      .min(1, WEBHOOK_MESSAGES.eventsRequired)
      .max(WEBHOOK_EVENT_TYPES.length),
    description: safeText('Description', { multiline: true }).max(120).optional(),
  })
  .meta({ id: 'WebhookEndpointCreate' });
export type WebhookEndpointInput = z.input<typeof webhookEndpointInputSchema>;

export const webhookEndpointUpdateSchema = z
  .object({
    url: safeUrl('Endpoint URL', { error: WEBHOOK_MESSAGES.urlInvalid }).max(500).optional(),
    events: z
      .array(webhookEventTypeSchema)
      .min(1, WEBHOOK_MESSAGES.eventsRequired)
      .max(WEBHOOK_EVENT_TYPES.length)
      .optional(),
    description: safeText('Description', { multiline: true }).max(120).optional(),
    enabled: z.boolean().optional(),
  })
  .meta({ id: 'WebhookEndpointUpdate' });

export const webhookEndpointSchema = z
  .object({
    id: z.uuid(),
    url: z.string(),
    mode: apiModeSchema,
    events: z.array(webhookEventTypeSchema),
    description: z.string().nullable(),
    enabled: z.boolean(),
    /** `whsec_…` and the last 4 characters; the whole secret is shown once. */
    secretHint: z.string(),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'WebhookEndpoint' });
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;
export const webhookEndpointListSchema = z.array(webhookEndpointSchema);

export const createdWebhookEndpointSchema = z
  .object({ endpoint: webhookEndpointSchema, secret: z.string() })
  .meta({ id: 'CreatedWebhookEndpoint' });
export type CreatedWebhookEndpoint = z.infer<typeof createdWebhookEndpointSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const webhookAttemptSchema = z.object({
  attempt: z.number().int(),
  statusCode: z.number().int().nullable(),
  latencyMs: z.number().int(),
  error: z.string().nullable(),
  manual: z.boolean(),
  at: z.iso.datetime({ offset: true }),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

/** One event sent to one endpoint, with every attempt (the endpoint's delivery log). */
export const webhookDeliverySchema = z
  .object({
    id: z.uuid(),
    eventId: z.string(),
    eventType: webhookEventTypeSchema,
    testEvent: z.boolean(),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    attempts: z.number().int(),
    nextAttemptAt: z.iso.datetime({ offset: true }).nullable(),
    lastStatusCode: z.number().int().nullable(),
    createdAt: z.iso.datetime({ offset: true }),
    log: z.array(webhookAttemptSchema),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveryListSchema = z.array(webhookDeliverySchema);

export const webhookEndpointParamsSchema = z.object({
  id: z.uuid(WEBHOOK_MESSAGES.endpointNotFound),
});
export const webhookDeliveryParamsSchema = z.object({
  id: z.uuid(WEBHOOK_MESSAGES.deliveryNotFound),
});

export const sendTestEventInputSchema = z
  .object({ type: webhookEventTypeSchema.default('delivery.status_changed') })
  .meta({ id: 'SendTestEventInput' });

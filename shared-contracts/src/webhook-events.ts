/**
 * The zod-free half of the webhooks contract: the events, the signature header and the
 * retry limit that `/api-docs` prints. Kept apart from `webhooks.ts` (which re-exports them) so
 * the API reference does not pull zod and every schema it imports into a phone's first load
 * (support-info.ts does the same for the support widget). What a receiver checks (the signature,
 * replays, duplicates) is in docs/product.md, "Retailers".
 */

export const WEBHOOK_EVENT_TYPES = [
  'delivery.created',
  'delivery.status_changed',
  'delivery.delivered',
  'delivery.failed',
  'delivery.cancelled',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_EVENT_DESCRIPTIONS: Record<WebhookEventType, string> = {
  'delivery.created': 'A customer completed checkout and the delivery was created.',
  'delivery.status_changed': 'The delivery moved to another status (every change).',
  'delivery.delivered': 'The order reached the customer.',
  'delivery.failed': 'The delivery could not be completed.',
  'delivery.cancelled': 'The delivery was cancelled (by you, the customer or support).',
};

export const SIGNATURE_HEADER = 'CurbRun-Signature';
export const SIGNATURE_TOLERANCE_SECONDS = 5 * 60;
/** Attempts per event and endpoint before it is marked failed (the first one included). */
export const WEBHOOK_MAX_ATTEMPTS = 8;

/**
 * The zod-free half of the support contract: constants the pages and the chat widget
 * show. Kept apart from `support.ts` so a page that only prints the support hours or validates a
 * length does not pull the full zod build into its bundle (see remotes.ts for the same reason).
 */

/** Support hours: chat around the clock, a phone line 9 a.m.–9 p.m. Central. */
export const SUPPORT_HOURS = {
  chat: '24/7',
  phone: '9 a.m.–9 p.m. CT',
} as const;

/**
 * Local storage of the support widget (shell) and the contact form (marketing):
 * - `supportVisitorId`: a random UUID naming a signed-out visitor's support thread on the server,
 *   created when the visitor first writes, so the conversation survives a reload. Whoever has it
 *   reads the thread, so it never leaves the browser except in requests to our own API.
 * - `supportChatOpened`: `'1'` once the chat has been opened; the unread badge stays hidden from
 *   then on.
 */
export const SUPPORT_STORAGE_KEYS = {
  visitorId: 'supportVisitorId',
  chatOpened: 'supportChatOpened',
} as const;

export const SUPPORT_EMAIL = 'support@curbrun.com';
/** 555-01xx numbers are reserved for fiction; a deployment replaces it with its own line. */
export const SUPPORT_PHONE = { display: '(214) 555-0142', href: 'tel:+12145550142' } as const;

export const SUPPORT_MESSAGE_MAX_LENGTH = 2000;
export const SUPPORT_NAME_MAX_LENGTH = 100;
export const SUPPORT_EMAIL_MAX_LENGTH = 254;
/** A thread answers with at most this many of its newest messages. */
export const SUPPORT_THREAD_LIMIT = 200;

export const SUPPORT_TOPICS = [
  'general',
  'order',
  'delivery',
  'retailer',
  'careers',
  'press',
] as const;
export type SupportTopicName = (typeof SUPPORT_TOPICS)[number];

export const SUPPORT_TOPIC_LABELS: Record<SupportTopicName, string> = {
  general: 'General question',
  order: 'An order or pickup',
  delivery: 'A delivery or robot',
  retailer: 'Becoming a retailer partner',
  careers: 'Careers',
  press: 'Press and media',
};

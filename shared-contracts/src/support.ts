import { z } from 'zod';
import {
  SUPPORT_EMAIL_MAX_LENGTH,
  SUPPORT_HOURS,
  SUPPORT_MESSAGE_MAX_LENGTH,
  SUPPORT_NAME_MAX_LENGTH,
  SUPPORT_TOPICS,
} from './support-info';
import { safeText } from './text.ts';

export * from './support-info';

/**
 * Customer support: the site-wide chat widget and the `/contact` form both write to
 * `POST /api/support/messages`; `GET /api/support/messages` reads the caller's thread back.
 *
 * A signed-in caller is identified by their bearer token. A visitor is identified by a random
 * visitor id (a UUID the widget creates on first send and keeps in local storage); knowing the id
 * is what lets a visitor read their thread, so it is as secret as a session token and never shown.
 */

export const supportTopicSchema = z.enum(SUPPORT_TOPICS, { error: 'Please choose a topic' });
export type SupportTopic = z.infer<typeof supportTopicSchema>;

export const visitorIdSchema = z.uuid({ error: 'visitorId must be a UUID' });

/** The text of a message: trimmed, not empty, at most SUPPORT_MESSAGE_MAX_LENGTH characters. */
export const supportMessageTextSchema = safeText('Message', {
  multiline: true,
  typeError: 'Please enter a message',
})
  .min(1, 'Please enter a message')
  .max(
    SUPPORT_MESSAGE_MAX_LENGTH,
    `Message must be at most ${SUPPORT_MESSAGE_MAX_LENGTH} characters`,
  );

/** A message typed into the chat widget. */
export const chatMessageInputSchema = z.object({
  source: z.literal('chat'),
  /** Required when not signed in; ignored for a signed-in caller except to adopt that thread. */
  visitorId: visitorIdSchema.optional(),
  message: supportMessageTextSchema,
});

/** The `/contact` form; its fields and messages are shared by the form and the server. */
export const contactFormSchema = z.object({
  name: safeText('Name', { typeError: 'Please enter your name' })
    .min(1, 'Please enter your name')
    .max(SUPPORT_NAME_MAX_LENGTH, `Name must be at most ${SUPPORT_NAME_MAX_LENGTH} characters`),
  email: safeText('Email', { typeError: 'Invalid email address' })
    .max(SUPPORT_EMAIL_MAX_LENGTH, 'Invalid email address')
    .pipe(z.email({ error: 'Invalid email address' })),
  topic: supportTopicSchema,
  message: supportMessageTextSchema,
});
export type ContactFormValues = z.infer<typeof contactFormSchema>;

export const contactMessageInputSchema = contactFormSchema.extend({
  source: z.literal('contact'),
  visitorId: visitorIdSchema.optional(),
});

export const createSupportMessageSchema = z
  .discriminatedUnion('source', [chatMessageInputSchema, contactMessageInputSchema], {
    error: "source must be 'chat' or 'contact'",
  })
  .meta({ id: 'CreateSupportMessage' });
export type CreateSupportMessage = z.input<typeof createSupportMessageSchema>;

export const SUPPORT_AUTHORS = ['customer', 'support'] as const;
export const SUPPORT_SOURCES = ['chat', 'contact'] as const;

export const supportMessageSchema = z
  .object({
    id: z.string(),
    /** `customer`: written by the caller; `support`: an answer from us (for now the automatic one). */
    author: z.enum(SUPPORT_AUTHORS),
    source: z.enum(SUPPORT_SOURCES),
    body: z.string(),
    /** Contact-form messages only. */
    topic: supportTopicSchema.nullable(),
    /** ISO 8601 timestamp. */
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'SupportMessage' });
export type SupportMessage = z.infer<typeof supportMessageSchema>;

/** Oldest first. */
export const supportThreadSchema = z
  .object({ messages: z.array(supportMessageSchema) })
  .meta({ id: 'SupportThread' });
export type SupportThread = z.infer<typeof supportThreadSchema>;

export const supportThreadQuerySchema = z.object({
  /** Required when not signed in. */
  visitorId: visitorIdSchema.optional(),
});

/** The answer to a new message: what was stored, and the automatic reply if one was sent. */
export const createSupportMessageResponseSchema = z
  .object({
    sent: supportMessageSchema,
    reply: supportMessageSchema.nullable(),
  })
  .meta({ id: 'CreateSupportMessageResponse' });
export type CreateSupportMessageResponse = z.infer<typeof createSupportMessageResponseSchema>;

/**
 * The automatic acknowledgement: it states the support hours. It is
 * sent for the first message of a conversation, and again only after a quiet spell of
 * SUPPORT_ACK_INTERVAL_MS, so someone typing several lines in a row is not answered with the same
 * text each time.
 */
export const SUPPORT_ACK_INTERVAL_MS = 30 * 60 * 1000;

export function supportAcknowledgement(source: 'chat' | 'contact', name?: string): string {
  const hours = `Live chat is staffed ${SUPPORT_HOURS.chat}, and our phone line is open ${SUPPORT_HOURS.phone}.`;
  if (source === 'contact') {
    return `Thanks${name ? `, ${name}` : ''}! We received your message and will reply by email. ${hours}`;
  }
  return `Thanks for your message! A member of our support team will reply here shortly. ${hours}`;
}

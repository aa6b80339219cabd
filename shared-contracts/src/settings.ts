import { z } from 'zod';
import { PHONE_MAX_LENGTH, PHONE_MIN_LENGTH } from './curbside.ts';
import { safeText } from './text.ts';

/**
 * Notification preferences: email and SMS per kind of event, honoured by the outbox
 * (`sendNotification` on the server). Security messages (email verification, password and email
 * changes) and the curbside PIN are always sent: turning them off would lock people out.
 */

export const NOTIFICATION_EVENTS = [
  'order_updates',
  'delivery_updates',
  'refund_updates',
  'promotions',
] as const;
export const notificationEventSchema = z.enum(NOTIFICATION_EVENTS);
export type NotificationEvent = z.infer<typeof notificationEventSchema>;

export const NOTIFICATION_EVENT_INFO: Record<
  NotificationEvent,
  { label: string; description: string }
> = {
  order_updates: {
    label: 'Orders',
    description: 'Order confirmations, cancellations and receipts.',
  },
  delivery_updates: {
    label: 'Delivery progress',
    description: 'Your courier is on the way, arriving, at your door, or has delivered.',
  },
  refund_updates: {
    label: 'Refunds',
    description: 'Decisions on your refund requests and money credited back.',
  },
  promotions: {
    label: 'Offers and news',
    description: 'Occasional offers from CurbRun and our partner retailers.',
  },
};

export const channelPreferenceSchema = z.object({ email: z.boolean(), sms: z.boolean() });
export type ChannelPreference = z.infer<typeof channelPreferenceSchema>;

export const DEFAULT_NOTIFICATION_PREFERENCES: Record<NotificationEvent, ChannelPreference> = {
  order_updates: { email: true, sms: false },
  delivery_updates: { email: true, sms: false },
  refund_updates: { email: true, sms: false },
  promotions: { email: false, sms: false },
};

export const SETTINGS_MESSAGES = {
  phoneTooShort: 'Valid phone number is required',
  phoneTooLong: `Phone number must be at most ${PHONE_MAX_LENGTH} characters`,
  phoneCharacters: 'Phone number may contain digits, spaces and + ( ) - only',
  phoneNeededForSms: 'Add a mobile number to get text messages',
  saved: 'Notification preferences saved.',
} as const;

export const mobileNumberSchema = safeText('Mobile number')
  .min(PHONE_MIN_LENGTH, SETTINGS_MESSAGES.phoneTooShort)
  .max(PHONE_MAX_LENGTH, SETTINGS_MESSAGES.phoneTooLong)
  .regex(/^[0-9+()\-\s.]+$/, SETTINGS_MESSAGES.phoneCharacters);

const preferencesShape = Object.fromEntries(
  NOTIFICATION_EVENTS.map((event) => [event, channelPreferenceSchema]),
) as Record<NotificationEvent, typeof channelPreferenceSchema>;

export const notificationPreferencesSchema = z
  .object({
    /** Where text messages go; null when none is saved. */
    mobileNumber: z.string().nullable(),
    events: z.object(preferencesShape),
  })
  .meta({ id: 'NotificationPreferences' });
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** `PUT /api/users/me/notification-preferences`. */
export const updateNotificationPreferencesSchema = z
  .object({
    mobileNumber: z.union([mobileNumberSchema, z.literal('').transform(() => null), z.null()]),
    events: z.object(preferencesShape),
  })
  .superRefine((value, ctx) => {
    const wantsSms = NOTIFICATION_EVENTS.some((event) => value.events[event].sms);
    if (wantsSms && !value.mobileNumber) {
      ctx.addIssue({
        code: 'custom',
        path: ['mobileNumber'],
        message: SETTINGS_MESSAGES.phoneNeededForSms,
      });
    }
  })
  .meta({ id: 'UpdateNotificationPreferences' });
export type UpdateNotificationPreferences = z.input<typeof updateNotificationPreferencesSchema>;

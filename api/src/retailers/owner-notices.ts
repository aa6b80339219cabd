import { eq } from 'drizzle-orm';
import type { ApiKey, ApiKeyKind, ApiMode } from 'shared-contracts/retailer';
import type { WebhookEndpoint } from 'shared-contracts/webhooks';
import { users } from '../auth/schema.ts';
import type { Db } from '../db/database.ts';
import { sendNotification } from '../outbox/service.ts';
import { retailerAccounts } from './schema.ts';

/**
 * Security mail to a retailer account's owner on every change of its keys, webhooks or widget
 * domains: a stolen session that changes them cannot do it unseen. Always sent (no
 * preference turns it off), and never with a secret in it: only what changed and when.
 */
export interface OwnerNotice {
  subject: string;
  /** One sentence: what changed. */
  change: string;
}

const KIND_NAMES: Record<ApiKeyKind, string> = { secret: 'secret', publishable: 'publishable' };

export const OWNER_NOTICES = {
  accountCreated: (businessName: string): OwnerNotice => ({
    subject: 'Your CurbRun retailer account and API keys were created',
    change: `The retailer account ${businessName} was created with new test and live API keys.`,
  }),
  keyRolled: (kind: ApiKeyKind, mode: ApiMode, graceHours: number): OwnerNotice => ({
    subject: `Your ${mode} ${KIND_NAMES[kind]} API key was rolled`,
    change:
      graceHours === 0
        ? `A new ${mode} ${KIND_NAMES[kind]} key was created and the previous one stopped working at once.`
        : `A new ${mode} ${KIND_NAMES[kind]} key was created; the previous one keeps working for ${graceHours} hour${graceHours === 1 ? '' : 's'}.`,
  }),
  consoleKeyIssued: (key: ApiKey): OwnerNotice => ({
    subject: 'A test key was created for the API docs console',
    change: `A one-hour test secret key (${key.display}) was created for the API docs console.`,
  }),
  keyRevoked: (key: ApiKey): OwnerNotice => ({
    subject: `Your ${key.mode} ${KIND_NAMES[key.kind]} API key was revoked`,
    change: `The ${key.mode} ${KIND_NAMES[key.kind]} key ${key.display} was revoked and stopped working.`,
  }),
  webhookAdded: (endpoint: WebhookEndpoint): OwnerNotice => ({
    subject: `A ${endpoint.mode} webhook endpoint was added`,
    change: `Webhook events (${endpoint.mode}) are now also sent to ${endpoint.url}.`,
  }),
  webhookChanged: (before: WebhookEndpoint, after: WebhookEndpoint): OwnerNotice => ({
    subject: `A ${after.mode} webhook endpoint was changed`,
    change:
      before.url === after.url
        ? `The webhook endpoint ${after.url} was changed (${after.enabled ? 'enabled' : 'disabled'}; events: ${after.events.join(', ')}).`
        : `The webhook endpoint ${before.url} now sends events to ${after.url}.`,
  }),
  webhookDeleted: (endpoint: WebhookEndpoint): OwnerNotice => ({
    subject: `A ${endpoint.mode} webhook endpoint was deleted`,
    change: `Webhook events are no longer sent to ${endpoint.url}.`,
  }),
  allowedDomainsChanged: (domains: string[]): OwnerNotice => ({
    subject: 'The checkout widget’s allowed domains were changed',
    change:
      domains.length === 0
        ? 'The checkout widget is now allowed on no domain.'
        : `The checkout widget is now allowed on: ${domains.join(', ')}.`,
  }),
};

/** Queues the notice for the owner of `accountId`, in the caller's transaction. */
export async function notifyAccountOwner(
  db: Db,
  accountId: string,
  notice: OwnerNotice,
  now: Date,
): Promise<void> {
  const [owner] = await db
    .select({
      email: users.email,
      firstName: users.firstName,
      businessName: retailerAccounts.businessName,
    })
    .from(retailerAccounts)
    .innerJoin(users, eq(users.id, retailerAccounts.ownerUserId))
    .where(eq(retailerAccounts.id, accountId));
  if (!owner) return;
  await sendNotification(db, {
    channel: 'email',
    to: owner.email,
    subject: notice.subject,
    text: [
      `Hi ${owner.firstName},`,
      '',
      `${notice.change} (${owner.businessName}, ${now.toUTCString()})`,
      '',
      'If this was not you, change your password now (it signs out every other session), then roll your API keys and check your webhook endpoints on the retailer onboarding page.',
    ].join('\n'),
  });
}

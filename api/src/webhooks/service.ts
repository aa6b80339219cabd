import { lookup } from 'node:dns/promises';
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ApiMode } from 'shared-contracts/retailer';
import {
  type ApiDelivery,
  type ApiDeliveryStatus,
  RETAILER_API_VERSION,
} from 'shared-contracts/retailer-api';
import {
  type CreatedWebhookEndpoint,
  WEBHOOK_MESSAGES,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEvent,
  type WebhookEventType,
  type webhookEndpointInputSchema,
  type webhookEndpointUpdateSchema,
} from 'shared-contracts/webhooks';
import { z } from 'zod';
import { randomBase62 } from '../api-keys/keys.ts';
import type { Db } from '../db/database.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../http/errors.ts';
import type { ScheduledTimer, ScheduleTimerInput } from '../simulator/timers.ts';
import { addressAllowed, literalHostKind } from './address-policy.ts';
import { retryDelayMs } from './retry-schedule.ts';
import {
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from './schema.ts';
import { sendWebhook } from './sender.ts';

export const WEBHOOK_DELIVER_TIMER = 'webhooks.deliver';
export const webhookTimerPayloadSchema = z.object({
  deliveryId: z.uuid(),
  attempt: z.number().int().min(1),
});

export const MAX_ENDPOINTS_PER_MODE = 16;

export interface WebhookDeps {
  db: Db;
  schedule(db: Db, input: ScheduleTimerInput): Promise<ScheduledTimer>;
  timeScale: number;
  timeoutMs: number;
  allowLoopback: boolean;
}

// ---------------------------------------------------------------------------------------------
// Endpoints.

function toEndpoint(row: WebhookEndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    mode: row.mode,
    events: row.events,
    description: row.description,
    enabled: row.enabled,
    secretHint: `whsec_…${row.secret.slice(-4)}`,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Refuses URLs the address policy forbids, with a message for the form: never a private,
 * link-local or metadata address; loopback and plain http only with `WEBHOOK_ALLOW_LOOPBACK`.
 */
export async function assertUrlAllowed(rawUrl: string, allowLoopback: boolean) {
  const url = new URL(rawUrl);
  const fail = (message: string) => {
    throw new BadRequestError(message, [{ path: 'url', message }]);
  };
  if (url.protocol !== 'https:' && !allowLoopback) fail(WEBHOOK_MESSAGES.urlHttpsInProduction);
  const literal = literalHostKind(url.hostname);
  if (literal === 'blocked' || (literal === 'loopback' && !allowLoopback)) {
    fail(WEBHOOK_MESSAGES.urlPrivate);
  }
  if (literal) return;
  // A name that resolves privately now is refused now; the sender checks again at every attempt.
  const addresses = await lookup(url.hostname, { all: true }).catch(() => []);
  if (addresses.some((entry) => !addressAllowed(entry.address, allowLoopback))) {
    fail(WEBHOOK_MESSAGES.urlPrivate);
  }
}

export async function listEndpoints(db: Db, accountId: string): Promise<WebhookEndpoint[]> {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.accountId, accountId), isNull(webhookEndpoints.deletedAt)))
    .orderBy(asc(webhookEndpoints.createdAt));
  return rows.map(toEndpoint);
}

/** One of the account's endpoints as the API shows it (404 for anyone else's). */
export async function findOwnEndpoint(
  db: Db,
  accountId: string,
  id: string,
): Promise<WebhookEndpoint> {
  return toEndpoint(await findEndpoint(db, accountId, id));
}

async function findEndpoint(db: Db, accountId: string, id: string): Promise<WebhookEndpointRow> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.id, id),
        eq(webhookEndpoints.accountId, accountId),
        isNull(webhookEndpoints.deletedAt),
      ),
    );
  if (!row) throw new NotFoundError(WEBHOOK_MESSAGES.endpointNotFound);
  return row;
}

export async function createEndpoint(
  db: Db,
  accountId: string,
  input: z.output<typeof webhookEndpointInputSchema>,
  allowLoopback: boolean,
): Promise<CreatedWebhookEndpoint> {
  await assertUrlAllowed(input.url, allowLoopback);
  const [existing] = await db
    .select({ value: count() })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.accountId, accountId),
        eq(webhookEndpoints.mode, input.mode),
        isNull(webhookEndpoints.deletedAt),
      ),
    );
  if ((existing?.value ?? 0) >= MAX_ENDPOINTS_PER_MODE) {
    throw new ConflictError(WEBHOOK_MESSAGES.endpointsMax);
  }
  const secret = `whsec_${randomBase62(32)}`;
  const [row] = await db
    .insert(webhookEndpoints)
    .values({
      accountId,
      mode: input.mode,
      url: input.url,
      description: input.description || null,
      events: [...new Set(input.events)],
      secret,
    })
    .returning();
  if (!row) throw new Error('Inserting the webhook endpoint returned no row');
  return { endpoint: toEndpoint(row), secret };
}

export async function updateEndpoint(
  db: Db,
  accountId: string,
  id: string,
  input: z.output<typeof webhookEndpointUpdateSchema>,
  allowLoopback: boolean,
): Promise<WebhookEndpoint> {
  await findEndpoint(db, accountId, id);
  if (input.url) await assertUrlAllowed(input.url, allowLoopback);
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      ...(input.url ? { url: input.url } : {}),
      ...(input.events ? { events: [...new Set(input.events)] } : {}),
      ...(input.description !== undefined ? { description: input.description || null } : {}),
      ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
      updatedAt: new Date(),
    })
    .where(eq(webhookEndpoints.id, id))
    .returning();
  if (!row) throw new NotFoundError(WEBHOOK_MESSAGES.endpointNotFound);
  return toEndpoint(row);
}

/** Deleting keeps the row (its log stays readable to us) but stops every pending delivery. */
export async function deleteEndpoint(db: Db, accountId: string, id: string): Promise<void> {
  await findEndpoint(db, accountId, id);
  await db.transaction(async (tx) => {
    await tx
      .update(webhookEndpoints)
      .set({ deletedAt: new Date(), enabled: false })
      .where(eq(webhookEndpoints.id, id));
    await tx
      .update(webhookDeliveries)
      .set({ status: 'failed', nextAttemptAt: null, updatedAt: new Date() })
      .where(and(eq(webhookDeliveries.endpointId, id), eq(webhookDeliveries.status, 'pending')));
  });
}

// ---------------------------------------------------------------------------------------------
// Events and the outbox.

export interface EmitInput {
  accountId: string;
  mode: ApiMode;
  type: WebhookEventType;
  delivery: ApiDelivery;
  previousStatus?: ApiDeliveryStatus | null;
  /** "Send test event": only this endpoint, marked as a test. */
  testEndpointId?: string;
}

export function newEventId(): string {
  return `evt_${randomBase62(24)}`;
}

/**
 * Records an event and queues it for every enabled endpoint of the account and mode that chose
 * its type. Pass the transaction of the change it describes: the event then exists (and will be
 * sent) exactly when the change commits. Returns the queued delivery ids.
 */
export async function emitWebhookEvent(
  tx: Db,
  deps: Pick<WebhookDeps, 'schedule'>,
  input: EmitInput,
): Promise<{ eventId: string; deliveryIds: string[] }> {
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.accountId, input.accountId),
        eq(webhookEndpoints.mode, input.mode),
        isNull(webhookEndpoints.deletedAt),
        input.testEndpointId
          ? eq(webhookEndpoints.id, input.testEndpointId)
          : and(
              eq(webhookEndpoints.enabled, true),
              sql`${input.type} = any(${webhookEndpoints.events})`,
            ),
      ),
    );
  const eventId = newEventId();
  if (endpoints.length === 0) return { eventId, deliveryIds: [] };
  const body: WebhookEvent = {
    id: eventId,
    object: 'event',
    type: input.type,
    api_version: RETAILER_API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: input.mode === 'live',
    ...(input.testEndpointId ? { test_event: true } : {}),
    data: {
      object: input.delivery,
      ...(input.previousStatus !== undefined ? { previous_status: input.previousStatus } : {}),
    },
  };
  await tx.insert(webhookEvents).values({
    id: eventId,
    accountId: input.accountId,
    mode: input.mode,
    type: input.type,
    body,
  });
  const rows = await tx
    .insert(webhookDeliveries)
    .values(endpoints.map((endpoint) => ({ eventId, endpointId: endpoint.id })))
    .returning({ id: webhookDeliveries.id });
  for (const row of rows) {
    await deps.schedule(tx, {
      kind: WEBHOOK_DELIVER_TIMER,
      payload: { deliveryId: row.id, attempt: 1 },
      delayMs: 0,
    });
  }
  return { eventId, deliveryIds: rows.map((row) => row.id) };
}

async function loadDelivery(db: Db, deliveryId: string) {
  const [row] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints, event: webhookEvents })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.id, deliveryId));
  return row;
}

/**
 * One scheduled attempt (the durable timer's handler). At least once: a repeated timer for an
 * attempt already made, or a delivery no longer pending, does nothing.
 */
export async function runScheduledAttempt(
  deps: WebhookDeps,
  payload: z.output<typeof webhookTimerPayloadSchema>,
): Promise<void> {
  const loaded = await loadDelivery(deps.db, payload.deliveryId);
  if (!loaded) return;
  const { delivery, endpoint, event } = loaded;
  if (delivery.status !== 'pending' || delivery.attempts !== payload.attempt - 1) return;
  if (!endpoint.enabled || endpoint.deletedAt) {
    await deps.db
      .update(webhookDeliveries)
      .set({ status: 'failed', nextAttemptAt: null, updatedAt: new Date() })
      .where(eq(webhookDeliveries.id, delivery.id));
    await deps.db.insert(webhookAttempts).values({
      deliveryId: delivery.id,
      attempt: payload.attempt,
      statusCode: null,
      latencyMs: 0,
      error: WEBHOOK_MESSAGES.endpointDisabled,
    });
    return;
  }

  const result = await sendWebhook({
    url: endpoint.url,
    body: JSON.stringify(event.body),
    secret: endpoint.secret,
    eventId: event.id,
    timeoutMs: deps.timeoutMs,
    allowLoopback: deps.allowLoopback,
  });

  await deps.db.transaction(async (tx) => {
    await tx.insert(webhookAttempts).values({
      deliveryId: delivery.id,
      attempt: payload.attempt,
      statusCode: result.statusCode,
      latencyMs: result.latencyMs,
      error: result.error,
    });
    const waitMs = result.ok ? null : retryDelayMs(payload.attempt);
    const status = result.ok ? 'succeeded' : waitMs === null ? 'failed' : 'pending';
    const nextAttemptAt =
      waitMs === null ? null : new Date(Date.now() + Math.round(waitMs * deps.timeScale));
    const [updated] = await tx
      .update(webhookDeliveries)
      .set({
        attempts: payload.attempt,
        lastStatusCode: result.statusCode,
        // A manual retry may have delivered it meanwhile: success is never undone.
        status: sql`case when ${webhookDeliveries.status} = 'succeeded' then 'succeeded' else ${status} end`,
        nextAttemptAt: status === 'pending' ? nextAttemptAt : null,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(webhookDeliveries.id, delivery.id),
          eq(webhookDeliveries.attempts, payload.attempt - 1),
        ),
      )
      .returning({ status: webhookDeliveries.status });
    if (updated?.status === 'pending' && waitMs !== null) {
      await deps.schedule(tx, {
        kind: WEBHOOK_DELIVER_TIMER,
        payload: { deliveryId: delivery.id, attempt: payload.attempt + 1 },
        delayMs: waitMs,
      });
    }
  });
}

/**
 * "Retry now" from the delivery log: one immediate attempt outside the automatic schedule. It
 * can deliver a failed event again; it does not use up an automatic attempt.
 */
export async function retryDeliveryNow(
  deps: WebhookDeps,
  accountId: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  const loaded = await loadDelivery(deps.db, deliveryId);
  if (!loaded || loaded.endpoint.accountId !== accountId || loaded.endpoint.deletedAt) {
    throw new NotFoundError(WEBHOOK_MESSAGES.deliveryNotFound);
  }
  const { delivery, endpoint, event } = loaded;
  if (!endpoint.enabled) throw new ConflictError(WEBHOOK_MESSAGES.endpointDisabled);
  const result = await sendWebhook({
    url: endpoint.url,
    body: JSON.stringify(event.body),
    secret: endpoint.secret,
    eventId: event.id,
    timeoutMs: deps.timeoutMs,
    allowLoopback: deps.allowLoopback,
  });
  await deps.db.transaction(async (tx) => {
    const [logged] = await tx
      .select({ value: count() })
      .from(webhookAttempts)
      .where(eq(webhookAttempts.deliveryId, delivery.id));
    await tx.insert(webhookAttempts).values({
      deliveryId: delivery.id,
      attempt: (logged?.value ?? 0) + 1,
      statusCode: result.statusCode,
      latencyMs: result.latencyMs,
      error: result.error,
      manual: true,
    });
    await tx
      .update(webhookDeliveries)
      .set({
        lastStatusCode: result.statusCode,
        ...(result.ok ? { status: 'succeeded' as const, nextAttemptAt: null } : {}),
        updatedAt: new Date(),
      })
      .where(eq(webhookDeliveries.id, delivery.id));
  });
  const [view] = await deliveriesView(deps.db, [delivery.id]);
  if (!view) throw new NotFoundError(WEBHOOK_MESSAGES.deliveryNotFound);
  return view;
}

async function deliveriesView(db: Db, ids: string[]): Promise<WebhookDelivery[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ delivery: webhookDeliveries, event: webhookEvents })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(inArray(webhookDeliveries.id, ids))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id));
  const attempts = await db
    .select()
    .from(webhookAttempts)
    .where(inArray(webhookAttempts.deliveryId, ids))
    .orderBy(desc(webhookAttempts.id));
  return rows.map(({ delivery, event }) => toDeliveryView(delivery, event, attempts));
}

function toDeliveryView(
  delivery: WebhookDeliveryRow,
  event: typeof webhookEvents.$inferSelect,
  attempts: (typeof webhookAttempts.$inferSelect)[],
): WebhookDelivery {
  return {
    id: delivery.id,
    eventId: event.id,
    eventType: event.type,
    testEvent: event.body.test_event === true,
    status: delivery.status,
    attempts: delivery.attempts,
    nextAttemptAt: delivery.nextAttemptAt?.toISOString() ?? null,
    lastStatusCode: delivery.lastStatusCode,
    createdAt: delivery.createdAt.toISOString(),
    log: attempts
      .filter((attempt) => attempt.deliveryId === delivery.id)
      .map((attempt) => ({
        attempt: attempt.attempt,
        statusCode: attempt.statusCode,
        latencyMs: attempt.latencyMs,
        error: attempt.error,
        manual: attempt.manual,
        at: attempt.createdAt.toISOString(),
      })),
  };
}

/** The endpoint's delivery log, newest first. */
export async function listEndpointDeliveries(
  db: Db,
  accountId: string,
  endpointId: string,
  limit = 50,
): Promise<WebhookDelivery[]> {
  await findEndpoint(db, accountId, endpointId);
  const ids = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
  return deliveriesView(
    db,
    ids.map((row) => row.id),
  );
}

/**
 * "Send test event": a sample delivery of the chosen type to one endpoint, through the outbox
 * like a real event (so a failing receiver sees the retries too). Answers the queued delivery.
 */
export async function sendTestEvent(
  deps: WebhookDeps,
  accountId: string,
  endpointId: string,
  type: WebhookEventType,
  sample: ApiDelivery,
): Promise<WebhookDelivery> {
  const endpoint = await findEndpoint(deps.db, accountId, endpointId);
  if (!endpoint.enabled) throw new ConflictError(WEBHOOK_MESSAGES.endpointDisabled);
  const { deliveryIds } = await deps.db.transaction((tx) =>
    emitWebhookEvent(tx, deps, {
      accountId,
      mode: endpoint.mode,
      type,
      delivery: sample,
      previousStatus: type === 'delivery.created' ? null : 'en_route',
      testEndpointId: endpoint.id,
    }),
  );
  const [view] = await deliveriesView(deps.db, deliveryIds);
  if (!view) throw new Error('The test event was not queued');
  return view;
}

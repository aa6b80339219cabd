import { randomBytes } from 'node:crypto';
import { and, count, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { completeCheckoutRequestSchema } from 'shared-contracts/checkout';
import { TEST_CARDS } from 'shared-contracts/payments';
import { NOTIFICATION_EVENTS } from 'shared-contracts/settings';
import type { ApiKeyContext } from '../api-keys/guard.ts';
import { hashPassword } from '../auth/passwords.ts';
import { users } from '../auth/schema.ts';
import { completeCheckoutSession } from '../checkout-sessions/service.ts';
import type { Db } from '../db/database.ts';
import { deliveries } from '../deliveries/schema.ts';
import { saveNotificationPreferences } from '../notifications/preferences.ts';
import { checkoutSessions } from '../order-pickups/schema.ts';
import type { OrderPickupEvents } from '../order-pickups/status.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { createRetailerAccount } from '../retailer-accounts/service.ts';
import { initializeCheckout } from '../retailer-api/checkout.ts';
import { retailerCheckouts } from '../retailer-api/schema.ts';
import { retailerAccounts } from '../retailers/schema.ts';
import { timers } from '../simulator/schema.ts';
import type { ScheduledTimer, ScheduleTimerInput } from '../simulator/timers.ts';
import { retailerStores } from '../stores/queries.ts';

/**
 * The demo store of the tracking dashboard: a visitor who is not a retailer sees the
 * deliveries of "CurbRun Demo Outfitters", which a durable timer keeps ordering in test mode
 * from a demo shopper. Each order goes through the real checkout, dispatch and courier simulator,
 * so the dashboard's live view and analytics are real data, plainly labelled as the demo.
 */

export const DEMO_BUSINESS_NAME = 'CurbRun Demo Outfitters';
export const DEMO_TIMER = 'retailer-demo.order';
/** A new demo order every 4 simulated minutes, while fewer than this many are under way. */
export const DEMO_INTERVAL_MS = 4 * 60_000;
export const DEMO_MAX_ACTIVE = 5;

const DEMO_OWNER = { username: 'demo_retailer', email: 'demo-retailer@curbrun.test' };
const DEMO_SHOPPER = { username: 'demo_shopper', email: 'demo-shopper@curbrun.test' };

/** Home addresses near the demo stores (ZIP codes of the embedded gazetteer). */
const DEMO_ADDRESSES = [
  { line1: '210 E 6th St', city: 'Austin', state: 'TX', zip: '78701' },
  { line1: '1100 E 11th St', city: 'Austin', state: 'TX', zip: '78702' },
  { line1: '2900 W 7th St', city: 'Austin', state: 'TX', zip: '78703' },
  { line1: '1600 S 1st St', city: 'Austin', state: 'TX', zip: '78704' },
  { line1: '2400 Guadalupe St', city: 'Austin', state: 'TX', zip: '78705' },
];

const DEMO_ITEMS = [
  { sku: 'TEE-M', name: 'Organic tee', unit_price_cents: 2500 },
  { sku: 'CAP-01', name: 'Canvas cap', unit_price_cents: 1800 },
  { sku: 'SNK-42', name: 'Trail sneakers', unit_price_cents: 8900 },
  { sku: 'BAG-07', name: 'Tote bag', unit_price_cents: 1500 },
];

const DEMO_NAMES = ['Ava Martinez', 'Liam Nguyen', 'Mia Johnson', 'Noah Patel', 'Emma Brown'];

function pick<T>(list: readonly T[], n: number): T {
  const item = list[n % list.length];
  if (item === undefined) throw new Error('empty list');
  return item;
}

/** A person registered the demo store's address or username before the demo existed. */
export class DemoAccountTakenError extends Error {
  override name = 'DemoAccountTakenError';
  constructor(who: { username: string; email: string }) {
    super(
      `The demo store's account ${who.username} <${who.email}> is taken by a registered user; the demo store stays off until that account is removed`,
    );
  }
}

/**
 * The demo store's people exist only to place simulated orders. They are created directly, not
 * registered, and with every notification switched off: the development outbox is read by people
 * (and test suites) looking for *their* verification mail or PIN, and must not fill up with mail
 * to accounts nobody owns.
 */
async function ensureUser(
  db: Db,
  who: { username: string; email: string },
  firstName: string,
): Promise<string> {
  const [existing] = await db
    .select({ id: users.id, email: users.email, username: users.username })
    .from(users)
    .where(or(eq(users.email, who.email), eq(sql`lower(${users.username})`, who.username)));
  if (existing) {
    // Never adopt an account someone registered with the demo's address or name (possible on a
    // database from before the seed created these accounts): it would own the demo store.
    if (existing.email !== who.email || existing.username.toLowerCase() !== who.username) {
      throw new DemoAccountTakenError(who);
    }
    return existing.id;
  }
  // A password nobody knows: these accounts are never signed into.
  const passwordHash = await hashPassword(`Demo#${randomBytes(18).toString('base64url')}1a`);
  const [created] = await db
    .insert(users)
    .values({
      firstName,
      lastName: 'Demo',
      username: who.username,
      email: who.email,
      passwordHash,
      emailVerifiedAt: new Date(),
    })
    .returning({ id: users.id });
  if (!created) throw new Error('Creating a demo account returned no row');
  const silent = { email: false, sms: false };
  await saveNotificationPreferences(db, created.id, {
    mobileNumber: null,
    events: Object.fromEntries(NOTIFICATION_EVENTS.map((event) => [event, silent])) as Record<
      (typeof NOTIFICATION_EVENTS)[number],
      typeof silent
    >,
  });
  return created.id;
}

export interface DemoAccount {
  accountId: string;
  retailerId: string;
  businessName: string;
  shopperId: string;
}

/** Creates the demo store on first use (idempotent, safe with several processes). */
export async function ensureDemoRetailer(db: Db): Promise<DemoAccount> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('retailer-demo', 0))`);
    const ownerId = await ensureUser(tx, DEMO_OWNER, 'Demo Retailer');
    const shopperId = await ensureUser(tx, DEMO_SHOPPER, 'Demo Shopper');
    const [existing] = await tx
      .select()
      .from(retailerAccounts)
      .where(eq(retailerAccounts.ownerUserId, ownerId));
    if (existing) {
      return {
        accountId: existing.id,
        retailerId: existing.retailerId,
        businessName: existing.businessName,
        shopperId,
      };
    }
    const created = await createRetailerAccount(tx, {
      userId: ownerId,
      data: {
        businessName: DEMO_BUSINESS_NAME,
        website: 'https://demo.curbrun.test',
        contactName: 'CurbRun Demo',
        contactEmail: DEMO_OWNER.email,
        contactPhone: '512 555 0199',
        stores: [
          {
            name: 'Downtown Austin',
            line1: '400 Congress Ave',
            city: 'Austin',
            state: 'TX',
            zip: '78701',
            services: ['curbside', 'home_delivery'],
          },
        ],
      },
    });
    return {
      accountId: created.account.id,
      retailerId: created.account.retailerId,
      businessName: created.account.businessName,
      shopperId,
    };
  });
}

export interface DemoDeps {
  provider: PaymentProvider;
  events: OrderPickupEvents;
  publicUrl: string;
  schedule(db: Db, input: ScheduleTimerInput): Promise<ScheduledTimer>;
}

async function activeDemoDeliveries(db: Db, accountId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(retailerCheckouts)
    .innerJoin(checkoutSessions, eq(checkoutSessions.id, retailerCheckouts.checkoutSessionId))
    .innerJoin(deliveries, eq(deliveries.orderPickupId, checkoutSessions.orderPickupId))
    .where(
      and(
        eq(retailerCheckouts.accountId, accountId),
        inArray(deliveries.status, [
          'pickup_confirmed',
          'en_route',
          'arriving',
          'awaiting_customer',
        ]),
      ),
    );
  return row?.value ?? 0;
}

/** One demo order: the retailer's checkout, then the shopper pays for a home delivery. */
export async function placeDemoOrder(db: Db, deps: DemoDeps, sequence: number): Promise<boolean> {
  const demo = await ensureDemoRetailer(db);
  if ((await activeDemoDeliveries(db, demo.accountId)) >= DEMO_MAX_ACTIVE) return false;
  // Made by the server itself, not through a key.
  const key: ApiKeyContext = {
    keyId: '',
    accountId: demo.accountId,
    retailerId: demo.retailerId,
    businessName: demo.businessName,
    allowedDomains: [],
    mode: 'test',
    kind: 'secret',
  };
  const [store] = await retailerStores(db, demo.retailerId);
  if (!store) return false;
  const item = pick(DEMO_ITEMS, sequence);
  const now = new Date();
  const session = await initializeCheckout(
    db,
    key,
    {
      retailer_id: demo.retailerId,
      order_items: [{ ...item, quantity: 1 + (sequence % 3) }],
      customer_info: { name: pick(DEMO_NAMES, sequence) },
      order_reference: `DEMO-${String(sequence).padStart(4, '0')}`,
      store_id: store.id,
    },
    { publicUrl: deps.publicUrl, now },
  );
  const expiry = `12/${String((now.getFullYear() + 3) % 100).padStart(2, '0')}`;
  await completeCheckoutSession(
    db,
    { provider: deps.provider, events: deps.events },
    {
      userId: demo.shopperId,
      sessionId: session.id,
      request: completeCheckoutRequestSchema.parse({
        deliveryType: 'home',
        address: pick(DEMO_ADDRESSES, sequence),
        window: sequence % 2 === 0 ? 'asap' : '2h',
        tipCents: 200,
        payment: {
          type: 'card',
          card: { number: TEST_CARDS.success, expiry, cvc: '123', name: 'Demo Shopper' },
        },
      }),
      idempotencyKey: `demo-order:${session.id}`,
      now,
    },
  );
  return true;
}

/** Starts the demo's timer chain unless one is already pending. */
export async function startDemoTraffic(db: Db, deps: DemoDeps): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('retailer-demo-timer', 0))`);
    const [pending] = await tx
      .select({ value: count() })
      .from(timers)
      .where(and(eq(timers.kind, DEMO_TIMER), isNull(timers.doneAt), isNull(timers.failedAt)));
    if ((pending?.value ?? 0) > 0) return;
    await deps.schedule(tx, { kind: DEMO_TIMER, payload: { sequence: 1 }, delayMs: 0 });
  });
}

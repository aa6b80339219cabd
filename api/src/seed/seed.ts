import { count, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { DemoAccountTakenError, ensureDemoRetailer } from '../analytics/demo.ts';
import { hashPassword } from '../auth/passwords.ts';
import { users } from '../auth/schema.ts';
import type { Db } from '../db/database.ts';
import { PARTNER_RETAILERS, retailerLogoPath } from '../retailers/catalog.ts';
import { retailers } from '../retailers/schema.ts';
import { SEED_STORES } from '../stores/catalog.ts';
import { stores } from '../stores/schema.ts';
import { DEMO_CUSTOMER } from './demo-customer.ts';
import { seedDemoHistory } from './demo-history.ts';

// Any fixed number shared by every process; see the comment in seedBaseData.
const SEED_LOCK_KEY = 724_311_002;

/**
 * Fills an empty database with the demo data: the partner retailers and
 * their stores, and the demo customer (unless `demoCustomer` is false: DEMO_CUSTOMER=off). Runs
 * in one transaction and only when there are no retailers yet, so it is safe on every start,
 * all-or-nothing, and done by one process when several start together. Returns the demo customer
 * when it seeded.
 */
export async function seedBaseData(
  db: Db,
  options: { demoCustomer?: boolean } = {},
): Promise<{ seeded: false } | { seeded: true; customer?: { id: string; email: string } }> {
  // Hash before opening the transaction: it takes tens of milliseconds and PGlite has one
  // connection, which a transaction holds exclusively.
  const passwordHash =
    options.demoCustomer === false ? undefined : await hashPassword(DEMO_CUSTOMER.password);

  return db.transaction(async (tx) => {
    // Two API processes starting together on one PostgreSQL server would both see an empty table;
    // the transaction-scoped lock makes the second wait and then find the data.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [existing] = await tx.select({ value: count() }).from(retailers);
    if ((existing?.value ?? 0) > 0) return { seeded: false };

    await tx.insert(retailers).values(
      PARTNER_RETAILERS.map((retailer, position) => ({
        ...retailer,
        image: retailerLogoPath(retailer.id),
        position,
      })),
    );
    await tx.insert(stores).values(SEED_STORES.map((store) => ({ ...store, state: 'TX' })));
    if (passwordHash === undefined) return { seeded: true };

    const [customer] = await tx
      .insert(users)
      .values({
        firstName: DEMO_CUSTOMER.firstName,
        lastName: DEMO_CUSTOMER.lastName,
        username: DEMO_CUSTOMER.username,
        email: DEMO_CUSTOMER.email.toLowerCase(),
        passwordHash,
        emailVerifiedAt: sql`now()`,
      })
      .onConflictDoNothing()
      .returning({ id: users.id, email: users.email });
    return { seeded: true, customer };
  });
}

/**
 * First start: the base data (seedBaseData) and, in the process that created it, the demo
 * customer's history (demo-history.ts) through the app's own services. Call it after `buildApp`
 * and before the timer runner starts. Returns whether it seeded.
 *
 * The history is several transactions, as it would have been for real; should the process stop
 * half-way through it, the customer keeps what was done so far (every step leaves consistent
 * data, and a courier already on its way is carried on by the timer runner).
 */
export async function seedDatabase(
  app: FastifyInstance,
  options: { history?: boolean; now?: Date } = {},
): Promise<boolean> {
  const base = await seedBaseData(app.database.db, { demoCustomer: app.config.demoCustomer });
  await seedDemoStore(app);
  if (!base.seeded) return false;
  if (base.customer && (options.history ?? true)) {
    await seedDemoHistory(app, base.customer, options.now);
  }
  return true;
}

/**
 * The public demo store (analytics/demo.ts) and its owner and shopper accounts, on every start
 * and before the server listens: created on first use, their addresses would be free to
 * register, and whoever registered `demo-retailer@curbrun.test` first would become the demo
 * store's owner, keys and dashboard included.
 */
async function seedDemoStore(app: FastifyInstance): Promise<void> {
  try {
    await ensureDemoRetailer(app.database.db);
  } catch (error) {
    // A database from before this fix may hold such a registration: start without the demo store
    // (its endpoints answer with an error) rather than hand it over or refuse to start.
    if (!(error instanceof DemoAccountTakenError)) throw error;
    app.log.error({ err: error }, 'demo store not created');
  }
}

import { and, desc, eq } from 'drizzle-orm';
import {
  type createLeaseRequestSchema,
  findLeasePlan,
  findRobotModel,
  LEASE_MESSAGES,
  type Lease,
  priceLease,
} from 'shared-contracts/leasing';
import { CARD_BRAND_LABELS } from 'shared-contracts/payments';
import type { z } from 'zod';
import { randomBase62 } from '../api-keys/keys.ts';
import type { Db } from '../db/database.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../http/errors.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { PaymentDeclinedError, processorKey, voidCharge } from '../payments/service.ts';
import type { RetailerAccountRow } from '../retailers/schema.ts';
import { stores } from '../stores/schema.ts';
import { type RobotLeaseRow, robotLeases } from './schema.ts';

function addMonths(date: Date, months: number): Date {
  const result = new Date(date);
  result.setUTCMonth(result.getUTCMonth() + months);
  return result;
}

function toLease(row: RobotLeaseRow, storeName: string): Lease {
  return {
    id: row.id,
    leaseNumber: row.leaseNumber,
    status: row.status,
    modelId: row.modelId,
    modelName: findRobotModel(row.modelId).name,
    planId: row.planId,
    planName: findLeasePlan(row.planId).name,
    quantity: row.quantity,
    store: { id: row.storeId, name: storeName },
    unitMonthlyCents: row.unitMonthlyCents,
    volumeDiscountPercent: row.volumeDiscountPercent,
    monthlyCents: row.monthlyCents,
    termMonths: row.termMonths,
    totalCents: row.totalCents,
    paidTodayCents: row.paidTodayCents,
    card: {
      brand: CARD_BRAND_LABELS[row.cardBrand as keyof typeof CARD_BRAND_LABELS] ?? row.cardBrand,
      last4: row.cardLast4,
    },
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listLeases(db: Db, accountId: string): Promise<Lease[]> {
  const rows = await db
    .select({ lease: robotLeases, storeName: stores.name })
    .from(robotLeases)
    .innerJoin(stores, eq(stores.id, robotLeases.storeId))
    .where(eq(robotLeases.accountId, accountId))
    .orderBy(desc(robotLeases.createdAt));
  return rows.map((row) => toLease(row.lease, row.storeName));
}

export async function getLease(db: Db, accountId: string, id: string): Promise<Lease> {
  const [row] = await db
    .select({ lease: robotLeases, storeName: stores.name })
    .from(robotLeases)
    .innerJoin(stores, eq(stores.id, robotLeases.storeId))
    .where(and(eq(robotLeases.id, id), eq(robotLeases.accountId, accountId)));
  if (!row) throw new NotFoundError(LEASE_MESSAGES.leaseNotFound);
  return toLease(row.lease, row.storeName);
}

/**
 * Signs a lease: prices it with the shared `priceLease`, charges the first month to the card
 * through the payment provider, and stores the lease. The card is charged before the row is
 * written; if writing fails the charge is refunded, so no one pays for a lease that does not exist.
 */
export async function createLease(
  db: Db,
  provider: PaymentProvider,
  input: {
    account: RetailerAccountRow;
    userId: string;
    request: z.output<typeof createLeaseRequestSchema>;
    idempotencyKey: string;
    now: Date;
  },
): Promise<Lease> {
  const { request, account } = input;
  const [store] = await db
    .select()
    .from(stores)
    .where(and(eq(stores.id, request.storeId), eq(stores.retailerId, account.retailerId)));
  if (!store) {
    throw new BadRequestError(LEASE_MESSAGES.storeNotYours, [
      { path: 'storeId', message: LEASE_MESSAGES.storeNotYours },
    ]);
  }
  const price = priceLease(request);
  if (
    request.expectedDueTodayCents !== undefined &&
    request.expectedDueTodayCents !== price.dueTodayCents
  ) {
    throw new ConflictError(LEASE_MESSAGES.priceChanged);
  }
  const model = findRobotModel(request.modelId);
  const plan = findLeasePlan(request.planId);

  const vaulted = await provider.vaultCard(request.card);
  if (!vaulted.ok) throw new PaymentDeclinedError(vaulted.message, vaulted.code);
  // Numbered after each void like card payments: a retry with the same key after a
  // failed insert is a new charge, never the processor replaying the refunded one.
  const baseKey = `lease:${account.id}:${input.idempotencyKey}`;
  const { attempt, idempotencyKey } = await processorKey(db, baseKey);
  const charged = await provider.charge({
    reference: vaulted.value.reference,
    amountCents: price.dueTodayCents,
    description: `${account.businessName}: ${request.quantity} × ${model.name}, ${plan.name} lease (first month)`,
    idempotencyKey,
  });
  if (!charged.ok) throw new PaymentDeclinedError(charged.message, charged.code);

  try {
    const [row] = await db
      .insert(robotLeases)
      .values({
        leaseNumber: `RL-${randomBase62(8).toUpperCase()}`,
        accountId: account.id,
        signedByUserId: input.userId,
        storeId: store.id,
        modelId: request.modelId,
        planId: request.planId,
        quantity: request.quantity,
        unitMonthlyCents: price.unitMonthlyCents,
        volumeDiscountPercent: price.volumeDiscountPercent,
        monthlyCents: price.monthlyCents,
        termMonths: price.termMonths,
        totalCents: price.totalCents,
        paidTodayCents: price.dueTodayCents,
        cardBrand: vaulted.value.brand,
        cardLast4: vaulted.value.last4,
        providerChargeId: charged.value.chargeId,
        startsAt: input.now,
        endsAt: addMonths(input.now, price.termMonths),
      })
      .returning();
    if (!row) throw new Error('Inserting the lease returned no row');
    return toLease(row, store.name);
  } catch (error) {
    await voidCharge(db, provider, {
      baseKey,
      attempt,
      chargeId: charged.value.chargeId,
      amountCents: price.dueTodayCents,
    }).catch(() => undefined);
    throw error;
  }
}

import { and, eq, inArray, isNull, like, or, sql } from 'drizzle-orm';
import { USER_MESSAGES } from 'shared-contracts/users';
import { addresses } from '../addresses/schema.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { authThrottle, emailVerificationTokens, sessions, users } from '../auth/schema.ts';
import { AUTH_RESULT_MESSAGES } from '../auth/service.ts';
import { publishSessionRevocation } from '../auth/session-revocation.ts';
import {
  accountSubject,
  clearAttempts,
  reserveAttempt,
  signedInAttemptKey,
} from '../auth/throttle.ts';
import { curbsidePickups } from '../curbside/schema.ts';
import type { Db } from '../db/database.ts';
import { deliveries, deliveryProofs } from '../deliveries/schema.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../http/errors.ts';
import { notificationPreferences } from '../notifications/schema.ts';
import { orderPickups } from '../order-pickups/schema.ts';
import { outbox } from '../outbox/schema.ts';
import { paymentMethods } from '../payments/schema.ts';
import { refundPhotos, refundRequests } from '../refunds/schema.ts';
import { retailerAccounts } from '../retailers/schema.ts';
import { cancelSubscription } from '../subscriptions/service.ts';
import { supportThreads } from '../support/schema.ts';

/**
 * Deleting an account (ADR 006): the person's data goes, their orders stay without it.
 *
 * The user row itself is kept as an anonymous tombstone because orders, payments, refunds and the
 * wallet ledger are financial records that must keep an owner; every personal field is replaced
 * and the password can never match again. Everything that says who the person is, where they
 * live, how to reach them or what they look like (door photos, signatures) is removed, across the
 * domains that store it, in one transaction.
 */

export const REMOVED = 'Removed';
export const ADDRESS_REMOVED = 'Address removed';

export async function deleteAccount(
  db: Db,
  input: { userId: string; sessionId: string; address: string; password: string },
  now: Date,
): Promise<string> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, input.userId), isNull(users.deletedAt)));
  if (!user) throw new NotFoundError('Account not found');
  const subject = signedInAttemptKey(user.id, input.sessionId, input.address);
  await reserveAttempt(db, subject, now);
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    throw new ForbiddenError(AUTH_RESULT_MESSAGES.wrongPassword);
  }
  await clearAttempts(db, subject);

  const [retailer] = await db
    .select({ businessName: retailerAccounts.businessName })
    .from(retailerAccounts)
    .where(eq(retailerAccounts.ownerUserId, user.id));
  if (retailer) {
    throw new ConflictError(
      `This account owns the retailer account of ${retailer.businessName}. Contact support to close it before deleting your account.`,
    );
  }

  // Renewals must not charge anyone after this; a subscription already ended is fine.
  try {
    await cancelSubscription(db, user.id, now);
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
  }

  await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(users).where(eq(users.id, user.id)).for('update');
    if (!locked || locked.deletedAt) return;
    const [preferences] = await tx
      .select({ mobileNumber: notificationPreferences.mobileNumber })
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, user.id));
    const curbsidePhones = await tx
      .selectDistinct({ phone: curbsidePickups.phoneNumber })
      .from(curbsidePickups)
      .where(eq(curbsidePickups.userId, user.id));
    const recipients = [
      locked.email,
      ...(preferences?.mobileNumber ? [preferences.mobileNumber] : []),
      ...curbsidePhones.map((row) => row.phone).filter((phone) => phone && phone !== REMOVED),
    ];

    const compactId = user.id.replaceAll('-', '');
    await tx
      .update(users)
      .set({
        firstName: 'Deleted',
        lastName: 'customer',
        username: `deleted_${compactId}`,
        email: `deleted+${compactId}@deleted.invalid`,
        // Not an argon2 hash: verifyPassword answers false for it, whatever is typed.
        passwordHash: '!deleted',
        emailVerifiedAt: null,
        deletedAt: now,
      })
      .where(eq(users.id, user.id));
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)));
    await publishSessionRevocation(tx, { userId: user.id, allSessions: true });
    await tx.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, user.id));
    // Every counter of the account: its own and those of each session and address.
    await tx.delete(authThrottle).where(like(authThrottle.subject, `${accountSubject(user.id)}%`));
    await tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, user.id));
    await tx.delete(addresses).where(eq(addresses.userId, user.id));
    await tx.delete(supportThreads).where(eq(supportThreads.userId, user.id));
    await tx
      .update(paymentMethods)
      .set({
        nameOnCard: REMOVED,
        isDefault: false,
        removedAt: sql`coalesce(${paymentMethods.removedAt}, now())`,
      })
      .where(eq(paymentMethods.userId, user.id));

    // Orders stay (anonymised): no name, no notes, no street; the ZIP area stays for the records.
    await tx
      .update(orderPickups)
      .set({
        customerName: null,
        notes: null,
        deliveryAddress: sql`case when ${orderPickups.deliveryAddress} is null then null else ${orderPickups.deliveryAddress} || ${JSON.stringify({ line1: ADDRESS_REMOVED, line2: null, instructions: null })}::jsonb end`,
        updatedAt: sql`now()`,
      })
      .where(eq(orderPickups.userId, user.id));
    const own = tx
      .select({ id: deliveries.id })
      .from(deliveries)
      .where(eq(deliveries.userId, user.id));
    await tx.delete(deliveryProofs).where(inArray(deliveryProofs.deliveryId, own));
    await tx
      .update(deliveries)
      .set({
        destination: sql`${deliveries.destination} || ${JSON.stringify({ addressLine: ADDRESS_REMOVED })}::jsonb`,
      })
      .where(and(eq(deliveries.userId, user.id), eq(deliveries.deliveryType, 'home')));
    await tx
      .update(curbsidePickups)
      .set({
        customerName: REMOVED,
        phoneNumber: REMOVED,
        vehicleDescription: null,
        specialInstructions: null,
        pinHash: null,
      })
      .where(eq(curbsidePickups.userId, user.id));
    await tx.delete(refundPhotos).where(eq(refundPhotos.userId, user.id));
    await tx
      .update(refundRequests)
      .set({ description: 'Removed at the customer’s request' })
      .where(eq(refundRequests.userId, user.id));
    // Messages still waiting for a transport would reach the person after deletion.
    await tx
      .delete(outbox)
      .where(
        and(
          inArray(outbox.to, recipients),
          or(eq(outbox.status, 'pending'), eq(outbox.status, 'failed')),
        ),
      );
  });
  return USER_MESSAGES.accountDeleted;
}

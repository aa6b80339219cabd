import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  PAYMENT_MESSAGES,
  paymentMethodListSchema,
  paymentMethodSchema,
  TEST_CARDS,
} from 'shared-contracts/payments';
import {
  MAX_WALLET_BALANCE_CENTS,
  topUpResponseSchema,
  WALLET_MESSAGES,
  walletEntriesPageSchema,
} from 'shared-contracts/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, startTestServer, type TestServer } from '../../test/harness.ts';
import { postJson } from '../../test/http.ts';
import { createTestUser, type TestUser } from '../../test/users.ts';
import { sessions } from '../auth/schema.ts';
import { curbsideOrder, getJson, newCard, topUp } from '../order-pickups/test-helpers.ts';
import { paymentMethods } from '../payments/schema.ts';
import { creditWallet, WalletBalanceCapError } from '../payments/wallet-ledger.ts';

async function closeSensitiveWindow(server: TestServer, user: TestUser) {
  await server.database.db
    .update(sessions)
    .set({ sensitiveUntil: new Date(Date.now() - 1000) })
    .where(eq(sessions.userId, user.id));
}

describeEachDatabase('wallet and payment methods', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ database: kind });
  });
  afterAll(() => server?.close());

  describe('adding funds', () => {
    it('charges the card and adds a top-up entry; the same key adds once', async () => {
      const user = await createTestUser(server);
      const key = randomUUID();
      const body = { amountCents: 2500, payment: newCard(TEST_CARDS.success, true) };
      const first = await postJson(server, user, '/api/wallet/top-ups', body, key);
      expect(first.status).toBe(201);
      const answer = topUpResponseSchema.parse(await first.json());
      expect(answer.balanceCents).toBe(2500);
      expect(answer.entry).toMatchObject({
        kind: 'top_up',
        amountCents: 2500,
        description: 'Added $25.00 to the wallet',
      });
      const replay = await postJson(server, user, '/api/wallet/top-ups', body, key);
      expect(replay.status).toBe(201);
      expect(
        (await getJson<{ balanceCents: number }>(server, user, '/api/wallet')).body.balanceCents,
      ).toBe(2500);
      // `save: true` kept the card.
      const cards = paymentMethodListSchema.parse(
        (await getJson(server, user, '/api/payment-methods')).body,
      );
      expect(cards).toMatchObject([{ brand: 'visa', last4: '4242', isDefault: true }]);
      // …and it can pay the next top-up.
      const saved = await postJson(
        server,
        user,
        '/api/wallet/top-ups',
        { amountCents: 500, payment: { type: 'saved_card', paymentMethodId: cards[0]?.id } },
        randomUUID(),
      );
      expect(topUpResponseSchema.parse(await saved.json()).balanceCents).toBe(3000);
    });

    it('refuses amounts out of range, declined cards and a balance above the cap', async () => {
      const user = await createTestUser(server);
      const small = await postJson(
        server,
        user,
        '/api/wallet/top-ups',
        { amountCents: 100, payment: newCard() },
        randomUUID(),
      );
      expect(small.status).toBe(400);
      expect(((await small.json()) as { message: string }).message).toBe(
        WALLET_MESSAGES.topUpRange,
      );
      const declined = await postJson(
        server,
        user,
        '/api/wallet/top-ups',
        { amountCents: 1000, payment: newCard(TEST_CARDS.insufficientFunds) },
        randomUUID(),
      );
      expect(declined.status).toBe(402);
      expect(await declined.json()).toEqual({ message: PAYMENT_MESSAGES.insufficientFunds });
      const wallet = await postJson(
        server,
        user,
        '/api/wallet/top-ups',
        { amountCents: 1000, payment: { type: 'wallet' } },
        randomUUID(),
      );
      expect(wallet.status).toBe(400);

      await creditWallet(server.database.db, {
        userId: user.id,
        amountCents: 199_000,
        kind: 'credit',
        description: 'Goodwill credit',
      });
      const capped = await postJson(
        server,
        user,
        '/api/wallet/top-ups',
        { amountCents: 5000, payment: newCard() },
        randomUUID(),
      );
      expect(capped.status).toBe(409);
      expect(await capped.json()).toEqual({ message: WALLET_MESSAGES.balanceCap });
    });

    it('applies the balance cap to every credit, refunds and goodwill too', async () => {
      const user = await createTestUser(server);
      const credit = (amountCents: number, kind: 'refund' | 'credit') =>
        creditWallet(server.database.db, { userId: user.id, amountCents, kind, description: 'x' });
      await credit(199_000, 'credit');
      const over = credit(1_001, 'refund');
      await expect(over).rejects.toBeInstanceOf(WalletBalanceCapError);
      await expect(over).rejects.toMatchObject({
        statusCode: 409,
        message: WALLET_MESSAGES.balanceCap,
      });
      await credit(1_000, 'refund');
      await expect(credit(1, 'credit')).rejects.toBeInstanceOf(WalletBalanceCapError);
      const page = walletEntriesPageSchema.parse(
        (await getJson(server, user, '/api/wallet/entries')).body,
      );
      expect(page.balanceCents).toBe(MAX_WALLET_BALANCE_CENTS);
      expect(page.entries.map((entry) => entry.amountCents)).toEqual([1_000, 199_000]);
    });

    it('needs the recent password check for the ledger and top-ups, not for the balance', async () => {
      const user = await createTestUser(server);
      await closeSensitiveWindow(server, user);
      expect((await getJson(server, user, '/api/wallet')).status).toBe(200);
      expect((await getJson(server, user, '/api/wallet/entries')).status).toBe(403);
      const topUpAttempt = await postJson(
        server,
        user,
        '/api/wallet/top-ups',
        { amountCents: 1000, payment: newCard() },
        randomUUID(),
      );
      expect(topUpAttempt.status).toBe(403);
      expect(
        (await postJson(server, user, '/api/payment-methods', { card: newCard().card })).status,
      ).toBe(403);
      expect((await getJson(server, user, '/api/payment-methods')).status).toBe(200);
    });
  });

  describe('the ledger', () => {
    it('pages newest first and filters by kind and dates', async () => {
      const user = await createTestUser(server);
      for (const amount of [1000, 1100, 1200]) await topUp(server, user, amount);
      for (let i = 0; i < 3; i += 1) {
        const response = await postJson(
          server,
          user,
          '/api/order-pickups',
          curbsideOrder({ payment: { type: 'wallet' }, tipCents: 100 }),
          randomUUID(),
        );
        expect(response.status).toBe(201);
      }
      // 3 top-ups + 3 × (payment + tip) = 9 entries.
      const first = walletEntriesPageSchema.parse(
        (await getJson(server, user, '/api/wallet/entries?page=1&pageSize=10')).body,
      );
      expect(first.total).toBe(9);
      expect(first.entries).toHaveLength(9);
      expect(first.balanceCents).toBe(3300 - 3 * 599);
      expect(first.entries[0]?.balanceAfterCents).toBe(first.balanceCents);
      const sum = first.entries.reduce((total, entry) => total + entry.amountCents, 0);
      expect(sum).toBe(first.balanceCents);

      const tips = walletEntriesPageSchema.parse(
        (await getJson(server, user, '/api/wallet/entries?kind=tip')).body,
      );
      expect(tips.total).toBe(3);
      expect(
        tips.entries.every((entry) => entry.kind === 'tip' && entry.amountCents === -100),
      ).toBe(true);

      const today = new Date().toISOString().slice(0, 10);
      const dated = walletEntriesPageSchema.parse(
        (await getJson(server, user, `/api/wallet/entries?from=${today}&to=${today}&kind=top_up`))
          .body,
      );
      expect(dated.entries.map((entry) => entry.amountCents)).toEqual([1200, 1100, 1000]);
      const past = walletEntriesPageSchema.parse(
        (await getJson(server, user, '/api/wallet/entries?from=2020-01-01&to=2020-01-31')).body,
      );
      expect(past.total).toBe(0);

      const bad = await getJson<{ message: string }>(
        server,
        user,
        '/api/wallet/entries?pageSize=7',
      );
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('Page size must be one of 10, 25, 50');
      const backwards = await getJson<{ message: string }>(
        server,
        user,
        '/api/wallet/entries?from=2026-02-01&to=2026-01-01',
      );
      expect(backwards.body.message).toBe('The start date must be on or before the end date');
    });

    it('pages through many entries', async () => {
      const user = await createTestUser(server);
      for (let i = 1; i <= 12; i += 1) {
        await creditWallet(server.database.db, {
          userId: user.id,
          amountCents: i,
          kind: 'credit',
          description: `Credit ${i}`,
        });
      }
      const page2 = walletEntriesPageSchema.parse(
        (await getJson(server, user, '/api/wallet/entries?page=2&pageSize=10')).body,
      );
      expect(page2.total).toBe(12);
      expect(page2.entries.map((entry) => entry.amountCents)).toEqual([2, 1]);
    });
  });

  describe('saved cards', () => {
    it('adds (verified by the provider), lists, sets the default and removes cards', async () => {
      const user = await createTestUser(server);
      const declined = await postJson(server, user, '/api/payment-methods', {
        card: newCard(TEST_CARDS.declined).card,
      });
      expect(declined.status).toBe(402);
      expect(await declined.json()).toEqual({ message: PAYMENT_MESSAGES.cardDeclined });

      const visa = paymentMethodSchema.parse(
        await (
          await postJson(server, user, '/api/payment-methods', { card: newCard().card })
        ).json(),
      );
      const mastercard = paymentMethodSchema.parse(
        await (
          await postJson(server, user, '/api/payment-methods', {
            card: newCard(TEST_CARDS.successMastercard).card,
          })
        ).json(),
      );
      expect(visa.isDefault).toBe(true);
      expect(mastercard).toMatchObject({ brand: 'mastercard', last4: '4444', isDefault: false });

      // Only brand, last 4, expiry and name are stored.
      const [row] = await server.database.db
        .select()
        .from(paymentMethods)
        .where(eq(paymentMethods.id, visa.id));
      expect(JSON.stringify(row)).not.toContain('4242424242424242');

      const made = await postJson(
        server,
        user,
        `/api/payment-methods/${mastercard.id}/default`,
        {},
      );
      expect(made.status).toBe(200);
      let cards = paymentMethodListSchema.parse(
        (await getJson(server, user, '/api/payment-methods')).body,
      );
      expect(cards.map((card) => [card.last4, card.isDefault])).toEqual([
        ['4444', true],
        ['4242', false],
      ]);

      const removed = await server.fetch(`/api/payment-methods/${mastercard.id}`, {
        method: 'DELETE',
        headers: user.headers,
      });
      expect(removed.status).toBe(204);
      cards = paymentMethodListSchema.parse(
        (await getJson(server, user, '/api/payment-methods')).body,
      );
      expect(cards.map((card) => [card.last4, card.isDefault])).toEqual([['4242', true]]);

      // A removed card cannot pay.
      const stale = await postJson(
        server,
        user,
        '/api/order-pickups',
        curbsideOrder({ payment: { type: 'saved_card', paymentMethodId: mastercard.id } }),
        randomUUID(),
      );
      expect(stale.status).toBe(404);
      expect(await stale.json()).toEqual({ message: PAYMENT_MESSAGES.paymentMethodNotFound });
    });

    it('keeps cards private', async () => {
      const owner = await createTestUser(server);
      const other = await createTestUser(server);
      const card = paymentMethodSchema.parse(
        await (
          await postJson(server, owner, '/api/payment-methods', { card: newCard().card })
        ).json(),
      );
      expect(
        (await postJson(server, other, `/api/payment-methods/${card.id}/default`, {})).status,
      ).toBe(404);
      expect(
        (
          await server.fetch(`/api/payment-methods/${card.id}`, {
            method: 'DELETE',
            headers: other.headers,
          })
        ).status,
      ).toBe(404);
      const pay = await postJson(
        server,
        other,
        '/api/order-pickups',
        curbsideOrder({ payment: { type: 'saved_card', paymentMethodId: card.id } }),
        randomUUID(),
      );
      expect(pay.status).toBe(404);
      expect((await getJson(server, other, '/api/payment-methods')).body).toEqual([]);
    });

    it('saves a card used with save: true when paying, and a saved insufficient-funds card keeps failing', async () => {
      const user = await createTestUser(server);
      const paid = await postJson(server, user, '/api/payment-methods', {
        card: newCard(TEST_CARDS.insufficientFunds).card,
      });
      expect(paid.status).toBe(201);
      const card = paymentMethodSchema.parse(await paid.json());
      const order = await postJson(
        server,
        user,
        '/api/order-pickups',
        curbsideOrder({ payment: { type: 'saved_card', paymentMethodId: card.id } }),
        randomUUID(),
      );
      expect(order.status).toBe(402);
      expect(await order.json()).toEqual({ message: PAYMENT_MESSAGES.insufficientFunds });
    });
  });
});

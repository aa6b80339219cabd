import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  topUpRequestSchema,
  topUpResponseSchema,
  walletEntriesPageSchema,
  walletEntriesQuerySchema,
  walletSummarySchema,
} from 'shared-contracts/wallet';
import { requireSensitiveAuth, requireUser } from '../auth/guards.ts';
import type { ApiDomain } from '../http/api-domain.ts';
import { idempotencyKeyOf, idempotent } from '../http/idempotency.ts';
import { errorResponses, noStore } from '../http/responses.ts';
import type { WalletEntryRow } from '../payments/schema.ts';
import { walletBalance } from '../payments/wallet-ledger.ts';
import { listWalletEntries, toWalletEntry } from './entries.ts';
import { topUpWallet } from './top-up.ts';

const errors = errorResponses(400, 401, 402, 403, 404, 409, 422);

/**
 * The wallet. The balance alone is shown wherever one pays (signed in); the ledger and adding
 * funds are the wallet page's and need the recent password check (the sensitive window).
 */
export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  noStore(app);

  app.get(
    '/api/wallet',
    {
      preHandler: requireUser,
      schema: {
        tags: ['wallet'],
        summary: "The caller's wallet balance",
        response: { 200: walletSummarySchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ balanceCents: await walletBalance(db(), request.user.id) }),
  );

  app.get(
    '/api/wallet/entries',
    {
      preHandler: requireSensitiveAuth,
      schema: {
        tags: ['wallet'],
        summary: 'The ledger, newest first, a page at a time, filtered by kind and dates',
        querystring: walletEntriesQuerySchema,
        response: { 200: walletEntriesPageSchema, ...errors },
      },
    },
    async (request) => listWalletEntries(db(), request.user.id, request.query),
  );

  app.post(
    '/api/wallet/top-ups',
    {
      preHandler: requireSensitiveAuth,
      schema: {
        tags: ['wallet'],
        summary: 'Add funds by card (accepts Idempotency-Key)',
        description:
          'Charges the card and adds a `top_up` entry in one step. A declined card is a 402 ' +
          "with the provider's message; a balance above $2,000.00 is refused (409).",
        body: topUpRequestSchema,
        response: { 201: topUpResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      idempotent(request, reply, { scope: `user:${request.user.id}` }, async (answer) => {
        const answered = (entry: WalletEntryRow) => ({
          statusCode: 201,
          body: { balanceCents: entry.balanceAfterCents, entry: toWalletEntry(entry) },
        });
        const entry = await topUpWallet(db(), app.paymentProvider, {
          userId: request.user.id,
          amountCents: request.body.amountCents,
          payment: request.body.payment,
          idempotencyKey: idempotencyKeyOf(request) ?? undefined,
          onWritten: (tx, written) => answer.record(tx, answered(written)),
        });
        return answered(entry);
      }),
  );
};

export const walletDomain: ApiDomain = {
  tags: [{ name: 'wallet', description: 'Wallet balance, ledger and top-ups by card' }],
  plugin: walletRoutes,
};

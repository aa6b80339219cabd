import Fastify from 'fastify';
import { isResponseSerializationError, validatorCompiler } from 'fastify-type-provider-zod';
import {
  currentSubscriptionResponseSchema,
  SUBSCRIPTION_PLANS,
} from 'shared-contracts/subscriptions';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createResponseSerializerCompiler } from './serializer.ts';

const userSchema = z.object({
  id: z.string(),
  name: z.string().min(1),
  nickname: z.string().nullable(),
  score: z.number().int().positive(),
});

async function serve(verify: boolean, data: unknown, schema: z.ZodType = userSchema) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createResponseSerializerCompiler({ verify }));
  app.setErrorHandler((error, _request, reply) => {
    reply.code(500).send({
      message: isResponseSerializationError(error) ? 'contract' : (error as Error).message,
    });
  });
  app.get('/thing', { schema: { response: { 200: schema } } }, async () => data);
  try {
    const response = await app.inject('/thing');
    return { status: response.statusCode, body: response.body };
  } finally {
    await app.close();
  }
}

describe('response serializer', () => {
  const user = { id: 'u1', name: 'Dana', nickname: null, score: 3 };

  for (const verify of [false, true]) {
    it(`writes what the zod contract describes (verify: ${verify})`, async () => {
      const answer = await serve(verify, user);
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toEqual(user);
    });

    it(`never writes properties the contract does not name (verify: ${verify})`, async () => {
      const answer = await serve(verify, { ...user, passwordHash: 'argon2id$secret' });
      expect(answer.status).toBe(200);
      expect(answer.body).not.toContain('passwordHash');
      expect(JSON.parse(answer.body)).toEqual(user);
    });
  }

  it('handles nullable references and constants of the real contracts', async () => {
    const none = await serve(true, { subscription: null }, currentSubscriptionResponseSchema);
    expect(JSON.parse(none.body)).toEqual({ subscription: null });
    const plan = SUBSCRIPTION_PLANS[0];
    const subscription = {
      id: '5b7f0c8e-8a4e-4c1b-9d2e-1f3a4b5c6d7e',
      plan,
      status: 'active',
      currentPeriodStart: '2026-11-01T00:00:00.000Z',
      currentPeriodEnd: '2026-12-01T00:00:00.000Z',
      cancelledAt: null,
      benefitsActive: true,
      lastPayment: null,
    };
    const some = await serve(true, { subscription }, currentSubscriptionResponseSchema);
    expect(some.status).toBe(200);
    expect(JSON.parse(some.body)).toEqual({ subscription });
  });

  it('in the test suites, an answer that breaks its contract fails instead of being sent', async () => {
    const broken = await serve(true, { ...user, score: -1 });
    expect(broken).toEqual({ status: 500, body: JSON.stringify({ message: 'contract' }) });
    const missing = await serve(true, { id: 'u1', name: 'Dana', score: 3 });
    expect(missing.status).toBe(500);
  });
});

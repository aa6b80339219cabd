import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { hasControlCharacters } from 'shared-contracts/text';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabaseTarget, type TestDatabaseTarget } from '../harness.ts';
import { type ApiProcess, startApi } from './api-process.ts';
import { type Customer, registerCustomer } from './customers.ts';
import { report, SCALE } from './scale.ts';
import {
  hostileBody,
  type Json,
  type JsonSchema,
  MUTATIONS,
  toJsonText,
  urlFieldValues,
} from './schema-arbitrary.ts';

/**
 * Hostile input at scale: every operation of the OpenAPI document that takes a JSON body gets
 * bodies generated from its schema and then mutated (wrong types, huge numbers, deep nesting,
 * long strings, control characters, prototype keys). Signed in as the route needs, so the bodies
 * reach validation. No answer may be a 5xx or a hang, every 4xx is `{ message }`, and the server
 * is healthy afterwards. The seed is printed; `FAULT_SEED=<seed>` replays a run exactly.
 */

interface Operation {
  method: string;
  path: string;
  schema: JsonSchema;
  auth: 'customer' | 'retailer' | 'secret key' | 'publishable key';
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        requestBody?: { content?: Record<string, { schema: JsonSchema }> };
        security?: Array<Record<string, unknown>>;
      }
    >
  >;
  components?: { schemas?: Record<string, JsonSchema> };
}

const WIDGET_ORIGIN = 'https://shop.fuzz.test';

describe('hostile input at scale [pglite]', () => {
  let target: TestDatabaseTarget;
  let api: ApiProcess;
  let document: OpenApiDocument;
  let operations: Operation[];
  const identities: Partial<Record<Operation['auth'], Record<string, string>>> = {};
  let customer: Customer;

  async function provisionRetailer(): Promise<void> {
    const owner = await registerCustomer(api.url);
    const json = { ...owner.headers, 'content-type': 'application/json' };
    const created = await fetch(`${api.url}/api/retailer/account`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        businessName: `Fuzz Outfitters ${randomUUID().slice(0, 8)}`,
        website: 'https://fuzz.example.com',
        contactName: 'Grace Hopper',
        contactEmail: 'grace@fuzz.example.com',
        contactPhone: '512 555 0100',
        stores: [
          {
            name: 'Downtown',
            line1: '500 Congress Ave',
            city: 'Austin',
            state: 'TX',
            zip: '78701',
            services: ['curbside', 'home_delivery'],
          },
        ],
      }),
    });
    if (created.status !== 201)
      throw new Error(`onboarding: ${created.status} ${await created.text()}`);
    const account = (await created.json()) as { secretKeys: { test: string } };
    const keys = (await (
      await fetch(`${api.url}/api/retailer/api-keys`, { headers: owner.headers })
    ).json()) as Array<{ kind: string; mode: string; display: string }>;
    const publishable = keys.find(
      (key) => key.kind === 'publishable' && key.mode === 'test',
    )?.display;
    const domains = await fetch(`${api.url}/api/retailer/account/allowed-domains`, {
      method: 'PUT',
      headers: json,
      body: JSON.stringify({ domains: [new URL(WIDGET_ORIGIN).host] }),
    });
    if (domains.status !== 200) throw new Error(`allowed domains: ${domains.status}`);
    identities.retailer = owner.headers;
    identities['secret key'] = { authorization: `Bearer ${account.secretKeys.test}` };
    identities['publishable key'] = {
      authorization: `Bearer ${publishable}`,
      origin: WIDGET_ORIGIN,
    };
  }

  async function provisionCustomer(): Promise<void> {
    customer = await registerCustomer(api.url);
    identities.customer = customer.headers;
  }

  beforeAll(async () => {
    target = await createTestDatabaseTarget('pglite', { migrated: true });
    api = await startApi({
      dataDir: target.dataDir,
      env: { RETAILER_API_RATE_LIMIT_PER_MINUTE: '10000000' },
    });
    document = (await (await fetch(`${api.url}/api/openapi.json`)).json()) as OpenApiDocument;
    operations = [];
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const schema = operation.requestBody?.content?.['application/json']?.schema;
        if (!schema) continue;
        const schemes = (operation.security ?? []).flatMap((entry) => Object.keys(entry));
        const auth: Operation['auth'] = schemes.includes('publishableKey')
          ? 'publishable key'
          : schemes.includes('secretKey')
            ? 'secret key'
            : path.startsWith('/api/retailer/')
              ? 'retailer'
              : 'customer';
        operations.push({ method: method.toUpperCase(), path, schema, auth });
      }
    }
    await provisionCustomer();
    await provisionRetailer();
  });

  afterAll(async () => {
    await api?.kill();
    await target?.drop();
  });

  it(
    `answers ${SCALE.fuzzBodies} hostile bodies without a 5xx`,
    async () => {
      expect(operations.length).toBeGreaterThan(25);
      const statuses = new Map<number, number>();
      const perOperation = new Map<string, number>();
      const urlControlFailures: string[] = [];
      let reprovisioned = 0;
      let sent = 0;

      const send = async (operation: Operation, pathParam: string, body: Json) => {
        const path = operation.path.replace(/\{[^}]+\}/g, encodeURIComponent(pathParam));
        const text = toJsonText(body);
        const response = await fetch(`${api.url}${path}`, {
          method: operation.method,
          headers: { ...identities[operation.auth], 'content-type': 'application/json' },
          body: text,
          signal: AbortSignal.timeout(30_000),
        });
        const answer = await response.text();
        return { status: response.status, answer, path, text };
      };

      const pathParam = fc.oneof(
        fc.uuid(),
        fc.constantFrom('0', '-1', '..%2f', 'x'.repeat(300), 'CR-100234'),
        fc.string({ maxLength: 12 }),
      );
      const property = fc.asyncProperty(
        fc.constantFrom(...operations).chain((operation) =>
          fc.record({
            operation: fc.constant(operation),
            pathParam,
            body: hostileBody(document, operation.schema),
          }),
        ),
        async ({ operation, pathParam: param, body }) => {
          let result = await send(operation, param, body.body);
          // A body that happened to sign the account out (or roll the key) is fine; the next
          // bodies need a live identity to reach validation again.
          if (result.status === 401 && reprovisioned < 50) {
            reprovisioned += 1;
            if (operation.auth === 'customer') await provisionCustomer();
            else await provisionRetailer();
            result = await send(operation, param, body.body);
          }
          sent += 1;
          statuses.set(result.status, (statuses.get(result.status) ?? 0) + 1);
          const name = `${operation.method} ${operation.path}`;
          perOperation.set(name, (perOperation.get(name) ?? 0) + 1);
          const request = `${operation.method} ${result.path} (${body.mutations.join(', ') || 'no mutation'})\n${result.text.slice(0, 2_000)}`;
          if (result.status >= 500) {
            // Control characters in URL fields are a known 500, fixed with the shared URL helper
            // in shared-contracts; counted and reported apart so other failures still shrink.
            const urls = urlFieldValues(document, operation.schema, body.body);
            if (result.status === 500 && urls.some((url) => hasControlCharacters(url))) {
              urlControlFailures.push(request);
              return true;
            }
            throw new Error(
              `${result.status} for ${request}\nanswer: ${result.answer.slice(0, 500)}`,
            );
          }
          if (result.status >= 400) {
            const parsed = JSON.parse(result.answer) as { message?: unknown };
            if (typeof parsed.message !== 'string' || parsed.message.length === 0) {
              throw new Error(
                `${result.status} without a message for ${request}\nanswer: ${result.answer.slice(0, 500)}`,
              );
            }
          }
          return true;
        },
      );

      report(
        `hostile input: seed ${SCALE.fuzzSeed} (FAULT_SEED=${SCALE.fuzzSeed} replays it), ${SCALE.fuzzBodies} bodies over ${operations.length} operations`,
      );
      await fc.assert(property, {
        seed: SCALE.fuzzSeed,
        numRuns: SCALE.fuzzBodies,
        endOnFailure: false,
      });

      const health = await fetch(`${api.url}/api/health`);
      const fiveHundreds = [...statuses]
        .filter(([status]) => status >= 500)
        .reduce((sum, [, count]) => sum + count, 0);
      report(
        `hostile input: ${sent} bodies, ${fiveHundreds} 5xx (${urlControlFailures.length} of them control characters in URL fields), ` +
          `statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}, ` +
          `mutations ${MUTATIONS.length} kinds, ${perOperation.size} operations reached, health after ${health.status}`,
      );
      expect(health.status).toBe(200);
      expect(api.child.exitCode).toBeNull();
      expect(
        urlControlFailures,
        'control characters in URL fields answered 500 (the shared URL schema must refuse them with 400)',
      ).toEqual([]);
    },
    30 * 60_000,
  );
});

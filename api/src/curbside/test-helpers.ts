import { randomInt } from 'node:crypto';
import {
  type CurbsidePickup,
  type CurbsideStatus,
  curbsidePickupSchema,
} from 'shared-contracts/curbside';
import { outboxListSchema } from 'shared-contracts/notifications';
import type { TestServer } from '../../test/harness.ts';
import { postJson } from '../../test/http.ts';
import type { TestUser } from '../../test/users.ts';

/** Test-only helpers for the curbside suites: arrive, read the record, read the PIN SMS. */

export const randomPhone = () => `+1 214 555 ${String(randomInt(0, 10_000)).padStart(4, '0')}`;

export function arrivalBody(orderNumber: string, overrides: Record<string, unknown> = {}) {
  return {
    customerName: 'Dana Driver',
    parkingSpotNumber: '12',
    phoneNumber: randomPhone(),
    vehicleDescription: 'Blue Honda Civic',
    orderNumber,
    ...overrides,
  };
}

export async function arrive(
  server: TestServer,
  user: TestUser,
  orderNumber: string,
  overrides: Record<string, unknown> = {},
): Promise<{ id: string; phoneNumber: string }> {
  const body = arrivalBody(orderNumber, overrides);
  const response = await postJson(server, user, '/api/curbside-pickups', body);
  if (response.status !== 201) {
    throw new Error(`arrival failed: ${response.status} ${await response.text()}`);
  }
  const { id } = (await response.json()) as { id: string };
  return { id, phoneNumber: body.phoneNumber };
}

export async function readPickup(
  server: TestServer,
  user: TestUser,
  id: string,
): Promise<CurbsidePickup> {
  const response = await server.fetch(`/api/curbside-pickups/${id}`, { headers: user.headers });
  if (response.status !== 200) throw new Error(`read failed: ${response.status}`);
  return curbsidePickupSchema.parse(await response.json());
}

/** The PIN from the newest SMS to `phoneNumber` in the development outbox. */
export async function pinFromOutbox(server: TestServer, phoneNumber: string): Promise<string> {
  const response = await server.fetch(`/api/dev/outbox?to=${encodeURIComponent(phoneNumber)}`);
  const [sms] = outboxListSchema.parse(await response.json());
  const match = sms ? /PIN for order CR-\d{6} is (\d{4})\./.exec(sms.text) : null;
  if (!match?.[1]) throw new Error(`no PIN SMS to ${phoneNumber}`);
  return match[1];
}

/**
 * Runs due timers by hand (suites start the server without its runner) until the pickup reaches
 * `status`, so each test decides exactly which simulated steps happen.
 */
export async function runTimersUntil(
  server: TestServer,
  user: TestUser,
  id: string,
  status: CurbsideStatus,
  timeoutMs = 10_000,
): Promise<CurbsidePickup> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await server.app.timers.runDue();
    const record = await readPickup(server, user, id);
    if (record.status === status) return record;
    if (Date.now() > deadline) {
      throw new Error(`pickup stayed ${record.status}, expected ${status}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

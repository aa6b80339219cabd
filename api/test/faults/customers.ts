import { randomUUID } from 'node:crypto';

/** A customer signed in over HTTP, the way a person gets one: register, verify, sign in. */
export interface Customer {
  id: string;
  username: string;
  headers: { authorization: string };
}

export const CUSTOMER_PASSWORD = 'Fault@Suite2026';

async function post(url: string, body: unknown): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function expectStatus(response: Response, status: number, what: string): Promise<unknown> {
  const text = await response.text();
  if (response.status !== status) throw new Error(`${what}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

export async function registerCustomer(baseUrl: string): Promise<Customer> {
  const suffix = randomUUID().slice(0, 8);
  const username = `fault_${suffix}`;
  const email = `${username}@example.test`;
  await expectStatus(
    await post(`${baseUrl}/api/auth/register`, {
      firstName: 'Fault',
      lastName: 'Suite',
      username,
      email,
      password: CUSTOMER_PASSWORD,
    }),
    201,
    'register',
  );
  const outbox = (await expectStatus(
    await fetch(`${baseUrl}/api/dev/outbox?to=${encodeURIComponent(email)}`),
    200,
    'outbox',
  )) as Array<{ text: string }>;
  const token = outbox.map((m) => /verify-email\?token=([\w-]+)/.exec(m.text)?.[1]).find(Boolean);
  if (!token) throw new Error(`no verification link for ${email}`);
  await expectStatus(await post(`${baseUrl}/api/auth/verify-email`, { token }), 200, 'verify');
  const login = (await expectStatus(
    await post(`${baseUrl}/api/auth/login`, { identifier: username, password: CUSTOMER_PASSWORD }),
    200,
    'login',
  )) as { token: string; user: { id: string } };
  return { id: login.user.id, username, headers: { authorization: `Bearer ${login.token}` } };
}

const nextYear = String((new Date().getFullYear() + 2) % 100).padStart(2, '0');

/** The embedded test provider's card that always succeeds (shared-contracts TEST_CARDS). */
export const testCard = () => ({
  type: 'card' as const,
  card: {
    number: '4242 4242 4242 4242',
    expiry: `12/${nextYear}`,
    cvc: '123',
    name: 'Fault Suite',
  },
  save: false,
});

/**
 * Curbside stores of the demo catalogue. A store has three robots: arrivals sent to one store
 * faster than its robots finish queue up, and a long run then measures that queue, not the crash.
 */
const CURBSIDE_STORES = [
  'macys-galleria-dallas',
  'macys-barton-creek',
  'nordstrom-northpark',
  'dillards-willowbrook',
  'jcpenney-stonebriar',
  'kohls-fort-worth-alliance',
  'nike-allen-outlets',
  'under-armour-grapevine',
];

export const curbsideOrderBody = (retailerOrderNumber: string) => ({
  storeId: CURBSIDE_STORES[Math.floor(Math.random() * CURBSIDE_STORES.length)],
  retailerOrderNumber,
  customerName: 'Fault Suite',
  bags: 1,
  weightClass: 'small',
  deliveryType: 'curbside',
  window: '6h',
  tipCents: 0,
  payment: testCard(),
});

export const arrivalBody = (orderNumber: string) => ({
  customerName: 'Fault Suite',
  parkingSpotNumber: '7',
  phoneNumber: `+1 214 555 ${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`,
  vehicleDescription: 'Grey Volvo',
  orderNumber,
});

import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { tokenOf } from '../fixtures/auth-api';

/** Test cards of the embedded "test" payment provider (shared-contracts TEST_CARDS). */
export const CARDS = {
  success: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
} as const;

const nextYear = String((new Date().getFullYear() + 2) % 100).padStart(2, '0');
export const CARD_EXPIRY = `12/${nextYear}`;

/** API calls as the page's signed-in user. */
export class CustomerApi {
  constructor(
    readonly request: APIRequestContext,
    readonly token: string,
  ) {}

  static async of(page: Page, request: APIRequestContext): Promise<CustomerApi> {
    return new CustomerApi(request, await tokenOf(page));
  }

  private get headers() {
    return { authorization: `Bearer ${this.token}` };
  }

  async orderPickups(): Promise<
    Array<{ id: string; orderNumber: string; storeName: string; status: string }>
  > {
    const response = await this.request.get('/api/order-pickups', { headers: this.headers });
    expect(response.status()).toBe(200);
    return response.json();
  }

  async orderPickup(id: string): Promise<Record<string, unknown>> {
    const response = await this.request.get(`/api/order-pickups/${id}`, { headers: this.headers });
    expect(response.status()).toBe(200);
    return response.json();
  }

  async walletBalance(): Promise<number> {
    const response = await this.request.get('/api/wallet', { headers: this.headers });
    expect(response.status()).toBe(200);
    return ((await response.json()) as { balanceCents: number }).balanceCents;
  }

  /** Adds funds by card (login opened the sensitive window). */
  async topUp(amountCents: number): Promise<void> {
    const response = await this.request.post('/api/wallet/top-ups', {
      headers: { ...this.headers, 'idempotency-key': randomUUID() },
      data: {
        amountCents,
        payment: {
          type: 'card',
          card: { number: CARDS.success, expiry: CARD_EXPIRY, cvc: '123', name: 'Ada Lovelace' },
        },
      },
    });
    expect(response.status(), await response.text()).toBe(201);
  }

  async addPaymentMethod(number: string = CARDS.success): Promise<{ id: string }> {
    const response = await this.request.post('/api/payment-methods', {
      headers: this.headers,
      data: { card: { number, expiry: CARD_EXPIRY, cvc: '123', name: 'Ada Lovelace' } },
    });
    expect(response.status(), await response.text()).toBe(201);
    return response.json();
  }
}

/** The card fields of a payment form (new card). */
export async function fillCard(scope: Locator | Page, number: string, name = 'Ada Lovelace') {
  await scope.getByLabel('Card number').fill(number);
  await scope.getByLabel('Expiry (MM/YY)').fill(CARD_EXPIRY);
  await scope.getByLabel('CVC').fill('123');
  await scope.getByLabel('Name on card').fill(name);
}

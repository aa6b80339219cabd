import { randomInt, randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { tokenOf } from '../fixtures/auth-api';
import { CARD_EXPIRY, CARDS } from './customer-common';

/**
 * Page objects and API setup for the deliveries suites: delivery tracking, pickup history, refund
 * requests and settings.
 */

/** 75231 is about 1.5 miles from Nordstrom NorthPark: a short core-zone home delivery. */
export const NEARBY_ADDRESS = {
  line1: '9100 Skillman St',
  city: 'Dallas',
  state: 'TX',
  zip: '75231',
};

export interface PlacedOrder {
  id: string;
  orderNumber: string;
  totalCents: number;
  feeCents: number;
}

/** Calls of the deliveries, refunds and settings features as the page's signed-in user. */
export class DeliveriesApi {
  constructor(
    readonly request: APIRequestContext,
    readonly token: string,
  ) {}

  static async of(page: Page, request: APIRequestContext): Promise<DeliveriesApi> {
    return new DeliveriesApi(request, await tokenOf(page));
  }

  get headers() {
    return { authorization: `Bearer ${this.token}` };
  }

  /** Schedules and pays a pickup through the API (the scheduling flow has its own suite). */
  async placeOrder(extra: Record<string, unknown> = {}): Promise<PlacedOrder> {
    const response = await this.request.post('/api/order-pickups', {
      headers: { ...this.headers, 'idempotency-key': randomUUID() },
      data: {
        storeId: 'nordstrom-northpark',
        retailerOrderNumber: `NP-${randomInt(1000, 9999)}`,
        customerName: 'Ada Lovelace',
        bags: 2,
        weightClass: 'small',
        deliveryType: 'home',
        address: NEARBY_ADDRESS,
        window: 'asap',
        tipCents: 200,
        payment: {
          type: 'card',
          card: { number: CARDS.success, expiry: CARD_EXPIRY, cvc: '123', name: 'Ada Lovelace' },
        },
        ...extra,
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    return response.json();
  }

  /** `storeId`: each store has its own three robots, so a suite can keep off the others' fleet. */
  async placeCurbsideOrder(storeId = 'nordstrom-northpark'): Promise<PlacedOrder> {
    return this.placeOrder({
      storeId,
      deliveryType: 'curbside',
      address: undefined,
      window: '6h',
      tipCents: 0,
    });
  }

  async delivery(orderId: string): Promise<{ id: string; status: string }> {
    const response = await this.request.get(`/api/deliveries/order/${orderId}`, {
      headers: this.headers,
    });
    expect(response.status(), await response.text()).toBe(200);
    return response.json();
  }

  /**
   * Takes a curbside order to the car through the curbside API: arrive, wait for the robot, enter
   * the PIN from the outbox, collect. About 5 seconds at SIM_TIME_SCALE 0.1.
   */
  async collectAtCurb(orderNumber: string): Promise<string> {
    const phone = `(214) 555-${String(randomInt(0, 10_000)).padStart(4, '0')}`;
    const arrived = await this.request.post('/api/curbside-pickups', {
      headers: this.headers,
      data: {
        customerName: 'Ada Lovelace',
        parkingSpotNumber: '7',
        phoneNumber: phone,
        orderNumber,
      },
    });
    expect(arrived.status(), await arrived.text()).toBe(201);
    const { id } = (await arrived.json()) as { id: string };
    await expect
      .poll(
        async () => {
          const response = await this.request.get(`/api/curbside-pickups/${id}`, {
            headers: this.headers,
          });
          return ((await response.json()) as { status: string }).status;
        },
        { timeout: 30_000 },
      )
      .toBe('awaiting_verification');
    const outbox = await this.request.get(`/api/dev/outbox?to=${encodeURIComponent(phone)}`);
    const [sms] = (await outbox.json()) as Array<{ text: string }>;
    const pin = sms?.text.match(/is (\d{4})\./)?.[1] ?? '';
    const verified = await this.request.post(`/api/curbside-pickups/${id}/verify`, {
      headers: this.headers,
      data: { verificationPin: pin },
    });
    expect(verified.status(), await verified.text()).toBe(200);
    const collected = await this.request.post(`/api/curbside-pickups/${id}/collected`, {
      headers: this.headers,
    });
    expect(collected.status(), await collected.text()).toBe(200);
    return id;
  }

  async waitForDelivery(orderId: string, status: string, timeout = 30_000): Promise<void> {
    await expect.poll(async () => (await this.delivery(orderId)).status, { timeout }).toBe(status);
  }
}

/** `/delivery-tracking/:id`. */
export class TrackingPage {
  readonly status: Locator;
  readonly marker: Locator;
  readonly eta: Locator;

  constructor(readonly page: Page) {
    this.status = page.getByTestId('delivery-status');
    this.marker = page.getByTestId('courier-marker');
    this.eta = page.getByTestId('delivery-eta');
  }

  async goto(id: string): Promise<void> {
    await this.page.goto(`/delivery-tracking/${id}`);
    await expect(
      this.page.getByRole('heading', { name: 'Delivery Tracking', level: 1 }),
    ).toBeVisible();
  }

  checkpoint(id: 'pickup_confirmed' | 'en_route' | 'arriving' | 'delivered'): Locator {
    return this.page.getByTestId(`checkpoint-${id}`);
  }

  async markerProgress(): Promise<number> {
    return Number(await this.marker.getAttribute('data-progress'));
  }
}

/** `/pickup-history`. */
export class HistoryPage {
  readonly entries: Locator;

  constructor(readonly page: Page) {
    this.entries = page.getByTestId('history-entry');
  }

  async goto(query = ''): Promise<void> {
    await this.page.goto(`/pickup-history${query}`);
    await expect(
      this.page.getByRole('heading', { name: 'Pickup History', level: 1 }),
    ).toBeVisible();
  }

  entry(text: string): Locator {
    return this.entries.filter({ hasText: text });
  }
}

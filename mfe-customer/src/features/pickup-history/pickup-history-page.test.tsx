import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch, renderWithProviders, signIn, TEST_USER } from 'shared-auth/testing';
import type {
  PickupHistoryPage as HistoryPage,
  PickupHistoryItem,
} from 'shared-contracts/deliveries';
import type { OrderPickup } from 'shared-contracts/order-pickups';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { draftKey } from '../../shared/schedule-draft-storage';
import { PickupHistoryPage } from './pickup-history-page';

const ORDER_ID = '22222222-2222-4222-8222-222222222222';

function item(overrides: Partial<PickupHistoryItem> = {}): PickupHistoryItem {
  return {
    kind: 'order',
    id: ORDER_ID,
    orderPickupId: ORDER_ID,
    orderNumber: 'CR-100600',
    retailerOrderNumber: 'NP-2001',
    storeName: 'Nordstrom NorthPark Center',
    retailerName: 'Nordstrom',
    deliveryType: 'home',
    group: 'active',
    status: 'in_transit',
    statusLabel: 'In transit',
    deliveryStatus: 'en_route',
    parkingSpotNumber: null,
    totalCents: 1299,
    createdAt: '2026-07-14T20:00:00.000Z',
    trackingPath: `/delivery-tracking/${ORDER_ID}`,
    ...overrides,
  };
}

const page = (items: PickupHistoryItem[], extra: Partial<HistoryPage> = {}): HistoryPage => ({
  items,
  page: 1,
  pageSize: 10,
  total: items.length,
  ...extra,
});

beforeEach(() => signIn());
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('PickupHistoryPage', () => {
  it('lists pickups newest first, each linking to its tracking page', async () => {
    mockFetch({
      'GET /api/pickup-history': () =>
        json(
          page([
            item({
              kind: 'curbside',
              id: '44444444-4444-4444-8444-444444444444',
              deliveryType: 'curbside',
              status: 'delivered',
              statusLabel: 'Delivered',
              group: 'delivered',
              parkingSpotNumber: '12',
              totalCents: null,
              deliveryStatus: null,
              trackingPath: '/curbside-pickup?pickup=44444444-4444-4444-8444-444444444444',
            }),
            item(),
          ]),
        ),
    });
    renderWithProviders(<PickupHistoryPage />, { path: '/pickup-history' });
    const entries = await screen.findAllByTestId('history-entry', {}, { timeout: 5_000 });
    expect(entries).toHaveLength(2);
    expect(entries[0]).toHaveTextContent('Curbside pickup CR-100600');
    expect(entries[0]).toHaveTextContent('Parking spot 12');
    expect(
      within(entries[0] as HTMLElement).getByRole('link', { name: /Track curbside pickup/ }),
    ).toHaveAttribute('href', '/curbside-pickup?pickup=44444444-4444-4444-8444-444444444444');
    expect(entries[1]).toHaveTextContent('Order CR-100600');
    expect(entries[1]).toHaveTextContent('Home delivery · $12.99');
    expect(entries[1]).toHaveTextContent('Delivery: En Route');
    expect(
      within(entries[1] as HTMLElement).getByRole('link', { name: 'Track order CR-100600' }),
    ).toHaveAttribute('href', `/delivery-tracking/${ORDER_ID}`);
    expect(screen.getByText('Showing 1–2 of 2')).toBeInTheDocument();
  });

  it('filters by status and searches by order number through the URL, with pages', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'GET /api/pickup-history': ({ url }) => {
        const params = new URL(url, 'http://x').searchParams;
        return json(page([item()], { total: 25, page: Number(params.get('page') ?? 1) }));
      },
    });
    renderWithProviders(<PickupHistoryPage />, { path: '/pickup-history' });
    await screen.findAllByTestId('history-entry', {}, { timeout: 5_000 });
    await user.selectOptions(screen.getByLabelText('Status'), 'delivered');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/pickup-history?status=delivered'),
    );
    await user.type(screen.getByLabelText('Order number'), 'cr-1006');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/pickup-history?status=delivered&q=cr-1006',
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByText('Page 2 of 3')).toBeInTheDocument());
    const last = calls.filter((call) => call.key === 'GET /api/pickup-history').at(-1);
    expect(last?.url).toBe('/api/pickup-history?page=2&pageSize=10&status=delivered&q=cr-1006');
  });

  it('says so when nothing matches', async () => {
    mockFetch({ 'GET /api/pickup-history': () => json(page([])) });
    renderWithProviders(<PickupHistoryPage />, { path: '/pickup-history?q=CR-999999' });
    expect(await screen.findByText('No pickups match', {}, { timeout: 5_000 })).toBeInTheDocument();
  });

  it('orders again: the scheduling draft is prefilled and the flow opens at order details', async () => {
    const user = userEvent.setup();
    const detail: OrderPickup = {
      id: ORDER_ID,
      orderNumber: 'CR-100600',
      storeName: 'Nordstrom NorthPark',
      status: 'delivered',
      storeId: 'nordstrom-northpark',
      retailerName: 'Nordstrom',
      deliveryType: 'home',
      retailerOrderNumber: null,
      totalCents: 1899,
      windowStartsAt: null,
      windowEndsAt: null,
      createdAt: '2026-03-02T15:00:00.000Z',
      store: {
        id: 'nordstrom-northpark',
        name: 'Nordstrom NorthPark',
        addressLine: '8687 N Central Expy',
        city: 'Dallas',
        state: 'TX',
        zip: '75225',
        location: { lat: 32.8686, lng: -96.7735 },
      },
      retailerId: 'nordstrom',
      customerName: 'Dana Rivera',
      bags: 3,
      weightClass: 'medium',
      notes: 'Leave by the side door',
      window: '4h',
      zone: 'core',
      distanceMiles: 3.2,
      feeLines: [],
      feeCents: 1899,
      discountCents: 0,
      tipCents: 0,
      payment: null,
      checkoutSessionId: null,
      cancellable: false,
      statusHistory: [],
      updatedAt: '2026-03-02T15:00:00.000Z',
      deliveryAddress: {
        line1: '9100 Skillman St',
        line2: null,
        city: 'Dallas',
        state: 'TX',
        zip: '75231',
        instructions: null,
        location: { lat: 32.8757, lng: -96.7496 },
        metroArea: 'Dallas–Fort Worth',
      },
    };
    mockFetch({
      'GET /api/pickup-history': () => json(page([item()])),
      [`GET /api/order-pickups/${ORDER_ID}`]: () => json(detail),
    });
    renderWithProviders(<PickupHistoryPage />, { path: '/pickup-history' });
    await user.click(
      await screen.findByRole('button', { name: 'Order again like CR-100600' }, { timeout: 5_000 }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/schedule-pickup/order-details'),
    );
    const draft = JSON.parse(localStorage.getItem(draftKey(TEST_USER.id)) ?? '{}');
    expect(draft.storeDetails).toEqual({ retailerId: 'nordstrom', storeId: 'nordstrom-northpark' });
    expect(draft.orderDetails).toMatchObject({
      retailerOrderNumber: '',
      customerName: 'Dana Rivera',
      bags: 3,
    });
    expect(draft.delivery).toMatchObject({
      deliveryType: 'home',
      window: '4h',
      addressChoice: 'new',
      newAddress: { line1: '9100 Skillman St', zip: '75231' },
    });
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from 'shared-auth/testing';
import type { ApiDelivery } from 'shared-contracts/retailer-api';
import { expect, it } from 'vitest';
import { DeliveriesTable, filterDeliveries } from './deliveries-table';

function delivery(overrides: Partial<ApiDelivery>): ApiDelivery {
  return {
    id: crypto.randomUUID(),
    object: 'delivery',
    livemode: false,
    status: 'en_route',
    order_number: 'CR-100501',
    order_reference: 'ACME-1',
    checkout_session_id: null,
    delivery_type: 'home',
    store_id: 's',
    store_name: 'Downtown',
    customer_name: 'Ada Lovelace',
    fee_cents: 899,
    window: 'asap',
    window_ends_at: null,
    courier: { kind: 'driver', name: 'Mei K.', location: null },
    eta: null,
    cancellable: false,
    status_history: [],
    created_at: '2026-11-21T15:00:00.000Z',
    updated_at: '2026-11-21T15:00:00.000Z',
    delivered_at: null,
    ...overrides,
  };
}

const LIST = [
  delivery({ order_number: 'CR-1', status: 'en_route' }),
  delivery({
    order_number: 'CR-2',
    status: 'delivered',
    delivery_type: 'curbside',
    customer_name: 'Grace Hopper',
  }),
  delivery({ order_number: 'CR-3', status: 'cancelled', order_reference: 'SPECIAL-9' }),
];

it('filters by status (or all active), type and a search over order, reference and customer', () => {
  const pick = (filters: Parameters<typeof filterDeliveries>[1]) =>
    filterDeliveries(LIST, filters).map((item) => item.order_number);
  expect(pick({ status: 'all', type: 'all', query: '' })).toEqual(['CR-1', 'CR-2', 'CR-3']);
  expect(pick({ status: 'active', type: 'all', query: '' })).toEqual(['CR-1']);
  expect(pick({ status: 'delivered', type: 'all', query: '' })).toEqual(['CR-2']);
  expect(pick({ status: 'all', type: 'curbside', query: '' })).toEqual(['CR-2']);
  expect(pick({ status: 'all', type: 'all', query: 'special' })).toEqual(['CR-3']);
  expect(pick({ status: 'all', type: 'all', query: 'grace' })).toEqual(['CR-2']);
});

it('renders the filtered table with a live count', async () => {
  const user = userEvent.setup();
  renderWithProviders(<DeliveriesTable deliveries={LIST} />);
  expect(screen.getByText('3 of 3 deliveries')).toBeVisible();
  await user.selectOptions(screen.getByLabelText('Status'), 'Delivered');
  expect(screen.getByText('1 of 3 deliveries')).toBeVisible();
  expect(screen.getByRole('table', { name: 'Deliveries' })).toHaveTextContent('CR-2');
  await user.type(screen.getByLabelText('Search'), 'nothing like this');
  expect(screen.getByText('No delivery matches these filters.')).toBeVisible();
});

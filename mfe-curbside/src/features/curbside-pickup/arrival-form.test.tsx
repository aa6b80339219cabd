import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch, renderWithProviders, signIn } from 'shared-auth/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ArrivalForm } from './arrival-form';

/** A list item as GET /api/order-pickups answers it (the page parses it with the shared schema). */
const order = (n: number, orderNumber: string, storeName: string, status: string) => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  orderNumber,
  storeName,
  status,
  storeId: `store-${n}`,
  retailerName: storeName.split(' ')[0],
  deliveryType: 'curbside',
  retailerOrderNumber: null,
  totalCents: 2599,
  windowStartsAt: null,
  windowEndsAt: null,
  createdAt: '2026-03-02T15:00:00.000Z',
});

const ORDERS = [
  order(1, 'CR-100234', 'Nordstrom NorthPark', 'ready_for_pickup'),
  order(2, 'CR-100236', "Macy's Galleria", 'confirmed'),
  order(3, 'CR-100238', 'Sephora Domain', 'pending'),
  order(4, 'CR-100231', 'Zara NorthPark', 'delivered'),
];

function renderForm(props: { presetOrderNumber?: string } = {}) {
  const onCreated = vi.fn();
  const onBack = vi.fn();
  renderWithProviders(<ArrivalForm {...props} onBack={onBack} onCreated={onCreated} />, {
    path: '/curbside-pickup',
  });
  return { onCreated, onBack };
}

describe('the arrival form', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('offers only orders that are ready for pickup or confirmed', async () => {
    mockFetch({ 'GET /api/order-pickups': () => json(ORDERS) });
    renderForm();
    const select = await screen.findByLabelText('Order');
    const options = [...(select as HTMLSelectElement).options].map((option) => option.text);
    expect(options).toEqual([
      'Choose your order',
      'CR-100234 · Nordstrom NorthPark (Ready for pickup)',
      "CR-100236 · Macy's Galleria (Confirmed)",
    ]);
  });

  it('says what is missing with the product messages and sends nothing', async () => {
    const { calls } = mockFetch({ 'GET /api/order-pickups': () => json(ORDERS) });
    const user = userEvent.setup();
    renderForm();
    await screen.findByLabelText('Order');
    // The signed-in user's name is filled in; clear it to see its message.
    await waitFor(() => expect(screen.getByLabelText('Your name')).toHaveValue('Dana Rivera'));
    await user.clear(screen.getByLabelText('Your name'));
    await user.type(screen.getByLabelText('Phone number'), '214555');
    await user.click(screen.getByRole('button', { name: 'Notify Store' }));

    expect(await screen.findByText('Order number is required')).toBeInTheDocument();
    expect(screen.getByText('Your name is required')).toBeInTheDocument();
    expect(screen.getByText('Parking spot number is required')).toBeInTheDocument();
    expect(screen.getByText('Valid phone number is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Order')).toHaveFocus();
    expect(calls.filter((call) => call.key === 'POST /api/curbside-pickups')).toEqual([]);

    // Fixing a field clears its message.
    await user.type(screen.getByLabelText('Your name'), 'Dana');
    await waitFor(() =>
      expect(screen.queryByText('Your name is required')).not.toBeInTheDocument(),
    );
  });

  it('prefills the order number from the link and notifies the store', async () => {
    const { calls } = mockFetch({
      'POST /api/curbside-pickups': () =>
        json(
          {
            id: '11111111-1111-4111-8111-111111111111',
            _id: '11111111-1111-4111-8111-111111111111',
          },
          201,
        ),
    });
    const user = userEvent.setup();
    const { onCreated } = renderForm({ presetOrderNumber: 'CR-100234' });
    expect(screen.getByLabelText('Order number')).toHaveValue('CR-100234');
    await waitFor(() => expect(screen.getByLabelText('Your name')).toHaveValue('Dana Rivera'));
    await user.type(screen.getByLabelText('Parking spot number'), '7');
    await user.type(screen.getByLabelText('Phone number'), '(214) 555-0199');
    await user.click(screen.getByRole('button', { name: 'Notify Store' }));

    await waitFor(() =>
      expect(onCreated).toHaveBeenCalledWith('11111111-1111-4111-8111-111111111111'),
    );
    expect(await screen.findByText('Store Notified!')).toBeInTheDocument();
    expect(
      screen.getByText(
        'The store has been notified of your arrival. A robot will be dispatched shortly.',
      ),
    ).toBeInTheDocument();
    const post = calls.find((call) => call.key === 'POST /api/curbside-pickups');
    expect(JSON.parse(String(post?.init?.body))).toEqual({
      orderNumber: 'CR-100234',
      customerName: 'Dana Rivera',
      parkingSpotNumber: '7',
      phoneNumber: '(214) 555-0199',
    });
    expect(new Headers(post?.init?.headers).get('authorization')).toBe('Bearer test-token');
    // The order list is not needed when the order number came with the link.
    expect(calls.some((call) => call.key === 'GET /api/order-pickups')).toBe(false);
  });

  it("shows the server's reason when the store cannot be notified", async () => {
    mockFetch({
      'POST /api/curbside-pickups': () =>
        json({ message: 'A curbside pickup for order CR-100234 is already in progress.' }, 409),
    });
    const user = userEvent.setup();
    const { onCreated } = renderForm({ presetOrderNumber: 'CR-100234' });
    await user.type(screen.getByLabelText('Parking spot number'), '7');
    await user.type(screen.getByLabelText('Phone number'), '2145550199');
    await user.click(screen.getByRole('button', { name: 'Notify Store' }));
    expect(await screen.findByText('Notification Failed')).toBeInTheDocument();
    expect(
      screen.getByText('A curbside pickup for order CR-100234 is already in progress.'),
    ).toBeInTheDocument();
    expect(onCreated).not.toHaveBeenCalled();
  });

  it("puts the server's field problems next to their fields", async () => {
    const message = 'Parking spot must be letters, digits or dashes';
    mockFetch({
      'POST /api/curbside-pickups': () =>
        json({ message: 'Invalid request', issues: [{ path: 'parkingSpotNumber', message }] }, 400),
    });
    const user = userEvent.setup();
    const { onCreated } = renderForm({ presetOrderNumber: 'CR-100234' });
    await user.type(screen.getByLabelText('Parking spot number'), '7');
    await user.type(screen.getByLabelText('Phone number'), '2145550199');
    await user.click(screen.getByRole('button', { name: 'Notify Store' }));
    expect(await screen.findByText('Notification Failed')).toBeInTheDocument();
    const spot = screen.getByLabelText('Parking spot number');
    // The form sends after the tap's next paint: the answer's problems arrive a moment later.
    await waitFor(() => expect(spot).toHaveAccessibleDescription(message));
    expect(spot).toHaveFocus();
    expect(onCreated).not.toHaveBeenCalled();
  });

  it("focuses the form's first field among the server's problems, not the server's first", async () => {
    mockFetch({
      'POST /api/curbside-pickups': () =>
        json(
          {
            message: 'Invalid request',
            issues: [
              { path: 'parkingSpotNumber', message: 'Parking spot must be letters or digits' },
              { path: 'orderNumber', message: 'Order number is too long' },
            ],
          },
          400,
        ),
    });
    const user = userEvent.setup();
    renderForm({ presetOrderNumber: 'CR-100234' });
    // Nothing is checked before the first submit.
    await user.type(screen.getByLabelText('Phone number'), '214');
    expect(screen.queryByText('Valid phone number is required')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Phone number'), '5550199');
    await user.type(screen.getByLabelText('Parking spot number'), '7');
    await user.click(screen.getByRole('button', { name: 'Notify Store' }));
    expect(await screen.findByText('Notification Failed')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByLabelText('Order number')).toHaveAccessibleDescription(
        'Order number is too long',
      ),
    );
    expect(screen.getByLabelText('Parking spot number')).toHaveAccessibleDescription(
      'Parking spot must be letters or digits',
    );
    expect(screen.getByLabelText('Order number')).toHaveFocus();
  });

  it('lets the person type the order number when the order list cannot load', async () => {
    mockFetch({ 'GET /api/order-pickups': () => json({ message: 'down' }, 503) });
    renderForm();
    expect(
      await screen.findByText(
        'We could not load your orders right now. Type your order number instead.',
        undefined,
        {
          timeout: 5_000,
        },
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Order number')).toHaveValue('');
  });
});

import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  createEventStream,
  json,
  mockFetch,
  renderWithProviders,
  signIn,
} from 'shared-auth/testing';
import type { CurbsidePickup } from 'shared-contracts/curbside';
import { Route, Routes } from 'shared-ui/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { newerRecord } from './api';
import { CurbsidePickupPage } from './curbside-pickup-page';

const ID = '22222222-2222-4222-8222-222222222222';

function record(overrides: Partial<CurbsidePickup> = {}): CurbsidePickup {
  return {
    _id: ID,
    customerName: 'Dana Driver',
    parkingSpotNumber: '12',
    orderNumber: 'CR-100234',
    status: 'robot_en_route',
    verificationAttempts: 0,
    maxVerificationAttempts: 3,
    estimatedDeliveryTime: '2026-11-21T15:45:00.000Z',
    robotName: 'CurbBot Nova',
    trackingUpdates: [
      { timestamp: '2026-11-21T15:44:00.000Z', status: 'order_ready', message: 'Order set.' },
      {
        timestamp: '2026-11-21T15:44:01.000Z',
        status: 'customer_arrived',
        message: 'You arrived.',
      },
      {
        timestamp: '2026-11-21T15:44:30.000Z',
        status: 'robot_en_route',
        message: 'CurbBot Nova is on its way to parking spot 12.',
        estimatedArrival: '2026-11-21T15:45:00.000Z',
      },
    ],
    ...overrides,
  };
}

function arrived(attempts = 0): CurbsidePickup {
  const base = record();
  return {
    ...base,
    status: 'awaiting_verification',
    verificationAttempts: attempts,
    estimatedDeliveryTime: undefined,
    trackingUpdates: [
      ...base.trackingUpdates,
      {
        timestamp: '2026-11-21T15:45:00.000Z',
        status: 'awaiting_verification',
        message: 'CurbBot Nova has arrived at parking spot 12.',
      },
      ...Array.from({ length: attempts }, (_, i) => ({
        timestamp: `2026-11-21T15:45:1${i}.000Z`,
        status: 'awaiting_verification' as const,
        message: 'Incorrect PIN entered.',
      })),
    ],
  };
}

describe('/curbside-pickup', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends a signed-out visitor to /auth and back afterwards', async () => {
    mockFetch({});
    renderWithProviders(
      <Routes>
        <Route path="/curbside-pickup" element={<CurbsidePickupPage />} />
        <Route path="/auth" element={<p>Sign in</p>} />
      </Routes>,
      { path: '/curbside-pickup?orderNumber=CR-100234' },
    );
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/auth'));
    expect(JSON.parse(sessionStorage.getItem('redirectAfterLogin') ?? 'null')).toBe(
      '/curbside-pickup?orderNumber=CR-100234',
    );
  });

  it('goes from the info view to the arrival form and back', async () => {
    signIn();
    mockFetch({ 'GET /api/order-pickups': () => json([]) });
    const user = userEvent.setup();
    renderWithProviders(<CurbsidePickupPage />, { path: '/curbside-pickup' });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Curbside Pickup with Robot Delivery' }),
    ).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Start Curbside Pickup' }));
    // The form is its own chunk: its first import (and transform) can take seconds on a busy machine.
    expect(
      await screen.findByRole(
        'heading',
        { name: 'Notify the store of your arrival' },
        { timeout: 10_000 },
      ),
    ).toHaveFocus();
    expect(await screen.findByText('No orders ready for curbside pickup')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notify Store' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: /Back to Info/ }));
    expect(screen.getByRole('heading', { name: 'How It Works' })).toBeInTheDocument();
  });

  it('tracks live: the status, the details, the timeline newest first, and the PIN dialog', async () => {
    signIn();
    const stream = createEventStream();
    mockFetch({
      [`GET /api/curbside-pickups/${ID}`]: () => json(record()),
      [`GET /api/curbside-pickups/${ID}/events`]: ({ init }) => stream.response(init),
    });
    renderWithProviders(<CurbsidePickupPage />, { path: `/curbside-pickup?pickup=${ID}` });

    expect(await screen.findByTestId('pickup-status')).toHaveTextContent('Robot En Route');
    expect(screen.getByText('Order CR-100234')).toBeInTheDocument();
    expect(screen.getByText('CurbBot Nova')).toBeInTheDocument();
    expect(screen.getByText('Estimated arrival')).toBeInTheDocument();
    const timeline = screen.getByRole('region', { name: 'Delivery Timeline' });
    expect(
      within(timeline).getByText('Real-time updates on your curbside pickup'),
    ).toBeInTheDocument();
    const items = within(timeline).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('CurbBot Nova is on its way to parking spot 12.');
    expect(items[0]).toHaveTextContent('ETA');
    expect(items.at(-1)).toHaveTextContent('Order set.');
    await waitFor(() =>
      expect(screen.getByTestId('live-mode')).toHaveTextContent('Live updates on'),
    );

    act(() => stream.send('pickup', arrived()));
    const dialog = await screen.findByRole('dialog', { name: 'Robot Arrived' });
    const pin = within(dialog).getByLabelText('Robot has arrived! Enter your verification PIN:');
    expect(pin).toHaveAttribute('placeholder', 'Enter 4-digit PIN');
    expect(pin).toHaveAttribute('maxlength', '4');
    expect(pin).toHaveAttribute('inputmode', 'numeric');
    expect(pin).toHaveAttribute('autocomplete', 'one-time-code');
    await waitFor(() => expect(pin).toHaveFocus());
    expect(within(dialog).getByText('Attempts remaining: 3')).toBeInTheDocument();
    expect(screen.getByText(/^Status: Robot Arrived\./)).toBeInTheDocument();
    expect(screen.queryByText('Estimated arrival')).not.toBeInTheDocument();

    // Any other status closes it.
    act(() =>
      stream.send('pickup', {
        ...arrived(),
        status: 'failed',
        trackingUpdates: [
          ...arrived().trackingUpdates,
          {
            timestamp: '2026-11-21T15:50:00.000Z',
            status: 'failed',
            message: 'Delivery failed - contact support',
          },
        ],
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('pickup-status')).toHaveTextContent('Failed');
    expect(screen.getAllByText('Delivery failed - contact support').length).toBeGreaterThan(0);
  });

  it('checks the PIN: 4 digits, then the server says whether it opens', async () => {
    signIn();
    let current = arrived();
    mockFetch({
      [`GET /api/curbside-pickups/${ID}`]: () => json(current),
      [`GET /api/curbside-pickups/${ID}/events`]: () => json({ message: 'unavailable' }, 503),
      [`POST /api/curbside-pickups/${ID}/verify`]: ({ init }) => {
        const { verificationPin } = JSON.parse(String(init?.body)) as { verificationPin: string };
        if (verificationPin === '4321') {
          current = { ...current, status: 'verified' };
          return json(current);
        }
        current = arrived(1);
        return json({ message: 'Invalid PIN. Please try again.' }, 422);
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<CurbsidePickupPage />, { path: `/curbside-pickup?pickup=${ID}` });
    const dialog = await screen.findByRole('dialog', { name: 'Robot Arrived' });
    await waitFor(() =>
      expect(screen.getByTestId('live-mode')).toHaveTextContent('Checking every 5 seconds'),
    );
    const pin = within(dialog).getByLabelText('Robot has arrived! Enter your verification PIN:');

    await user.type(pin, '12');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(within(dialog).getByText('PIN must be 4 digits')).toBeInTheDocument();

    await user.type(pin, '345');
    expect(pin).toHaveValue('1234');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Verification Failed')).toBeInTheDocument();
    // In the toast, and in the dialog for screen readers (the modal hides the toast area).
    expect(screen.getAllByText('Invalid PIN. Please try again.')).toHaveLength(2);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Invalid PIN. Please try again.');
    expect(await within(dialog).findByText('Attempts remaining: 2')).toBeInTheDocument();
    expect(pin).toHaveValue('');

    // Pasting "43 21" from the SMS keeps the digits.
    await user.click(pin);
    await user.paste('43 21');
    expect(pin).toHaveValue('4321');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Verification Successful!')).toBeInTheDocument();
    expect(
      screen.getByText('Please collect your order from the robot compartment.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: "I've collected my order" })).toBeInTheDocument();
  });

  it('polls when live updates are unavailable, and stops when auto-refresh is off', async () => {
    signIn();
    const { calls } = mockFetch({
      [`GET /api/curbside-pickups/${ID}`]: () => json(record()),
      [`GET /api/curbside-pickups/${ID}/events`]: () => json({ message: 'unavailable' }, 503),
    });
    const user = userEvent.setup();
    renderWithProviders(<CurbsidePickupPage />, { path: `/curbside-pickup?pickup=${ID}` });
    await waitFor(() =>
      expect(screen.getByTestId('live-mode')).toHaveTextContent('Checking every 5 seconds'),
    );
    const toggle = screen.getByRole('switch', { name: 'Auto-refresh' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(toggle).not.toBeChecked();
    expect(screen.getByTestId('live-mode')).toHaveTextContent('Auto-refresh is off');
    const reads = calls.filter((call) => call.key === `GET /api/curbside-pickups/${ID}`).length;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.key === `GET /api/curbside-pickups/${ID}`).length).toBe(
        reads + 1,
      ),
    );
  });

  it('says so when the pickup cannot be loaded, and goes back to the arrival form', async () => {
    signIn();
    mockFetch({
      [`GET /api/curbside-pickups/${ID}`]: () =>
        json({ message: 'Curbside pickup not found' }, 404),
      'GET /api/order-pickups': () => json([]),
    });
    const user = userEvent.setup();
    renderWithProviders(<CurbsidePickupPage />, { path: `/curbside-pickup?pickup=${ID}` });
    expect(await screen.findAllByText('Unable to load pickup status')).not.toHaveLength(0);
    expect(
      screen.getAllByText('Please check your pickup ID and try again.').length,
    ).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: /Back to Arrival Form/ }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/curbside-pickup$/);
    expect(
      screen.getByRole('heading', { name: 'Notify the store of your arrival' }),
    ).toBeInTheDocument();
  });
});

describe('newerRecord', () => {
  it('keeps the copy with more tracking updates of the same pickup', () => {
    const older = record();
    const newer = arrived();
    expect(newerRecord(newer, older)).toBe(newer);
    expect(newerRecord(older, newer)).toBe(newer);
    expect(newerRecord(undefined, older)).toBe(older);
    const other = { ...newer, _id: '33333333-3333-4333-8333-333333333333' };
    expect(newerRecord(newer, { ...older, _id: other._id })).not.toBe(newer);
  });
});

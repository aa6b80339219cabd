import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eventStream, json, mockFetch, renderWithProviders, signIn } from 'shared-auth/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeliveryTrackingPage } from './delivery-tracking-page';
import { testDelivery } from './test-delivery';

const ORDER_ID = '22222222-2222-4222-8222-222222222222';
const DELIVERY_ID = '11111111-1111-4111-8111-111111111111';

function renderTracking(id = ORDER_ID) {
  return renderWithProviders(<DeliveryTrackingPage />, {
    path: `/delivery-tracking/${id}`,
    route: '/delivery-tracking/:id',
  });
}

beforeEach(() => signIn());
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('DeliveryTrackingPage', () => {
  it("shows an order's delivery: status, checkpoints, ETA, courier, map and timeline", async () => {
    mockFetch({
      [`GET /api/deliveries/order/${ORDER_ID}`]: () => json(testDelivery()),
      [`GET /api/deliveries/${DELIVERY_ID}/events`]: ({ init }) => eventStream([], init),
    });
    renderTracking();
    expect(await screen.findByTestId('delivery-status', {}, { timeout: 5_000 })).toHaveTextContent(
      'Pickup Confirmed',
    );
    expect(screen.getByText(/Order/)).toHaveTextContent(
      'Order CR-100600 from Nordstrom NorthPark Center',
    );
    const progress = screen.getByRole('list', { name: 'Delivery progress' });
    expect(
      within(progress)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining('Pickup Confirmed'),
      expect.stringContaining('En Route'),
      expect.stringContaining('Arriving'),
      expect.stringContaining('Delivered'),
    ]);
    expect(within(progress).getByText('Pickup Confirmed').closest('li')).toHaveAttribute(
      'aria-current',
      'step',
    );
    expect(screen.getByTestId('delivery-eta')).toHaveTextContent('Estimated arrival 3:42 PM CT');
    expect(screen.getByTestId('courier-name')).toHaveTextContent('Maria G.');
    expect(screen.getByText('White Ford E-Transit · TX KDR-4821')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /Delivery map/ })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Delivery timeline' })).toHaveTextContent(
      'Pickup confirmed.',
    );
    await waitFor(() => expect(screen.getByTestId('live-mode')).toHaveTextContent('Live'));
  });

  it('says when it is offline, keeps the delivery on screen, and is live again after', async () => {
    const { calls } = mockFetch({
      [`GET /api/deliveries/order/${ORDER_ID}`]: () => json(testDelivery()),
      [`GET /api/deliveries/${DELIVERY_ID}/events`]: ({ init }) => eventStream([], init),
    });
    renderTracking();
    await waitFor(() => expect(screen.getByTestId('live-mode')).toHaveTextContent('Live'));
    const streams = () => calls.filter((call) => call.key.endsWith('/events')).length;
    const opened = streams();

    act(() => onlineManager.setOnline(false));
    try {
      expect(screen.getByTestId('live-mode')).toHaveTextContent('Offline');
      const notice = screen
        .getAllByRole('status')
        .find((region) => region.textContent?.includes("You're offline."));
      expect(notice).toHaveTextContent(
        /You're offline\. Showing the last status from \d{1,2}:\d\d [AP]M CT\./,
      );
      expect(screen.getByTestId('delivery-status')).toHaveTextContent('Pickup Confirmed');
      expect(screen.getByTestId('courier-name')).toHaveTextContent('Maria G.');
    } finally {
      act(() => onlineManager.setOnline(true));
    }
    // Back online: the notice goes and the stream is opened again, after the last event seen.
    await waitFor(() => expect(streams()).toBe(opened + 1));
    await waitFor(() => expect(screen.getByTestId('live-mode')).toHaveTextContent('Live'));
    expect(screen.queryByText(/You're offline\./)).not.toBeInTheDocument();
  });

  it('keeps the delivery on screen when a later read fails', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let reads = 0;
      mockFetch({
        [`GET /api/deliveries/order/${ORDER_ID}`]: () => {
          reads += 1;
          if (reads > 1) return json({ message: 'Service unavailable' }, 503);
          return json(testDelivery());
        },
        // No stream: the page falls back to asking every 5 s, and the server fails those reads.
        [`GET /api/deliveries/${DELIVERY_ID}/events`]: () => json({ message: 'Down' }, 400),
      });
      renderTracking();
      expect(
        await screen.findByTestId('delivery-status', {}, { timeout: 5_000 }),
      ).toHaveTextContent('Pickup Confirmed');
      await act(() => vi.advanceTimersByTimeAsync(20_000));
      expect(reads).toBeGreaterThan(2);
      expect(screen.getByTestId('delivery-status')).toHaveTextContent('Pickup Confirmed');
      expect(screen.queryByText('We could not load this delivery')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('follows live events, moves the marker and announces the new status', async () => {
    const { calls } = mockFetch({
      [`GET /api/deliveries/order/${ORDER_ID}`]: () => json(testDelivery()),
      [`GET /api/deliveries/${DELIVERY_ID}/events`]: ({ init }) =>
        eventStream(
          [
            {
              id: 8,
              event: 'delivery',
              data: testDelivery({
                status: 'en_route',
                checkpoints: testDelivery().checkpoints.map((c, i) =>
                  i < 2 ? { ...c, reached: true, at: c.at ?? '2026-07-14T20:05:00.000Z' } : c,
                ),
                cancellable: false,
              }),
            },
            {
              id: 9,
              event: 'position',
              data: {
                deliveryId: DELIVERY_ID,
                status: 'en_route',
                position: {
                  location: { lat: 32.8683, lng: -96.76 },
                  progress: 0.4,
                  remainingMiles: 1.1,
                  at: '2026-07-14T20:06:00.000Z',
                },
                etaAt: '2026-07-14T20:45:00.000Z',
              },
            },
          ],
          init,
        ),
    });
    renderTracking();
    await waitFor(() =>
      expect(screen.getByTestId('delivery-status')).toHaveTextContent('En Route'),
    );
    await waitFor(() =>
      expect(screen.getByTestId('courier-marker')).toHaveAttribute('data-progress', '0.400'),
    );
    expect(screen.getByTestId('delivery-eta')).toHaveTextContent('3:45 PM CT · 1.1 mi to go');
    expect(screen.getByTestId('delivery-announcement')).toHaveTextContent(
      'En Route. Your order has left the store and is on its way.',
    );
    expect(screen.queryByRole('button', { name: 'Cancel delivery' })).not.toBeInTheDocument();
    // The stream resumed after the answer's lastEventId.
    const stream = calls.find((call) => call.key.endsWith('/events'));
    expect(new Headers(stream?.init?.headers).get('Last-Event-ID')).toBe('7');
  });

  it('accepts a delivery id when no order has that id', async () => {
    mockFetch({
      [`GET /api/deliveries/${DELIVERY_ID}`]: () =>
        json(testDelivery({ status: 'cancelled', cancellable: false })),
    });
    renderTracking(DELIVERY_ID);
    expect(await screen.findByTestId('delivery-status', {}, { timeout: 5_000 })).toHaveTextContent(
      'Cancelled',
    );
  });

  it("says clearly when there is no such delivery (or it is someone else's)", async () => {
    mockFetch({});
    renderTracking('33333333-3333-4333-8333-333333333333');
    expect(
      await screen.findByRole(
        'heading',
        { name: "We couldn't find that delivery" },
        { timeout: 5_000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Pickup History' })).toHaveAttribute(
      'href',
      '/pickup-history',
    );
  });

  it('cancels while free, after confirming', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      [`GET /api/deliveries/order/${ORDER_ID}`]: () => json(testDelivery()),
      [`GET /api/deliveries/${DELIVERY_ID}/events`]: ({ init }) => eventStream([], init),
      [`POST /api/deliveries/${DELIVERY_ID}/cancel`]: () =>
        json(testDelivery({ status: 'cancelled', cancellable: false, etaAt: null })),
    });
    renderTracking();
    await user.click(
      await screen.findByRole('button', { name: 'Cancel delivery' }, { timeout: 5_000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this delivery?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel delivery' }));
    await waitFor(() =>
      expect(screen.getByTestId('delivery-status')).toHaveTextContent('Cancelled'),
    );
    const post = calls.find((call) => call.key === `POST /api/deliveries/${DELIVERY_ID}/cancel`);
    expect(new Headers(post?.init?.headers).get('Idempotency-Key')).toBeTruthy();
    expect(await screen.findByText('Delivery cancelled')).toBeInTheDocument();
  });

  it('shows the proof of delivery with an owner-only image', async () => {
    let proofAuth: string | null = null;
    // jsdom has no object URLs; the page turns the fetched image into one.
    URL.createObjectURL = vi.fn(() => 'blob:proof');
    mockFetch({
      [`GET /api/deliveries/order/${ORDER_ID}`]: () =>
        json(
          testDelivery({
            status: 'delivered',
            cancellable: false,
            etaAt: null,
            proof: {
              kind: 'photo',
              capturedAt: '2026-07-14T20:41:00.000Z',
              description: 'Photo taken at your door by Maria G. when your order was left there.',
              imageUrl: `/api/deliveries/${DELIVERY_ID}/proof`,
            },
          }),
        ),
      [`GET /api/deliveries/${DELIVERY_ID}/proof`]: ({ init }) => {
        proofAuth = new Headers(init?.headers).get('Authorization');
        return new Response(new Uint8Array([137, 80, 78, 71]), {
          status: 200,
          headers: { 'content-type': 'image/png' },
        });
      },
    });
    renderTracking();
    expect(
      await screen.findByRole('heading', { name: 'Proof of delivery' }, { timeout: 5_000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(proofAuth).toBe('Bearer test-token'));
    expect(
      await screen.findByRole('img', {
        name: 'Your order left at your door, as the courier photographed it',
      }),
    ).toHaveAttribute('src', 'blob:proof');
    expect(screen.getByRole('link', { name: 'Report a problem' })).toHaveAttribute(
      'href',
      `/refund-request?order=${ORDER_ID}`,
    );
  });
});

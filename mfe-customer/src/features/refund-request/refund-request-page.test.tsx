import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch, renderWithProviders, signIn } from 'shared-auth/testing';
import {
  REFUND_REVIEW_REASONS,
  REFUND_RULES,
  type RefundRequestRecord,
} from 'shared-contracts/refunds';
import { resetToasts } from 'shared-ui';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RefundRequestPage } from './refund-request-page';

const ORDER_ID = '22222222-2222-4222-8222-222222222222';
const ORDERS = [
  {
    id: ORDER_ID,
    orderNumber: 'CR-100600',
    storeName: 'Nordstrom NorthPark Center',
    status: 'delivered',
    storeId: 'nordstrom-northpark',
    retailerName: 'Nordstrom',
    deliveryType: 'home',
    retailerOrderNumber: 'NP-2001',
    totalCents: 1299,
    windowStartsAt: null,
    windowEndsAt: null,
    createdAt: '2026-07-14T20:00:00.000Z',
  },
  {
    id: '33333333-3333-4333-8333-333333333333',
    orderNumber: 'CR-100601',
    storeName: 'Zara NorthPark',
    status: 'cancelled',
    storeId: 'zara-northpark',
    retailerName: 'Zara',
    deliveryType: 'curbside',
    retailerOrderNumber: null,
    totalCents: 499,
    windowStartsAt: null,
    windowEndsAt: null,
    createdAt: '2026-07-13T20:00:00.000Z',
  },
];

function record(overrides: Partial<RefundRequestRecord> = {}): RefundRequestRecord {
  return {
    id: '55555555-5555-4555-8555-555555555555',
    orderPickupId: ORDER_ID,
    orderNumber: 'CR-100600',
    reason: 'damaged_item',
    description: 'The lamp arrived broken.',
    itemValueCents: 4599,
    destination: 'wallet',
    status: 'submitted',
    decision: null,
    approvedCents: null,
    creditedTo: null,
    photos: [],
    createdAt: '2026-07-14T21:00:00.000Z',
    decidedAt: null,
    ...overrides,
  };
}

beforeEach(() => {
  signIn();
  URL.createObjectURL = vi.fn(() => 'blob:chosen');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  // The toast store outlives a test: an earlier test's "Refund request sent" would be found.
  act(() => resetToasts());
});

describe('RefundRequestPage', () => {
  it('checks the form with the shared messages before sending anything', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'GET /api/order-pickups': () => json(ORDERS),
      'GET /api/refund-requests': () => json([]),
    });
    renderWithProviders(<RefundRequestPage />, { path: '/refund-request' });
    expect(
      await screen.findByText('You have not asked for a refund yet.', {}, { timeout: 5_000 }),
    ).toBeInTheDocument();
    // Cancelled orders were refunded in full: not offered.
    await waitFor(() =>
      expect(screen.getByRole('option', { name: /CR-100600/ })).toBeInTheDocument(),
    );
    expect(screen.queryByRole('option', { name: /CR-100601/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send refund request' }));
    expect(await screen.findByText('Choose an order')).toHaveAttribute('role', 'alert');
    expect(screen.getByText('Choose a reason')).toBeInTheDocument();
    expect(
      screen.getByText('Describe what happened in at least 10 characters'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: /Damaged item/ }));
    await user.type(screen.getByLabelText('Value of the item (dollars)'), '99999');
    await user.click(screen.getByRole('button', { name: 'Send refund request' }));
    expect(
      await screen.findByText('Item value must be between $0.01 and $2,000.00'),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.key.startsWith('POST'))).toBe(false);
  });

  it('refuses photos of the wrong type or size as they are chosen', async () => {
    const user = userEvent.setup({ applyAccept: false });
    mockFetch({
      'GET /api/order-pickups': () => json(ORDERS),
      'GET /api/refund-requests': () => json([]),
    });
    renderWithProviders(<RefundRequestPage />, { path: '/refund-request' });
    const input = await screen.findByLabelText('Photos (optional)');
    const gif = new File(['gif'], 'parcel.gif', { type: 'image/gif' });
    const huge = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.jpg', {
      type: 'image/jpeg',
    });
    const fine = new File(['jpg'], 'box.jpg', { type: 'image/jpeg' });
    await user.upload(input, [gif, huge, fine]);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'parcel.gif: Photos must be JPEG, PNG or WebP images huge.jpg: Each photo must be at most 5 MB',
    );
    expect(screen.getByRole('img', { name: 'Chosen file 1: box.jpg' })).toBeInTheDocument();
  });

  it('sends the request with its photo, prefilled from ?order=, and shows it being reviewed', async () => {
    const user = userEvent.setup();
    let requests: RefundRequestRecord[] = [];
    const { calls } = mockFetch({
      'GET /api/order-pickups': () => json(ORDERS),
      'GET /api/refund-requests': () => json(requests),
      'POST /api/refund-photos': () =>
        json(
          {
            id: '66666666-6666-4666-8666-666666666666',
            contentType: 'image/jpeg',
            sizeBytes: 3,
            url: '/x',
          },
          201,
        ),
      'POST /api/refund-requests': ({ init }) => {
        const body = JSON.parse(String(init?.body));
        requests = [record({ photos: [] })];
        return json(record({ ...body }), 201);
      },
    });
    renderWithProviders(<RefundRequestPage />, { path: `/refund-request?order=${ORDER_ID}` });
    await waitFor(() => expect(screen.getByLabelText('Order')).toHaveValue(ORDER_ID));
    await user.click(screen.getByRole('radio', { name: /Damaged item/ }));
    await user.type(screen.getByLabelText('Value of the item (dollars)'), '45.99');
    await user.type(screen.getByLabelText('What happened?'), 'The lamp arrived broken.');
    await user.upload(
      screen.getByLabelText('Photos (optional)'),
      new File(['jpg'], 'lamp.jpg', { type: 'image/jpeg' }),
    );
    await user.click(screen.getByRole('button', { name: 'Send refund request' }));

    const list = await screen.findByTestId('refund-requests');
    expect(within(list).getByText('Order CR-100600 · Damaged item')).toBeInTheDocument();
    expect(within(list).getByText('Submitted')).toBeInTheDocument();
    const photo = calls.find((call) => call.key === 'POST /api/refund-photos');
    expect(new Headers(photo?.init?.headers).get('Content-Type')).toBe('image/jpeg');
    const sent = calls.find((call) => call.key === 'POST /api/refund-requests');
    expect(JSON.parse(String(sent?.init?.body))).toEqual({
      orderPickupId: ORDER_ID,
      reason: 'damaged_item',
      description: 'The lamp arrived broken.',
      itemValueCents: 4599,
      destination: 'wallet',
      photoIds: ['66666666-6666-4666-8666-666666666666'],
    });
    expect(new Headers(sent?.init?.headers).get('Idempotency-Key')).toBeTruthy();
    // The form is ready for another one.
    expect(screen.getByLabelText('What happened?')).toHaveValue('');
  });

  it('sends one refund request however quickly the button is clicked twice', async () => {
    // No pause between the clicks: the quickest double click.
    const user = userEvent.setup({ delay: null });
    let answer: (response: Response) => void = () => {};
    const { calls } = mockFetch({
      'GET /api/order-pickups': () => json(ORDERS),
      'GET /api/refund-requests': () => json([]),
      'POST /api/refund-requests': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    renderWithProviders(<RefundRequestPage />, { path: `/refund-request?order=${ORDER_ID}` });
    await waitFor(() => expect(screen.getByLabelText('Order')).toHaveValue(ORDER_ID));
    await user.click(screen.getByRole('radio', { name: /Late delivery/ }));
    await user.type(screen.getByLabelText('What happened?'), 'It came very late.');
    const send = screen.getByRole('button', { name: 'Send refund request' });
    await user.dblClick(send);
    await waitFor(() => expect(send).toHaveAttribute('aria-busy', 'true'));
    const sent = () => calls.filter((call) => call.key === 'POST /api/refund-requests');
    expect(sent()).toHaveLength(1);
    answer(json(record({ reason: 'late', itemValueCents: null }), 201));
    expect(
      await screen.findByText('Refund request sent', {}, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(sent()).toHaveLength(1);
  });

  it('shows the server message when the same order and reason were asked already', async () => {
    const user = userEvent.setup();
    const message =
      'You already asked for a refund on order CR-100600 for "Late delivery" (status: approved). We review each reason once per order.';
    mockFetch({
      'GET /api/order-pickups': () => json(ORDERS),
      'GET /api/refund-requests': () =>
        json([
          record({
            reason: 'late',
            status: 'approved',
            approvedCents: 999,
            creditedTo: 'card',
            decision: 'Your order arrived late.',
            itemValueCents: null,
          }),
        ]),
      'POST /api/refund-requests': () => json({ message }, 409),
    });
    renderWithProviders(<RefundRequestPage />, { path: `/refund-request?order=${ORDER_ID}` });
    expect(await screen.findByTestId('refund-outcome')).toHaveTextContent(
      '$9.99 refunded to your card',
    );
    await waitFor(() => expect(screen.getByLabelText('Order')).toHaveValue(ORDER_ID));
    await user.click(screen.getByRole('radio', { name: /Late delivery/ }));
    await user.type(screen.getByLabelText('What happened?'), 'It came very late again.');
    await user.click(screen.getByRole('button', { name: 'Send refund request' }));
    const alerts = await screen.findAllByText(message);
    expect(alerts.length).toBeGreaterThan(0);
  });

  it('explains which claims are approved at once and shows a claim in review, and why', async () => {
    mockFetch({
      'GET /api/order-pickups': () => json(ORDERS),
      'GET /api/refund-requests': () =>
        json([
          record({
            status: 'needs_review',
            itemValueCents: 25_000,
            decision: REFUND_REVIEW_REASONS.itemsUnknown,
            decidedAt: '2026-07-14T21:01:00.000Z',
          }),
          record({
            id: '77777777-7777-4777-8777-777777777777',
            reason: 'missing_item',
            status: 'needs_review',
            itemValueCents: 3_000,
            approvedCents: 1_000,
            creditedTo: 'wallet',
            decision: REFUND_REVIEW_REASONS.walletFull('$10.00', '$20.00', '$2,000.00'),
          }),
        ]),
    });
    renderWithProviders(<RefundRequestPage />, { path: '/refund-request' });

    const rules = await screen.findByRole('region', { name: 'What happens to your claim' });
    expect(within(rules).getByText('Approved automatically, within minutes')).toBeInTheDocument();
    for (const rule of [...REFUND_RULES.automatic, ...REFUND_RULES.review]) {
      expect(within(rules).getByText(rule)).toBeInTheDocument();
    }
    expect(within(rules).getByText(REFUND_RULES.reviewTime)).toBeInTheDocument();

    const [unchecked, capped] = await screen.findAllByTestId('refund-request');
    expect(within(unchecked as HTMLElement).getByTestId('refund-status')).toHaveTextContent(
      'In review',
    );
    expect(
      within(unchecked as HTMLElement).getByText(REFUND_REVIEW_REASONS.itemsUnknown),
    ).toBeInTheDocument();
    expect(within(unchecked as HTMLElement).queryByTestId('refund-outcome')).toBeNull();
    // Part credited up to the wallet's cap, the rest in review.
    expect(within(capped as HTMLElement).getByTestId('refund-status')).toHaveTextContent(
      'In review',
    );
    expect(within(capped as HTMLElement).getByTestId('refund-outcome')).toHaveTextContent(
      '$10.00 credited to your wallet',
    );
  });
});

import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch, renderWithProviders, signIn } from 'shared-auth/testing';
import { CARD_MESSAGES, PAYMENT_MESSAGES } from 'shared-contracts/payments';
import { formatServiceDay } from 'shared-contracts/service-time';
import {
  SUBSCRIPTION_MESSAGES,
  SUBSCRIPTION_PLANS,
  type Subscription,
} from 'shared-contracts/subscriptions';
import { resetToasts } from 'shared-ui';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SubscribePage } from './subscribe-page';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const [PLUS, PREMIUM] = SUBSCRIPTION_PLANS as [
  (typeof SUBSCRIPTION_PLANS)[number],
  (typeof SUBSCRIPTION_PLANS)[number],
];
const PERIOD_END = '2026-04-02T05:00:00.000Z';

function subscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    id: '99999999-9999-4999-8999-999999999999',
    plan: PLUS,
    status: 'active',
    currentPeriodStart: '2026-03-02T05:00:00.000Z',
    currentPeriodEnd: PERIOD_END,
    cancelledAt: null,
    benefitsActive: true,
    lastPayment: null,
    ...overrides,
  };
}

/** A server with the plans, a wallet and the caller's subscription, changed by its POSTs. */
function serveRoutes({
  current = null as Subscription | null,
  balanceCents = 5_000,
  subscribe = (): Response | Promise<Response> => {
    current = subscription();
    return json({ subscription: current }, 201);
  },
} = {}): Parameters<typeof mockFetch>[0] {
  return {
    'GET /api/subscriptions/plans': () => json(SUBSCRIPTION_PLANS),
    'GET /api/subscriptions/current': () => json({ subscription: current }),
    'GET /api/wallet': () => json({ balanceCents }),
    'GET /api/payment-methods': () => json([]),
    'POST /api/subscriptions': () => subscribe(),
    'POST /api/subscriptions/current/cancel': () => {
      current = subscription({ status: 'cancelled', cancelledAt: '2026-03-10T12:00:00.000Z' });
      return json({ subscription: current });
    },
  };
}

const serve = (options?: Parameters<typeof serveRoutes>[0]) => mockFetch(serveRoutes(options));

/** A promise the test settles when it chooses, to hold a request in flight. */
function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

const subscribeCalls = (calls: ReturnType<typeof mockFetch>['calls']) =>
  calls.filter((call) => call.key === 'POST /api/subscriptions');
const keyOf = (init: RequestInit | undefined) =>
  (init?.headers as Record<string, string> | undefined)?.['Idempotency-Key'];

beforeEach(() => {
  // jsdom has no layout: the opened form scrolls itself into view.
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
  act(() => resetToasts());
});

async function choosePlus(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Choose CurbRun Plus' }));
  const heading = screen.getByRole('heading', { name: 'Subscribe to CurbRun Plus' });
  await waitFor(() => expect(heading).toHaveFocus());
  return heading;
}

describe('SubscribePage signed out', () => {
  it('shows the plans and sends a visitor to sign in, remembering /subscribe', async () => {
    const user = userEvent.setup();
    const { calls } = serve();
    renderWithProviders(<SubscribePage />, { path: '/subscribe' });
    expect(screen.getByRole('status', { name: 'Loading plans' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'CurbRun Premium' })).toBeVisible();
    expect(screen.getByText('Free curbside pickup and half-price home delivery.')).toBeVisible();
    expect(screen.queryByRole('status', { name: 'Loading plans' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Log in to subscribe to CurbRun Plus' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/auth$/);
    expect(JSON.parse(sessionStorage.getItem('redirectAfterLogin') ?? 'null')).toBe('/subscribe');
    expect(calls.map((call) => call.key)).not.toContain('GET /api/subscriptions/current');
  });

  it("shows the server's message when the plans cannot be read", async () => {
    mockFetch({
      'GET /api/subscriptions/plans': () =>
        json({ message: 'Plans are unavailable right now.' }, 503),
    });
    renderWithProviders(<SubscribePage />, { path: '/subscribe' });
    // A 5xx read is retried once (1 s) before the message shows.
    expect(await screen.findByRole('alert', {}, { timeout: 5_000 })).toHaveTextContent(
      'Plans are unavailable right now.',
    );
    expect(screen.queryByRole('button', { name: /subscribe/i })).toBeNull();
  });
});

describe('SubscribePage signed in', () => {
  beforeEach(() => signIn());

  it('shows every card message on the first click and sends nothing', async () => {
    const user = userEvent.setup();
    const current = deferred<Response>();
    const { calls } = mockFetch({
      ...serveRoutes(),
      'GET /api/subscriptions/current': () => current.promise,
    });
    renderWithProviders(<SubscribePage />, { path: '/subscribe' });
    expect(await screen.findByRole('status', { name: 'Loading your plan' })).toBeInTheDocument();
    current.resolve(json({ subscription: null }));
    expect(await screen.findByText("You don't have a plan")).toBeVisible();
    await choosePlus(user);
    await user.click(screen.getByRole('radio', { name: /New card/ }));
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), '0120');
    await user.tab();
    expect(screen.queryAllByRole('alert')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Subscribe for $9.99/month' }));
    expect(await screen.findByText(CARD_MESSAGES.numberRequired)).toBeVisible();
    expect(screen.getByText(CARD_MESSAGES.expiryPast)).toBeVisible();
    expect(screen.getByText(CARD_MESSAGES.cvcRequired)).toBeVisible();
    expect(screen.getByText(CARD_MESSAGES.nameRequired)).toBeVisible();
    expect(subscribeCalls(calls)).toHaveLength(0);
  });

  it('refuses a wallet that cannot pay the first month, and sends nothing', async () => {
    const user = userEvent.setup();
    const { calls } = serve({ balanceCents: 500 });
    renderWithProviders(<SubscribePage />, { path: '/subscribe' });
    await choosePlus(user);
    await user.click(await screen.findByRole('radio', { name: /Wallet.*Balance \$5\.00/ }));
    await user.click(screen.getByRole('button', { name: 'Subscribe for $9.99/month' }));
    expect(
      await screen.findByText(PAYMENT_MESSAGES.walletInsufficient('$5.00', '$9.99')),
    ).toBeVisible();
    expect(subscribeCalls(calls)).toHaveLength(0);
  });

  it('subscribes once with an Idempotency-Key, welcomes the person and shows the plan', async () => {
    const user = userEvent.setup();
    const { calls } = serve();
    renderWithProviders(<SubscribePage />, { path: '/subscribe' });
    await choosePlus(user);
    await user.click(await screen.findByRole('radio', { name: /Wallet.*Balance \$50\.00/ }));
    await user.dblClick(screen.getByRole('button', { name: 'Subscribe for $9.99/month' }));

    expect(await screen.findByText('Welcome to CurbRun Plus')).toBeVisible();
    expect(screen.getByText('Your benefits apply to your next pickup.')).toBeVisible();
    expect(subscribeCalls(calls)).toHaveLength(1);
    const [sent] = subscribeCalls(calls);
    expect(JSON.parse(String(sent?.init?.body))).toEqual({
      planId: 'plus',
      payment: { type: 'wallet' },
    });
    expect(keyOf(sent?.init)).toMatch(UUID_V4);

    // The form closes and the page shows the new plan.
    expect(screen.queryByRole('heading', { name: 'Subscribe to CurbRun Plus' })).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Your plan: CurbRun Plus' })).toBeVisible();
    expect(
      screen.getByText(`Active. Renews on ${formatServiceDay(PERIOD_END)} for $9.99.`),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Choose CurbRun Plus' })).toBeDisabled();
    expect(screen.getByRole('button', { name: `Choose ${PREMIUM.name}` })).toBeDisabled();
  });

  it("shows the server's refusal, keeps the form, and retries with the same key", async () => {
    const user = userEvent.setup();
    let attempt = 0;
    const { calls } = serve({
      subscribe: () => {
        attempt += 1;
        return attempt === 1
          ? json({ message: SUBSCRIPTION_MESSAGES.alreadyActive('CurbRun Plus') }, 409)
          : json({ subscription: subscription() }, 201);
      },
    });
    renderWithProviders(<SubscribePage />, { path: '/subscribe' });
    await choosePlus(user);
    await user.click(await screen.findByRole('radio', { name: /Wallet.*Balance/ }));
    await user.click(screen.getByRole('button', { name: 'Subscribe for $9.99/month' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Payment failed');
    expect(alert).toHaveTextContent(SUBSCRIPTION_MESSAGES.alreadyActive('CurbRun Plus'));
    expect(screen.queryByText('Welcome to CurbRun Plus')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Subscribe to CurbRun Plus' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Subscribe for $9.99/month' }));
    expect(await screen.findByText('Welcome to CurbRun Plus')).toBeVisible();
    const [first, second] = subscribeCalls(calls);
    expect(keyOf(second?.init)).toBe(keyOf(first?.init));
  });

  it('cancels the plan after confirming; the benefits last to the end of the month', async () => {
    const user = userEvent.setup();
    const { calls } = serve({ current: subscription() });
    renderWithProviders(<SubscribePage />, { path: '/subscribe' });
    await user.click(await screen.findByRole('button', { name: 'Cancel plan' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel CurbRun Plus?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep my plan' }));
    expect(calls.map((call) => call.key)).not.toContain('POST /api/subscriptions/current/cancel');

    await user.click(screen.getByRole('button', { name: 'Cancel plan' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Cancel CurbRun Plus?' })).getByRole('button', {
        name: 'Cancel plan',
      }),
    );
    const ends = formatServiceDay(PERIOD_END);
    expect(await screen.findByText('Plan cancelled')).toBeVisible();
    expect(screen.getByText(`Your benefits last until ${ends}.`)).toBeVisible();
    expect(
      await screen.findByText(`Cancelled. Your benefits last until ${ends}; it will not renew.`),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Cancel plan' })).toBeNull();
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch, renderWithProviders, signIn } from 'shared-auth/testing';
import { LEASE_MESSAGES, type Lease } from 'shared-contracts/leasing';
import { CARD_MESSAGES } from 'shared-contracts/payments';
import type { RetailerAccount } from 'shared-contracts/retailer';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RobotLeasingPaymentPage } from './robot-leasing-payment-page';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const LEASE_ID = '88888888-8888-4888-8888-888888888888';
// 2 × Courier on Standard: $1,299 − 10% = $1,169.10 a robot, $2,338.20 a month, due today.
const PATH = '/robot-leasing-payment?model=courier&plan=standard&quantity=2';
const PAY = 'Pay $2,338.20 and sign the lease';

const ACCOUNT: RetailerAccount = {
  id: '11111111-1111-4111-8111-111111111111',
  retailerId: 'ret_lonestar',
  businessName: 'Lone Star Outfitters',
  website: 'https://lonestar.example.test',
  contactName: 'Dana Rivera',
  contactEmail: 'dana@example.test',
  contactPhone: '214 555 0100',
  stores: [
    {
      id: 'store_uptown',
      name: 'Uptown',
      addressLine: '2500 McKinney Ave',
      city: 'Dallas',
      state: 'TX',
      zip: '75201',
      metroArea: 'Dallas–Fort Worth',
      location: { lat: 32.7996, lng: -96.8021 },
      services: ['curbside'],
    },
  ],
  allowedDomains: [],
  createdAt: '2026-01-01T00:00:00.000Z',
};

const LEASE: Lease = {
  id: LEASE_ID,
  leaseNumber: 'LS-1001',
  status: 'active',
  modelId: 'courier',
  modelName: 'CurbRun Courier',
  planId: 'standard',
  planName: 'Standard',
  quantity: 2,
  store: { id: 'store_uptown', name: 'Uptown' },
  unitMonthlyCents: 116_910,
  volumeDiscountPercent: 0,
  monthlyCents: 233_820,
  termMonths: 24,
  totalCents: 5_611_680,
  paidTodayCents: 233_820,
  card: { brand: 'visa', last4: '4242' },
  startsAt: '2026-03-02T00:00:00.000Z',
  endsAt: '2028-03-02T00:00:00.000Z',
  createdAt: '2026-03-02T00:00:00.000Z',
};

type User = ReturnType<typeof userEvent.setup>;

async function fillForm(user: User) {
  await user.selectOptions(
    await screen.findByLabelText('Store the robots will serve', {}, { timeout: 5_000 }),
    'Uptown (Dallas)',
  );
  await user.type(screen.getByLabelText('Card number'), '4242 4242 4242 4242');
  await user.type(screen.getByLabelText('Expiry (MM/YY)'), '12/40');
  await user.type(screen.getByLabelText('CVC'), '123');
  await user.type(screen.getByLabelText('Name on card'), 'Dana Rivera');
  await user.click(screen.getByRole('checkbox', { name: /I accept the lease terms/ }));
}

const leaseCalls = (calls: ReturnType<typeof mockFetch>['calls']) =>
  calls.filter((call) => call.key === 'POST /api/leases');
const keyOf = (init: RequestInit | undefined) =>
  (init?.headers as Record<string, string> | undefined)?.['Idempotency-Key'];

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

describe('RobotLeasingPaymentPage without a valid selection', () => {
  for (const search of ['quantity=0', 'quantity=51', 'quantity=2.5', 'model=tank']) {
    it(`refuses ${search} and asks for a lease to be chosen, sending nothing`, async () => {
      signIn();
      const params = new URLSearchParams('model=courier&plan=standard&quantity=2');
      const [name = '', value = ''] = search.split('=');
      params.set(name, value);
      const { calls } = mockFetch({});
      renderWithProviders(<RobotLeasingPaymentPage />, {
        path: `/robot-leasing-payment?${params}`,
      });
      expect(screen.getByRole('alert')).toHaveTextContent('No lease selected');
      expect(screen.getByRole('link', { name: 'Choose a lease' })).toHaveAttribute(
        'href',
        '/robot-leasing',
      );
      expect(screen.queryByRole('button', { name: /Pay/ })).toBeNull();
      expect(calls.filter((call) => call.key !== 'GET /api/auth/me')).toEqual([]);
    });
  }
});

describe('RobotLeasingPaymentPage', () => {
  it('sends a signed-out visitor to sign in, remembering the lease', async () => {
    mockFetch({});
    renderWithProviders(<RobotLeasingPaymentPage />, { path: PATH });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/auth$/));
    expect(JSON.parse(sessionStorage.getItem('redirectAfterLogin') ?? 'null')).toBe(PATH);
  });

  describe('signed in', () => {
    beforeEach(() => signIn());

    it('says it is loading the account, then asks for one when there is none', async () => {
      let answer: (response: Response) => void = () => {};
      mockFetch({
        'GET /api/retailer/account': () => new Promise<Response>((resolve) => (answer = resolve)),
      });
      renderWithProviders(<RobotLeasingPaymentPage />, { path: PATH });
      expect(
        await screen.findByText('Loading your retailer account…', {}, { timeout: 5_000 }),
      ).toBeVisible();
      answer(json({ message: 'Not found' }, 404));
      expect(await screen.findByText('Create your retailer account first')).toBeVisible();
      expect(screen.getByRole('link', { name: 'Create a retailer account' })).toHaveAttribute(
        'href',
        '/retailer-onboarding',
      );
      expect(screen.queryByRole('button', { name: PAY })).toBeNull();
    });

    it("shows the server's message when the account cannot be read", async () => {
      mockFetch({
        'GET /api/retailer/account': () =>
          json({ message: 'Retailer accounts are unavailable right now.' }, 503),
      });
      renderWithProviders(<RobotLeasingPaymentPage />, { path: PATH });
      // A 5xx read is retried once (1 s) before the message shows.
      expect(await screen.findByRole('alert', {}, { timeout: 5_000 })).toHaveTextContent(
        'Retailer accounts are unavailable right now.',
      );
    });

    it('shows nothing when a field is left, every message on the first click, and sends nothing', async () => {
      const user = userEvent.setup();
      const { calls } = mockFetch({ 'GET /api/retailer/account': () => json(ACCOUNT) });
      renderWithProviders(<RobotLeasingPaymentPage />, { path: PATH });
      // Due today: the first month.
      expect(
        await screen.findByText('$2,338.20', { selector: 'dd > strong' }, { timeout: 5_000 }),
      ).toBeVisible();
      await user.type(await screen.findByLabelText('Card number', {}, { timeout: 5_000 }), '4242');
      await user.tab();
      expect(screen.queryAllByRole('alert')).toHaveLength(0);

      await user.click(screen.getByRole('button', { name: PAY }));
      expect(await screen.findByText(LEASE_MESSAGES.storeRequired)).toBeVisible();
      expect(screen.getByText(CARD_MESSAGES.numberLength)).toBeVisible();
      expect(screen.getByText(CARD_MESSAGES.expiryRequired)).toBeVisible();
      expect(screen.getByText(CARD_MESSAGES.cvcRequired)).toBeVisible();
      expect(screen.getByText(CARD_MESSAGES.nameRequired)).toBeVisible();
      expect(screen.getByText(LEASE_MESSAGES.termsRequired)).toBeVisible();
      expect(screen.getByRole('checkbox', { name: /I accept the lease terms/ })).toHaveAttribute(
        'aria-invalid',
        'true',
      );
      expect(leaseCalls(calls)).toHaveLength(0);
    });

    it('signs the lease once with an Idempotency-Key and goes to the success page', async () => {
      const user = userEvent.setup();
      let answer: (response: Response) => void = () => {};
      const { calls } = mockFetch({
        'GET /api/retailer/account': () => json(ACCOUNT),
        'POST /api/leases': () => new Promise<Response>((resolve) => (answer = resolve)),
      });
      renderWithProviders(<RobotLeasingPaymentPage />, { path: PATH });
      await fillForm(user);
      const pay = screen.getByRole('button', { name: PAY });
      await user.dblClick(pay);
      await user.click(pay);
      // Pending: the button is busy and one request is out, however often it was clicked.
      await waitFor(() => expect(pay).toHaveAttribute('aria-busy', 'true'));
      expect(pay).toBeDisabled();
      expect(leaseCalls(calls)).toHaveLength(1);

      answer(json(LEASE, 201));
      await waitFor(() =>
        expect(screen.getByTestId('location')).toHaveTextContent(
          `/robot-leasing-success?lease=${LEASE_ID}`,
        ),
      );
      expect(leaseCalls(calls)).toHaveLength(1);
      const [sent] = leaseCalls(calls);
      expect(JSON.parse(String(sent?.init?.body))).toEqual({
        modelId: 'courier',
        planId: 'standard',
        quantity: 2,
        storeId: 'store_uptown',
        card: { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', name: 'Dana Rivera' },
        acceptTerms: true,
        expectedDueTodayCents: 233_820,
      });
      expect(keyOf(sent?.init)).toMatch(UUID_V4);
    });

    it("shows the server's refusal, stays, and retries with the same key", async () => {
      const user = userEvent.setup();
      let attempt = 0;
      const { calls } = mockFetch({
        'GET /api/retailer/account': () => json(ACCOUNT),
        'POST /api/leases': () => {
          attempt += 1;
          return attempt === 1
            ? json({ message: LEASE_MESSAGES.priceChanged }, 409)
            : json(LEASE, 201);
        },
      });
      renderWithProviders(<RobotLeasingPaymentPage />, { path: PATH });
      await fillForm(user);
      await user.click(screen.getByRole('button', { name: PAY }));

      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Payment failed');
      expect(alert).toHaveTextContent(LEASE_MESSAGES.priceChanged);
      expect(screen.getByTestId('location')).toHaveTextContent(PATH);
      expect(screen.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242');

      await user.click(screen.getByRole('button', { name: PAY }));
      await waitFor(() =>
        expect(screen.getByTestId('location')).toHaveTextContent('/robot-leasing-success'),
      );
      const [first, second] = leaseCalls(calls);
      expect(keyOf(second?.init)).toBe(keyOf(first?.init));
    });
  });
});

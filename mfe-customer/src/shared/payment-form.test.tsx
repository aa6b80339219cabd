import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from 'shared-client';
import { formatCents } from 'shared-contracts/payments';
import { ThemeRoot } from 'shared-ui';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PaymentForm, type PaymentFormProps } from './payment-form';

const LINES = [
  { code: 'base' as const, label: 'Curbside pickup', amountCents: 499 },
  { code: 'urgency' as const, label: 'Timing: 6-hour window', amountCents: 0 },
];

function renderForm(props: Partial<PaymentFormProps> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onPay = props.onPay ?? vi.fn(async () => {});
  render(
    <QueryClientProvider client={client}>
      <ThemeRoot>
        <PaymentForm
          feeLines={LINES}
          payLabel={(total) => (total === null ? 'Pay' : `Pay ${formatCents(total)}`)}
          onPay={onPay}
          {...props}
        />
      </ThemeRoot>
    </QueryClientProvider>,
  );
  return { onPay };
}

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const body = url.includes('/api/wallet') ? { balanceCents: 300 } : [];
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

async function fillCard(user: ReturnType<typeof userEvent.setup>, number: string) {
  await user.click(screen.getByRole('radio', { name: /New card/ }));
  await user.type(screen.getByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiry (MM/YY)'), '1240');
  await user.type(screen.getByLabelText('CVC'), '123');
  await user.type(screen.getByLabelText('Name on card'), 'Ada Lovelace');
}

describe('PaymentForm', () => {
  it('adds the tip to the total and pays once however often Pay is clicked', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => {};
    const onPay = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderForm({ onPay });
    await user.click(screen.getByRole('button', { name: '$2.00' }));
    expect(screen.getByTestId('total')).toHaveTextContent('$6.99');
    await fillCard(user, '4242424242424242');
    const pay = screen.getByRole('button', { name: 'Pay $6.99' });
    await user.dblClick(pay);
    await user.click(pay);
    expect(onPay).toHaveBeenCalledTimes(1);
    expect(onPay).toHaveBeenCalledWith({
      source: {
        type: 'card',
        card: { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', name: 'Ada Lovelace' },
        save: true,
      },
      tipCents: 200,
      totalCents: 699,
    });
    expect(screen.getByRole('button', { name: /Pay/ })).toBeDisabled();
    finish();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay $6.99' })).toBeEnabled());
  });

  it('shows a decline and keeps what was typed', async () => {
    const user = userEvent.setup();
    const onPay = vi.fn(async () => {
      throw new ApiError(
        402,
        'Payment Required',
        JSON.stringify({ message: 'Your card was declined.' }),
      );
    });
    renderForm({ onPay });
    await fillCard(user, '4000000000000002');
    await user.click(screen.getByRole('button', { name: 'Pay $4.99' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(screen.getByLabelText('Card number')).toHaveValue('4000 0000 0000 0002');
    expect(screen.getByLabelText('Name on card')).toHaveValue('Ada Lovelace');
  });

  it('explains card problems under the fields without paying', async () => {
    const user = userEvent.setup();
    const { onPay } = renderForm();
    await fillCard(user, '4242424242424241');
    await user.click(screen.getByRole('button', { name: 'Pay $4.99' }));
    expect(
      await screen.findByText('Card number is not valid; check the digits'),
    ).toBeInTheDocument();
    expect(onPay).not.toHaveBeenCalled();
  });

  it('refuses the wallet when its balance is too low', async () => {
    const user = userEvent.setup();
    const { onPay } = renderForm();
    await user.click(await screen.findByRole('radio', { name: /Wallet/ }));
    await screen.findByText('Balance $3.00');
    await user.click(screen.getByRole('button', { name: 'Pay $4.99' }));
    expect(
      await screen.findByText(
        'Your wallet balance ($3.00) is not enough to pay $4.99. Add funds or pay by card.',
      ),
    ).toBeInTheDocument();
    expect(onPay).not.toHaveBeenCalled();
  });

  it('pays a test-mode checkout with a typed test card only, never saved', async () => {
    const user = userEvent.setup();
    const { onPay } = renderForm({ testCardsOnly: true });
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Save this card for next time')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Card number'), '4242424242424242');
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), '1240');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.type(screen.getByLabelText('Name on card'), 'Ada Lovelace');
    await user.click(screen.getByRole('button', { name: 'Pay $4.99' }));
    expect(onPay).toHaveBeenCalledWith({
      source: {
        type: 'card',
        card: { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', name: 'Ada Lovelace' },
        save: false,
      },
      tipCents: 0,
      totalCents: 499,
    });
    expect(vi.mocked(fetch)).not.toHaveBeenCalled();
  });
});

import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError } from 'shared-client';
import type { CreateOrderPickupRequest } from 'shared-contracts/order-pickups';
import { formatCents } from 'shared-contracts/payments';
import type { WeightClass } from 'shared-contracts/quotes';
import { Button, Notice, Skeleton, Stack } from 'shared-ui';
import { useNavigate } from 'shared-ui/router';
import { PaymentForm, type PaymentPreferences } from '../../shared/payment-form';
import { allQuotesQueryKey } from '../../shared/quote-api';
import { stepPath } from '../../shared/schedule-steps';
import { useCreateOrderPickupMutation } from './api';
import { useDraft } from './draft-context';
import { OrderSummary } from './order-summary';
import { StepLayout } from './step-layout';
import { useDraftQuote } from './use-draft-quote';

/**
 * Step 4: tip, how to pay, the total's breakdown and Pay. The server prices the order again and
 * refuses a total that differs from the one shown (409: the new price is shown instead).
 */
export function PaymentStep() {
  const { draft, update, complete } = useDraft();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { store, stores, delivery, quote } = useDraftQuote(draft);
  const createOrder = useCreateOrderPickupMutation();
  const option = quote.data?.windows.find((item) => item.window === delivery.window);
  const feeLines = option?.available && option.lines && quote.settled ? option.lines : null;

  const savePreferences = useCallback(
    (preferences: PaymentPreferences) => {
      const current = draft.payment;
      if (
        current?.tipCents === preferences.tipCents &&
        current?.method === preferences.method &&
        current?.paymentMethodId === preferences.paymentMethodId
      ) {
        return;
      }
      update(() => ({ payment: preferences }));
    },
    [draft.payment, update],
  );

  if (stores.isPending) {
    return (
      <StepLayout title="Payment">
        <Skeleton $height="200px" />
      </StepLayout>
    );
  }
  if (!store || !delivery.deliveryType || !delivery.window) {
    return (
      <StepLayout title="Payment">
        <Notice tone="danger" role="alert">
          Something in your pickup is missing. Go back and check the earlier steps.
        </Notice>
      </StepLayout>
    );
  }

  const order = draft.orderDetails;
  const pay: Parameters<typeof PaymentForm>[0]['onPay'] = async ({
    source,
    tipCents,
    totalCents,
  }) => {
    const body: CreateOrderPickupRequest = {
      storeId: store.id,
      retailerOrderNumber: order?.retailerOrderNumber ?? '',
      customerName: order?.customerName ?? '',
      bags: order?.bags ?? 1,
      weightClass: (order?.weightClass as WeightClass | undefined) ?? 'small',
      notes: order?.notes || undefined,
      deliveryType: delivery.deliveryType ?? 'curbside',
      ...(delivery.deliveryType === 'home'
        ? delivery.addressChoice === 'new'
          ? { address: delivery.newAddress }
          : { addressId: delivery.addressChoice }
        : {}),
      window: delivery.window ?? 'next_day',
      tipCents,
      payment: source,
      expectedTotalCents: totalCents,
    };
    try {
      const created = await createOrder.mutateAsync({ body, idempotencyKey: draft.idempotencyKey });
      complete({
        orderId: created.id,
        orderNumber: created.orderNumber,
        deliveryType: created.deliveryType,
      });
      navigate(stepPath('complete'));
    } catch (error) {
      // The price moved (window times, a plan change): show the new one before taking money.
      if (error instanceof ApiError && error.status === 409) {
        await queryClient.invalidateQueries({ queryKey: allQuotesQueryKey });
      }
      throw error;
    }
  };

  return (
    <StepLayout title="Payment" description="Check your pickup, add a tip and pay.">
      <OrderSummary draft={draft} store={store} window={option} />
      {quote.isError ? (
        <Notice tone="danger" role="alert" title="We can't price this delivery any more">
          <Stack $gap={8}>
            <span>
              {quote.error instanceof Error
                ? ((quote.error as ApiError).serverMessage ?? quote.error.message)
                : ''}
            </span>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => navigate(stepPath('delivery-details'))}
            >
              Change delivery details
            </Button>
          </Stack>
        </Notice>
      ) : null}
      {option && !option.available ? (
        <Notice tone="warning" role="alert">
          {option.reason}{' '}
          <Button variant="ghost" size="sm" onClick={() => navigate(stepPath('delivery-details'))}>
            Choose another window
          </Button>
        </Notice>
      ) : null}
      <PaymentForm
        feeLines={feeLines}
        initial={draft.payment}
        onPreferencesChange={savePreferences}
        payLabel={(total) => (total === null ? 'Pay' : `Pay ${formatCents(total)}`)}
        onPay={pay}
        disabled={!feeLines}
      />
      <Button variant="secondary" onClick={() => navigate(stepPath('delivery-details'))}>
        Back
      </Button>
    </StepLayout>
  );
}

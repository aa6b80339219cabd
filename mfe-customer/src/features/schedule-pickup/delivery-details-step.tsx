import { useState } from 'react';
import { errorMessage } from 'shared-client';
import { formatCents } from 'shared-contracts/payments';
import { Notice, Skeleton, Stack } from 'shared-ui';
import { useNavigate } from 'shared-ui/router';
import { useCreateAddressMutation } from '../../shared/addresses-api';
import { DeliveryOptions } from '../../shared/delivery-options';
import {
  DELIVERY_MESSAGES,
  type DeliveryValue,
  deliveryErrors,
  hasErrors,
} from '../../shared/delivery-value';
import { FeeBreakdown } from '../../shared/fee-breakdown';
import { stepPath } from '../../shared/schedule-steps';
import { useDraft } from './draft-context';
import { StepActions, StepLayout } from './step-layout';
import { useDraftQuote } from './use-draft-quote';

/**
 * Step 3: curbside or home delivery, the address (saved or new), the windows the address
 * qualifies for, and the live price.
 */
export function DeliveryDetailsStep() {
  const { draft, update } = useDraft();
  const navigate = useNavigate();
  const { store, stores, delivery, quote } = useDraftQuote(draft);
  const createAddress = useCreateAddressMutation();
  const [showErrors, setShowErrors] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);

  const setDelivery = (value: DeliveryValue) => update(() => ({ delivery: value }));
  const errors = deliveryErrors(delivery, quote.data);
  const selected = quote.data?.windows.find(
    (option) => option.window === delivery.window && option.available,
  );

  const next = async () => {
    setShowErrors(true);
    setSaveError(null);
    if (hasErrors(errors)) return;
    if (quote.isError || !quote.settled || !quote.data) {
      if (!quote.isError) setSaveError(DELIVERY_MESSAGES.quoteMissing);
      return;
    }
    if (
      delivery.deliveryType === 'home' &&
      delivery.addressChoice === 'new' &&
      delivery.saveAddress
    ) {
      try {
        const saved = await createAddress.mutateAsync({ ...delivery.newAddress });
        update(() => ({ delivery: { ...delivery, addressChoice: saved.id } }));
      } catch (error) {
        setSaveError(errorMessage(error, 'We could not save the address. Please try again.'));
        return;
      }
    }
    navigate(stepPath('payment'));
  };

  if (stores.isPending) {
    return (
      <StepLayout title="Delivery Details">
        <Skeleton $height="120px" />
      </StepLayout>
    );
  }
  if (!store) {
    return (
      <StepLayout title="Delivery Details">
        <Notice tone="danger" role="alert">
          We couldn't find the store you chose. Go back and choose it again.
        </Notice>
        <StepActions onBack={() => navigate(stepPath('store-details'))} nextDisabled />
      </StepLayout>
    );
  }

  return (
    <StepLayout
      title="Delivery Details"
      description={`How and when should we bring your order from ${store.name}?`}
    >
      <DeliveryOptions
        storeName={store.name}
        services={store.services}
        value={delivery}
        onChange={setDelivery}
        quote={quote.data}
        quotePending={quote.isFetching}
        quoteError={quote.error}
        errors={showErrors ? errors : {}}
      />
      <section aria-labelledby="live-quote-heading" aria-live="polite">
        <Stack $gap={10}>
          <h3 id="live-quote-heading">Your price</h3>
          {selected?.lines && quote.settled ? (
            <FeeBreakdown lines={selected.lines} totalLabel="Delivery fee" />
          ) : (
            <p>
              {quote.data && !quote.isError
                ? `Choose a time window to see the full price (from ${formatCents(
                    Math.min(
                      ...quote.data.windows.flatMap((option) =>
                        option.feeCents === null ? [] : [option.feeCents],
                      ),
                    ),
                  )}).`
                : 'Your price appears here as soon as we know where and when.'}
            </p>
          )}
          {quote.data?.plan ? <p>{quote.data.plan.name} benefits are applied.</p> : null}
        </Stack>
      </section>
      {saveError ? (
        <Notice tone="danger" role="alert">
          {saveError}
        </Notice>
      ) : null}
      <StepActions
        onBack={() => navigate(stepPath('order-details'))}
        onNext={() => void next()}
        nextLoading={createAddress.isPending}
      />
    </StepLayout>
  );
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { RequireAuth } from 'shared-auth';
import { ApiError, errorMessage } from 'shared-client';
import { type CheckoutSession, TEST_MODE_LABEL } from 'shared-contracts/checkout';
import type { OrderPickup } from 'shared-contracts/order-pickups';
import { formatCents } from 'shared-contracts/payments';
import { WEIGHT_CLASS_INFO } from 'shared-contracts/quotes';
import {
  Badge,
  ButtonLink,
  Card,
  Field,
  Lead,
  Loading,
  media,
  Notice,
  Page,
  PageTitle,
  Row,
  Select,
  Stack,
  usePageMeta,
  VisuallyHidden,
} from 'shared-ui';
import { useSearchParams } from 'shared-ui/router';
import styled from 'styled-components';
import { DeliveryOptions } from '../../shared/delivery-options';
import {
  type DeliveryValue,
  deliveryErrors,
  EMPTY_DELIVERY,
  hasErrors,
  useDeliveryQuote,
} from '../../shared/delivery-value';
import { formatWindow } from '../../shared/format';
import { PaymentForm } from '../../shared/payment-form';
import { allQuotesQueryKey } from '../../shared/quote-api';
import {
  checkoutIdempotencyKey,
  checkoutSessionQueryOptions,
  useCompleteCheckoutMutation,
} from './api';

const Columns = styled.div`
  display: grid;
  gap: 24px;
  align-items: start;
  ${media.lg} {
    grid-template-columns: minmax(0, 1.2fr) minmax(0, 1fr);
  }
`;

const Items = styled.table`
  width: 100%;
  border-collapse: collapse;
  th,
  td {
    text-align: left;
    padding: 8px 4px;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  td:last-child,
  th:last-child {
    text-align: right;
    white-space: nowrap;
  }
  tfoot td {
    font-weight: 700;
    border-bottom: 0;
  }
`;

/**
 * `/checkout?session=<id>`: a retailer's checkout handed to CurbRun. The customer sees the
 * retailer's items, chooses curbside or home delivery (priced live by the server), tips and pays;
 * that creates the order pickup.
 */
export function CheckoutPage() {
  usePageMeta('Checkout', 'Review your order and delivery options.');
  return (
    <RequireAuth>
      <CheckoutContent />
    </RequireAuth>
  );
}

function CheckoutContent() {
  const [params] = useSearchParams();
  const sessionId = params.get('session')?.trim() ?? '';
  const session = useQuery({
    ...checkoutSessionQueryOptions(sessionId),
    enabled: sessionId !== '',
  });
  const [paidOrder, setPaidOrder] = useState<OrderPickup | null>(null);

  let body: React.ReactNode;
  if (!sessionId) {
    body = (
      <Notice tone="warning" title="This checkout link is incomplete">
        Open the checkout link from the retailer again; it ends with <code>?session=…</code>.
      </Notice>
    );
  } else if (session.isPending) {
    body = <Loading label="Loading your checkout…" />;
  } else if (session.isError) {
    const notFound = session.error instanceof ApiError && [400, 404].includes(session.error.status);
    body = (
      <Notice
        tone="danger"
        role="alert"
        title={notFound ? 'Checkout not found' : 'We could not load your checkout'}
      >
        {notFound
          ? 'This checkout link is not valid. Ask the retailer for a new one.'
          : errorMessage(session.error, 'Please check your connection and try again.')}
      </Notice>
    );
  } else if (paidOrder) {
    body = <Paid order={paidOrder} testMode={session.data.mode === 'test'} />;
  } else if (session.data.status === 'completed') {
    body = (
      <Notice tone="success" title="This checkout is already paid">
        <Stack $gap={8}>
          <span>Order {session.data.orderNumber} has been scheduled.</span>
          {session.data.orderPickupId ? (
            <div>
              <ButtonLink to={`/delivery-tracking/${session.data.orderPickupId}`}>
                Track your order
              </ButtonLink>
            </div>
          ) : null}
        </Stack>
      </Notice>
    );
  } else if (session.data.status === 'expired') {
    body = (
      <Notice tone="warning" role="alert" title="This checkout has expired">
        Ask {session.data.retailer.name} for a new checkout link.
      </Notice>
    );
  } else {
    body = <OpenCheckout session={session.data} onPaid={setPaidOrder} />;
  }

  const testMode = session.data?.mode === 'test';
  return (
    <Page>
      <Row $gap={12}>
        <PageTitle>Checkout</PageTitle>
        {testMode ? <Badge tone="warning">{TEST_MODE_LABEL}</Badge> : null}
      </Row>
      <Lead>Choose how you get your order, then pay the delivery.</Lead>
      {testMode ? (
        <Notice tone="warning" title={`${TEST_MODE_LABEL}: nothing here is real`}>
          {session.data?.retailer.name} is testing its checkout. Pay with a test card: no real money
          moves, no courier is sent, and the order stays out of your orders and history.
        </Notice>
      ) : null}
      {body}
    </Page>
  );
}

function OpenCheckout({
  session,
  onPaid,
}: {
  session: CheckoutSession;
  onPaid: (order: OrderPickup) => void;
}) {
  const queryClient = useQueryClient();
  const [storeId, setStoreId] = useState(session.store?.id ?? '');
  const [delivery, setDelivery] = useState<DeliveryValue>(EMPTY_DELIVERY);
  const [showErrors, setShowErrors] = useState(false);
  const complete = useCompleteCheckoutMutation(session.id);
  const idempotencyKey = useMemo(() => checkoutIdempotencyKey(session.id), [session.id]);
  const store = session.store ?? session.stores.find((item) => item.id === storeId);
  const quote = useDeliveryQuote({
    storeId: store?.id,
    bags: session.bags,
    weightClass: session.weightClass,
    value: delivery,
  });
  const errors = deliveryErrors(delivery, quote.data);
  const option = quote.data?.windows.find(
    (item) => item.window === delivery.window && item.available,
  );
  const feeLines = option?.lines && quote.settled && !quote.isError ? option.lines : null;

  return (
    <Columns>
      <Stack $gap={24}>
        <Card aria-labelledby="order-heading">
          <Stack $gap={12}>
            <h2 id="order-heading">Your order from {session.retailer.name}</h2>
            <p>
              Order {session.retailerOrderNumber} for {session.customerInfo.name} · {session.bags}{' '}
              {session.bags === 1 ? 'bag' : 'bags'} · {WEIGHT_CLASS_INFO[session.weightClass].label}
            </p>
            <Items>
              <caption>
                <VisuallyHidden>Items in your order</VisuallyHidden>
              </caption>
              <thead>
                <tr>
                  <th scope="col">Item</th>
                  <th scope="col">Qty</th>
                  <th scope="col">Price</th>
                </tr>
              </thead>
              <tbody>
                {session.items.map((item, index) => (
                  <tr key={`${item.sku ?? item.name}-${index}`}>
                    <td>{item.name}</td>
                    <td>{item.quantity}</td>
                    <td>{formatCents(item.quantity * item.unitPriceCents)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <td colSpan={2}>Items (paid to {session.retailer.name})</td>
                  <td>{formatCents(session.itemsTotalCents)}</td>
                </tr>
              </tfoot>
            </Items>
          </Stack>
        </Card>
        <Card aria-labelledby="delivery-heading">
          <Stack $gap={16}>
            <h2 id="delivery-heading">Delivery</h2>
            {session.store ? (
              <p>
                From {session.store.name}, {session.store.addressLine}, {session.store.city}
              </p>
            ) : (
              <Field
                label="Store holding your order"
                error={showErrors && !storeId ? 'Choose the store holding your order' : undefined}
              >
                {(ids) => (
                  <Select
                    {...ids}
                    value={storeId}
                    onChange={(event) => {
                      setStoreId(event.target.value);
                      setDelivery(EMPTY_DELIVERY);
                    }}
                  >
                    <option value="">Choose a store</option>
                    {session.stores.map((item) => (
                      <option key={item.id} value={item.id}>
                        {item.name} ({item.city})
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
            )}
            {store ? (
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
            ) : null}
          </Stack>
        </Card>
      </Stack>
      <Card aria-labelledby="pay-heading">
        <Stack $gap={16}>
          <h2 id="pay-heading">Pay for delivery</h2>
          <PaymentForm
            feeLines={feeLines}
            testCardsOnly={session.mode === 'test'}
            payLabel={(total) => (total === null ? 'Pay' : `Pay ${formatCents(total)}`)}
            disabled={!feeLines}
            onPay={async ({ source, tipCents, totalCents }) => {
              setShowErrors(true);
              if (!store || hasErrors(errors) || !delivery.deliveryType || !delivery.window) {
                throw new Error('Choose the delivery options first.');
              }
              try {
                const order = await complete.mutateAsync({
                  idempotencyKey,
                  body: {
                    ...(session.store ? {} : { storeId: store.id }),
                    deliveryType: delivery.deliveryType,
                    ...(delivery.deliveryType === 'home'
                      ? delivery.addressChoice === 'new'
                        ? { address: delivery.newAddress }
                        : { addressId: delivery.addressChoice }
                      : {}),
                    window: delivery.window,
                    tipCents,
                    payment: source,
                    expectedTotalCents: totalCents,
                  },
                });
                onPaid(order);
              } catch (error) {
                if (error instanceof ApiError && error.status === 409) {
                  await queryClient.invalidateQueries({ queryKey: allQuotesQueryKey });
                }
                throw error;
              }
            }}
          >
            {!feeLines ? <p>Choose how and when you want your order to see the price.</p> : null}
          </PaymentForm>
        </Stack>
      </Card>
    </Columns>
  );
}

function Paid({ order, testMode }: { order: OrderPickup; testMode: boolean }) {
  return (
    <Card>
      <Stack $gap={16}>
        <Notice tone="success" role="status" title="Payment received">
          Your order number is <strong data-testid="order-number">{order.orderNumber}</strong>.
        </Notice>
        <p>
          {order.deliveryType === 'curbside' ? 'Curbside pickup' : 'Home delivery'} from{' '}
          {order.storeName}
          {order.windowStartsAt && order.windowEndsAt
            ? `, ${formatWindow(order.windowStartsAt, order.windowEndsAt)}`
            : ''}
          . {testMode ? 'Paid with a test card' : 'Paid'} {formatCents(order.totalCents)}.
        </p>
        <Row $gap={12}>
          <ButtonLink to={`/delivery-tracking/${order.id}`}>Track your order</ButtonLink>
          {order.deliveryType === 'curbside' && !testMode ? (
            <ButtonLink
              variant="secondary"
              to={`/curbside-pickup?orderNumber=${encodeURIComponent(order.orderNumber)}`}
            >
              Start curbside pickup
            </ButtonLink>
          ) : null}
        </Row>
      </Stack>
    </Card>
  );
}

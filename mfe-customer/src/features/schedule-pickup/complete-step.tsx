import { useQuery } from '@tanstack/react-query';
import { formatCents } from 'shared-contracts/payments';
import { DELIVERY_TYPE_LABELS } from 'shared-contracts/quotes';
import { Button, ButtonLink, Notice, Row, Skeleton, Stack } from 'shared-ui';
import { useNavigate } from 'shared-ui/router';
import styled from 'styled-components';
import { formatWindow } from '../../shared/format';
import { orderPickupQueryOptions } from '../../shared/order-pickups-api';
import { stepPath } from '../../shared/schedule-steps';
import { useDraft } from './draft-context';
import { StepLayout } from './step-layout';

const OrderNumber = styled.p`
  font-size: 1.5rem;
  font-weight: 700;
  letter-spacing: 0.02em;
  margin: 0;
`;

const Steps = styled.ol`
  margin: 0;
  padding-left: 1.25rem;
  display: flex;
  flex-direction: column;
  gap: 6px;
`;

const NEXT_STEPS = {
  curbside: [
    'The store gets your order ready; we let you know when it is ready for pickup.',
    'When you arrive, park in any free curbside spot and note its number.',
    'Tell us you have arrived from Curbside Pickup: a robot brings your order to your car.',
    'Enter the 4-digit PIN we send you to open the robot compartment.',
  ],
  home: [
    'The store gets your order ready and a driver collects it.',
    'Follow the driver live from the tracking page.',
    'Your order arrives within the window you chose; a photo or signature confirms delivery.',
  ],
} as const;

/** Step 5: the order number, what happens next, and where to follow the order. */
export function CompleteStep() {
  const { draft, reset } = useDraft();
  const navigate = useNavigate();
  const completed = draft.completed;
  const order = useQuery({
    ...orderPickupQueryOptions(completed?.orderId ?? ''),
    enabled: Boolean(completed),
  });
  if (!completed) return null;
  const type = completed.deliveryType;

  return (
    <StepLayout title="Complete" description="Your pickup is scheduled and paid. Thank you!">
      <Notice tone="success" role="status" title="Order confirmed">
        <Stack $gap={4}>
          <span>Your order number</span>
          <OrderNumber data-testid="order-number">{completed.orderNumber}</OrderNumber>
        </Stack>
      </Notice>
      {order.isPending ? <Skeleton $height="60px" /> : null}
      {order.data ? (
        <p>
          {DELIVERY_TYPE_LABELS[order.data.deliveryType]} from {order.data.storeName}
          {order.data.windowStartsAt && order.data.windowEndsAt
            ? `, ${formatWindow(order.data.windowStartsAt, order.data.windowEndsAt)}`
            : ''}
          . Paid {formatCents(order.data.totalCents)}
          {order.data.payment?.method === 'wallet'
            ? ' from your wallet'
            : order.data.payment?.cardLast4
              ? ` with the card ending ${order.data.payment.cardLast4}`
              : ''}
          .
        </p>
      ) : null}
      <section aria-labelledby="next-heading">
        <h3 id="next-heading">What happens next</h3>
        <Steps>
          {NEXT_STEPS[type].map((text) => (
            <li key={text}>{text}</li>
          ))}
        </Steps>
        <p>Changed your mind? Cancelling is free until the driver or robot leaves the store.</p>
      </section>
      <Row $gap={12}>
        <ButtonLink to={`/delivery-tracking/${completed.orderId}`}>Track your order</ButtonLink>
        {type === 'curbside' ? (
          <ButtonLink
            variant="secondary"
            to={`/curbside-pickup?orderNumber=${encodeURIComponent(completed.orderNumber)}`}
          >
            Start curbside pickup
          </ButtonLink>
        ) : null}
        <Button
          variant="ghost"
          onClick={() => {
            reset();
            navigate(stepPath('store-details'));
          }}
        >
          Schedule another pickup
        </Button>
      </Row>
    </StepLayout>
  );
}

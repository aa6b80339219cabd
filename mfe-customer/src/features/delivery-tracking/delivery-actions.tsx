import { useState } from 'react';
import { errorMessage } from 'shared-client';
import { DELIVERY_MESSAGES, type Delivery } from 'shared-contracts/deliveries';
import { Button, ButtonLink, Notice, Row, Stack, toast } from 'shared-ui';
import { Dialog } from 'shared-ui/overlays';
import { type DeliveryAction, useDeliveryAction } from './api';

/** What the customer can do now: cancel while free, meet the courier, reschedule, report. */
export function DeliveryActions({
  delivery,
  trackedId,
}: {
  delivery: Delivery;
  trackedId: string;
}) {
  const action = useDeliveryAction(trackedId);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const isRobot = delivery.courier.kind === 'robot';

  const run = (name: DeliveryAction, success: { title: string; description?: string }) => {
    setError(null);
    action.mutate(
      { deliveryId: delivery.id, action: name },
      {
        onSuccess: () => {
          setConfirmCancel(false);
          toast({ title: success.title, description: success.description });
        },
        onError: (failure) => {
          setConfirmCancel(false);
          const message = errorMessage(failure, 'Please try again.');
          setError(message);
          toast({ title: 'That did not work', description: message, variant: 'destructive' });
        },
      },
    );
  };

  const curbsideLink = delivery.curbsidePickupId
    ? `/curbside-pickup?pickup=${delivery.curbsidePickupId}`
    : `/curbside-pickup?orderNumber=${encodeURIComponent(delivery.orderNumber)}`;
  const curbsideActive =
    isRobot &&
    delivery.status !== 'delivered' &&
    delivery.status !== 'cancelled' &&
    delivery.status !== 'held';

  return (
    <Stack $gap={12}>
      {error ? (
        <Notice tone="danger" role="alert">
          {error}
        </Notice>
      ) : null}
      {delivery.canConfirmPresence ? (
        <Notice tone="warning" title="Your courier is at your door">
          <Stack $gap={10}>
            <span>They need your signature. Meet them within 5 minutes.</span>
            <Row>
              <Button
                onClick={() =>
                  run('confirm-presence', { title: 'Signed for', description: 'Enjoy your order!' })
                }
                loading={action.isPending}
                loadingLabel="Confirming…"
              >
                I'm at the door
              </Button>
            </Row>
          </Stack>
        </Notice>
      ) : null}
      {delivery.canReschedule ? (
        <Notice tone="warning" title="We missed you">
          <Stack $gap={10}>
            <span>
              Your order is safe at {delivery.holdingLocation?.name ?? 'a holding location'}.
              Rescheduling is free.
            </span>
            <Row>
              <Button
                onClick={() =>
                  run('reschedule', {
                    title: 'Delivery rescheduled',
                    description: DELIVERY_MESSAGES.rescheduled,
                  })
                }
                loading={action.isPending}
                loadingLabel="Rescheduling…"
              >
                Reschedule delivery
              </Button>
            </Row>
          </Stack>
        </Notice>
      ) : null}
      {isRobot && delivery.status === 'held' ? (
        <Notice tone="warning" title="Your order is back at the store">
          <Stack $gap={10}>
            <span>
              Rescheduling is free: start a new curbside pickup when you are at the store.
            </span>
            <Row>
              <ButtonLink
                to={`/curbside-pickup?orderNumber=${encodeURIComponent(delivery.orderNumber)}`}
              >
                Start a new curbside pickup
              </ButtonLink>
            </Row>
          </Stack>
        </Notice>
      ) : null}
      <Row>
        {curbsideActive ? (
          <ButtonLink to={curbsideLink} variant="secondary">
            {delivery.curbsidePickupId ? 'Open curbside pickup' : "I'm at the store"}
          </ButtonLink>
        ) : null}
        {delivery.cancellable ? (
          <Button variant="secondary" onClick={() => setConfirmCancel(true)}>
            Cancel delivery
          </Button>
        ) : null}
        {delivery.status === 'delivered' ? (
          <ButtonLink to={`/refund-request?order=${delivery.orderPickupId}`} variant="secondary">
            Report a problem
          </ButtonLink>
        ) : null}
        <ButtonLink to="/pickup-history" variant="ghost">
          Pickup History
        </ButtonLink>
      </Row>
      <Dialog
        open={confirmCancel}
        onOpenChange={setConfirmCancel}
        title="Cancel this delivery?"
        description="Cancelling is free until the courier leaves the store. Everything you paid goes back to where it came from."
      >
        <Row $justify="flex-end">
          <Button variant="ghost" onClick={() => setConfirmCancel(false)}>
            Keep delivery
          </Button>
          <Button
            variant="danger"
            onClick={() =>
              run('cancel', {
                title: 'Delivery cancelled',
                description: DELIVERY_MESSAGES.cancelled,
              })
            }
            loading={action.isPending}
            loadingLabel="Cancelling…"
          >
            Cancel delivery
          </Button>
        </Row>
      </Dialog>
    </Stack>
  );
}

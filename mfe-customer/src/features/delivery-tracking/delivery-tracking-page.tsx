import { useEffect, useRef, useState } from 'react';
import { RequireAuth } from 'shared-auth';
import { ApiError, errorMessage } from 'shared-client';
import {
  DELIVERY_STATUS_DESCRIPTIONS,
  DELIVERY_STATUS_LABELS,
  type Delivery,
} from 'shared-contracts/deliveries';
import { formatServiceTime } from 'shared-contracts/service-time';
import {
  Badge,
  ButtonLink,
  Card,
  Lead,
  Muted,
  media,
  Notice,
  OfflineNotice,
  Page,
  PageTitle,
  Row,
  Skeleton,
  Stack,
  usePageMeta,
  VisuallyHidden,
} from 'shared-ui';
import { useParams } from 'shared-ui/router';
import styled from 'styled-components';
import { CheckpointProgress } from './checkpoint-progress';
import { CourierCard } from './courier-card';
import { DeliveryActions } from './delivery-actions';
import { DeliveryMap } from './delivery-map';
import { DeliveryTimeline } from './delivery-timeline';
import { ProofOfDelivery } from './proof-of-delivery';
import { type LiveMode, useLiveDelivery } from './use-live-delivery';

const Columns = styled.div`
  display: grid;
  gap: 24px;
  align-items: start;
  ${media.lg} {
    grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
  }
`;

const StatusLine = styled.p`
  font-size: 1.5rem;
  font-weight: 700;
  margin: 0;
`;

const Eta = styled.p`
  font-size: 1.125rem;
  margin: 0;
  font-variant-numeric: tabular-nums;
`;

const LIVE_LABELS: Record<LiveMode, string> = {
  connecting: 'Connecting…',
  live: 'Live',
  polling: 'Updating every 5 s',
  offline: 'Offline',
  finished: 'Finished',
};

/** What a screen reader hears when the delivery changes status (not on every position report). */
function announcementFor(delivery: Delivery): string {
  const eta = delivery.etaAt ? ` Estimated arrival ${formatServiceTime(delivery.etaAt)}.` : '';
  return `${DELIVERY_STATUS_LABELS[delivery.status]}. ${DELIVERY_STATUS_DESCRIPTIONS[delivery.status]}${eta}`;
}

/**
 * `/delivery-tracking/:id`: an order's delivery, followed live. The id is an order id
 * (what the scheduling flow and the history link to) or a delivery id.
 */
export function DeliveryTrackingPage() {
  usePageMeta('Delivery Tracking', 'Follow your delivery live.');
  return (
    <RequireAuth>
      <Tracking />
    </RequireAuth>
  );
}

function Tracking() {
  const { id = '' } = useParams();
  const { query, mode } = useLiveDelivery(id);
  const delivery = query.data;
  const [announcement, setAnnouncement] = useState('');
  const lastStatus = useRef<string | null>(null);

  useEffect(() => {
    if (!delivery) return;
    const key = `${delivery.status}:${delivery.attempt}`;
    // The first read is on screen already; announce changes after it.
    if (lastStatus.current !== null && lastStatus.current !== key)
      setAnnouncement(announcementFor(delivery));
    lastStatus.current = key;
  }, [delivery]);

  // A failed later read (a server hiccup, a lost signal) leaves what the page knew on screen.
  const notFound =
    !delivery &&
    query.isError &&
    query.error instanceof ApiError &&
    (query.error.status === 404 || query.error.status === 400);

  return (
    <Page>
      <PageTitle>Delivery Tracking</PageTitle>
      <div aria-live="polite" aria-atomic="true">
        <VisuallyHidden data-testid="delivery-announcement">{announcement}</VisuallyHidden>
      </div>
      {query.isPending ? (
        <Stack $gap={16} aria-busy="true">
          <Lead>Loading your delivery…</Lead>
          <Skeleton $height="120px" />
          <Skeleton $height="320px" />
        </Stack>
      ) : notFound ? (
        <Card aria-labelledby="not-found-heading">
          <Stack $gap={12}>
            <h2 id="not-found-heading">We couldn't find that delivery</h2>
            <p>
              There is no delivery with this number on your account. Check the link, or find your
              order in your pickup history.
            </p>
            <Row>
              <ButtonLink to="/pickup-history">Go to Pickup History</ButtonLink>
            </Row>
          </Stack>
        </Card>
      ) : delivery ? (
        <TrackedDelivery
          delivery={delivery}
          mode={mode}
          trackedId={id}
          updatedAt={query.dataUpdatedAt}
        />
      ) : (
        <Notice tone="danger" role="alert" title="We could not load this delivery">
          {errorMessage(query.error, 'Please check your connection and try again.')}
        </Notice>
      )}
    </Page>
  );
}

function TrackedDelivery({
  delivery,
  mode,
  trackedId,
  updatedAt,
}: {
  delivery: Delivery;
  mode: LiveMode;
  trackedId: string;
  /** When the server last confirmed what is on screen (ms). */
  updatedAt: number;
}) {
  const ongoing = delivery.status !== 'delivered' && delivery.status !== 'cancelled';
  return (
    <Stack $gap={24}>
      {/* What is on screen stays; the notice says how old it is. */}
      <OfflineNotice offline={mode === 'offline'} lastUpdatedAt={updatedAt} />
      <Lead>
        Order <strong>{delivery.orderNumber}</strong> from {delivery.storeName}
        {delivery.attempt > 1 ? ` · attempt ${delivery.attempt}` : ''}
      </Lead>
      <Card aria-labelledby="status-heading">
        <Stack $gap={16}>
          <Row $justify="space-between">
            <h2 id="status-heading">
              <VisuallyHidden>Status: </VisuallyHidden>
              <StatusLine as="span" data-testid="delivery-status">
                {DELIVERY_STATUS_LABELS[delivery.status]}
              </StatusLine>
            </h2>
            <Badge tone={mode === 'live' ? 'success' : 'muted'} data-testid="live-mode">
              {LIVE_LABELS[mode]}
            </Badge>
          </Row>
          <p>{DELIVERY_STATUS_DESCRIPTIONS[delivery.status]}</p>
          {ongoing && delivery.etaAt ? (
            <Eta data-testid="delivery-eta">
              Estimated arrival <strong>{formatServiceTime(delivery.etaAt)}</strong>
              {delivery.position.remainingMiles > 0 && delivery.status !== 'pickup_confirmed' ? (
                <Muted> · {delivery.position.remainingMiles.toFixed(1)} mi to go</Muted>
              ) : null}
            </Eta>
          ) : null}
          <CheckpointProgress checkpoints={delivery.checkpoints} />
        </Stack>
      </Card>
      <Columns>
        <Stack $gap={12}>
          <DeliveryMap delivery={delivery} />
        </Stack>
        <Card aria-labelledby="courier-heading">
          <Stack $gap={16}>
            <CourierCard delivery={delivery} />
            <DeliveryActions delivery={delivery} trackedId={trackedId} />
          </Stack>
        </Card>
      </Columns>
      {delivery.proof ? (
        <Card aria-labelledby="proof-heading">
          <ProofOfDelivery proof={delivery.proof} />
        </Card>
      ) : null}
      <Card aria-labelledby="timeline-heading">
        <Stack $gap={12}>
          <h2 id="timeline-heading">Timeline</h2>
          <DeliveryTimeline entries={delivery.timeline} />
        </Stack>
      </Card>
    </Stack>
  );
}

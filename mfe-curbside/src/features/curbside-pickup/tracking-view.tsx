import { useEffect, useId, useRef, useState } from 'react';
import { errorMessage } from 'shared-client';
import {
  CURBSIDE_FAILED_TEXT,
  CURBSIDE_STATUS_DESCRIPTIONS,
  CURBSIDE_STATUS_LABELS,
  CURBSIDE_TOASTS,
  type CurbsidePickup,
  type CurbsideStatus,
} from 'shared-contracts/curbside';
import { formatServiceTime } from 'shared-contracts/service-time';
import {
  Badge,
  Button,
  ButtonLink,
  Card,
  CopyButton,
  Muted,
  Notice,
  OfflineNotice,
  Row,
  Skeleton,
  Stack,
  toast,
  VisuallyHidden,
} from 'shared-ui';
import { Dialog } from 'shared-ui/overlays';
import styled from 'styled-components';
import { useCancelPickup, useConfirmCollected } from './api';
import { DeliveryTimeline } from './delivery-timeline';
import { PinDialog } from './pin-dialog';
import { StatusIcon } from './status-icon';
import { type LiveMode, useLivePickup } from './use-live-pickup';

const CANCELLABLE: CurbsideStatus[] = [
  'order_ready',
  'customer_arrived',
  'robot_dispatched',
  'robot_collecting',
];

const StatusHeader = styled.div<{ $tone: 'active' | 'done' | 'bad' }>`
  display: flex;
  gap: 16px;
  align-items: flex-start;
  svg {
    flex: none;
    color: ${({ $tone, theme }) =>
      $tone === 'bad'
        ? theme.colors.danger
        : $tone === 'done'
          ? theme.colors.success
          : theme.colors.primary};
  }
  h2 { margin: 0 0 4px; }
  p { margin: 0; }
`;

const Details = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 160px), 1fr));
  gap: 12px 24px;
  margin: 0;
  dt { font-size: 0.875rem; color: ${({ theme }) => theme.colors.muted}; }
  dd { margin: 0; font-weight: 700; overflow-wrap: anywhere; }
`;

const Toggle = styled.label`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  font-weight: 700;
  cursor: pointer;
  input { width: 20px; height: 20px; accent-color: ${({ theme }) => theme.colors.primary}; }
`;

const LIVE_TEXT: Record<LiveMode, string> = {
  live: 'Live updates on',
  polling: 'Checking every 5 seconds',
  paused: 'Auto-refresh is off',
  offline: 'Live updates paused: offline',
  finished: 'This pickup has ended',
};

function toneOf(status: CurbsideStatus): 'active' | 'done' | 'bad' {
  if (status === 'failed' || status === 'cancelled') return 'bad';
  if (status === 'verified' || status === 'delivered') return 'done';
  return 'active';
}

/** The third view: the live status of one curbside pickup. */
export function TrackingView({ pickupId, onBack }: { pickupId: string; onBack: () => void }) {
  const [autoRefresh, setAutoRefresh] = useState(true);
  const { query, mode } = useLivePickup(pickupId, autoRefresh);
  const pickup = query.data;

  // A tracker that cannot load says so once.
  useEffect(() => {
    if (query.isError) toast({ ...CURBSIDE_TOASTS.loadFailed, variant: 'destructive' });
  }, [query.isError]);

  return (
    <Stack $gap={20}>
      {/* What is on screen stays; the notice says how old it is. */}
      <OfflineNotice
        offline={mode === 'offline'}
        lastUpdatedAt={pickup ? query.dataUpdatedAt : undefined}
      />
      <Row $justify="space-between">
        <Button variant="ghost" onClick={onBack}>
          <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
            <path d="M10 3L5 8l5 5" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
          Back to Arrival Form
        </Button>
        <Row $gap={16}>
          <Toggle>
            <input
              type="checkbox"
              role="switch"
              aria-checked={autoRefresh}
              checked={autoRefresh}
              onChange={(event) => setAutoRefresh(event.target.checked)}
            />
            Auto-refresh
          </Toggle>
          <Muted data-testid="live-mode">{LIVE_TEXT[mode]}</Muted>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void query.refetch()}
            loading={query.isFetching && !query.isPending}
            loadingLabel="Refreshing…"
          >
            Refresh
          </Button>
        </Row>
      </Row>
      {pickup ? (
        <PickupDetails pickup={pickup} onBack={onBack} />
      ) : query.isError ? (
        <Notice tone="danger" title={CURBSIDE_TOASTS.loadFailed.title} role="alert">
          <p>{CURBSIDE_TOASTS.loadFailed.description}</p>
          <Muted>{errorMessage(query.error)}</Muted>
        </Notice>
      ) : (
        <Card aria-busy="true">
          <Stack $gap={12}>
            <VisuallyHidden>Loading your pickup status…</VisuallyHidden>
            <Skeleton style={{ height: 40, width: '60%' }} />
            <Skeleton style={{ height: 20 }} />
            <Skeleton style={{ height: 20, width: '80%' }} />
          </Stack>
        </Card>
      )}
    </Stack>
  );
}

function PickupDetails({ pickup, onBack }: { pickup: CurbsidePickup; onBack: () => void }) {
  const headingId = useId();
  const label = CURBSIDE_STATUS_LABELS[pickup.status];
  const description = CURBSIDE_STATUS_DESCRIPTIONS[pickup.status];
  const [pinOpen, setPinOpen] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const previous = useRef<CurbsideStatus | undefined>(undefined);
  const collected = useConfirmCollected(pickup._id);
  const cancel = useCancelPickup(pickup._id);

  // Reaching awaiting_verification opens the PIN dialog; any other status closes it.
  // Screen readers hear every status change (the first render is the page itself).
  useEffect(() => {
    if (previous.current === pickup.status) return;
    if (previous.current !== undefined) setAnnouncement(`Status: ${label}. ${description}`);
    previous.current = pickup.status;
    setPinOpen(pickup.status === 'awaiting_verification');
  }, [pickup.status, label, description]);

  const trackingLink =
    typeof window === 'undefined'
      ? ''
      : `${window.location.origin}/curbside-pickup?pickup=${encodeURIComponent(pickup._id)}`;
  const showEta = pickup.estimatedDeliveryTime && pickup.status !== 'delivered';

  return (
    <>
      <div aria-live="polite" aria-atomic="true">
        <VisuallyHidden>{announcement}</VisuallyHidden>
      </div>
      <Card aria-labelledby={headingId}>
        <Stack $gap={20}>
          <Row $justify="space-between" $gap={12}>
            <StatusHeader $tone={toneOf(pickup.status)}>
              <StatusIcon status={pickup.status} />
              <div>
                <h2 id={headingId} tabIndex={-1} data-testid="pickup-status">
                  {label}
                </h2>
                <p>{description}</p>
              </div>
            </StatusHeader>
            <Badge tone="info">Order {pickup.orderNumber}</Badge>
          </Row>
          <Details>
            <div>
              <dt>Parking spot</dt>
              <dd>{pickup.parkingSpotNumber}</dd>
            </div>
            <div>
              <dt>Customer</dt>
              <dd>{pickup.customerName}</dd>
            </div>
            {pickup.robotName ? (
              <div>
                <dt>Robot</dt>
                <dd>{pickup.robotName}</dd>
              </div>
            ) : null}
            {showEta && pickup.estimatedDeliveryTime ? (
              <div>
                <dt>Estimated arrival</dt>
                <dd>
                  <time dateTime={pickup.estimatedDeliveryTime}>
                    {formatServiceTime(pickup.estimatedDeliveryTime)}
                  </time>
                </dd>
              </div>
            ) : null}
          </Details>

          {pickup.status === 'awaiting_verification' && !pinOpen ? (
            <Notice tone="info" title="The robot is waiting at your car">
              <Row>
                <span>
                  Attempts remaining: {pickup.maxVerificationAttempts - pickup.verificationAttempts}
                </span>
                <Button onClick={() => setPinOpen(true)}>Enter PIN</Button>
              </Row>
            </Notice>
          ) : null}

          {pickup.status === 'verified' ? (
            <Notice tone="success" title="Compartment open">
              <Stack $gap={10}>
                <span>
                  Take your order from the robot, then confirm. The compartment closes by itself
                  after 2 minutes.
                </span>
                <div>
                  <Button
                    loading={collected.isPending}
                    loadingLabel="Confirming…"
                    onClick={() =>
                      collected.mutate(undefined, {
                        onError: (error) =>
                          toast({
                            title: 'Could not confirm collection',
                            description: errorMessage(error),
                            variant: 'destructive',
                          }),
                      })
                    }
                  >
                    I've collected my order
                  </Button>
                </div>
              </Stack>
            </Notice>
          ) : null}

          {pickup.status === 'failed' ? (
            <Notice tone="danger" title={CURBSIDE_FAILED_TEXT} role="alert">
              <Stack $gap={10}>
                <span>{pickup.trackingUpdates.at(-1)?.message}</span>
                <Row>
                  <ButtonLink to="/help-center" variant="secondary" size="sm">
                    Help Center
                  </ButtonLink>
                  <ButtonLink to="/#chat" variant="secondary" size="sm">
                    Live chat
                  </ButtonLink>
                  <Button size="sm" onClick={onBack}>
                    Start a new curbside pickup
                  </Button>
                </Row>
              </Stack>
            </Notice>
          ) : null}

          {pickup.status === 'delivered' ? (
            <Notice tone="success" title="Enjoy your order!">
              Thank you for using curbside pickup.
            </Notice>
          ) : null}

          <Row>
            <CopyButton text={pickup._id} label="Copy pickup ID" />
            <CopyButton text={trackingLink} label="Copy tracking link" />
            {CANCELLABLE.includes(pickup.status) ? (
              <Button variant="ghost" size="sm" onClick={() => setConfirmCancel(true)}>
                Cancel pickup
              </Button>
            ) : null}
          </Row>
        </Stack>
      </Card>

      <DeliveryTimeline updates={pickup.trackingUpdates} />

      {pickup.status === 'awaiting_verification' ? (
        <PinDialog pickup={pickup} open={pinOpen} onOpenChange={setPinOpen} />
      ) : null}

      <Dialog
        open={confirmCancel && CANCELLABLE.includes(pickup.status)}
        onOpenChange={setConfirmCancel}
        title="Cancel this curbside pickup?"
        description="Cancelling is free until the robot leaves the store."
      >
        <Row style={{ marginTop: 16 }}>
          <Button
            variant="danger"
            loading={cancel.isPending}
            loadingLabel="Cancelling…"
            onClick={() =>
              cancel.mutate(undefined, {
                onSuccess: () => setConfirmCancel(false),
                onError: (error) => {
                  setConfirmCancel(false);
                  toast({
                    title: 'Could not cancel',
                    description: errorMessage(error),
                    variant: 'destructive',
                  });
                },
              })
            }
          >
            Cancel pickup
          </Button>
          <Button variant="secondary" onClick={() => setConfirmCancel(false)}>
            Keep it
          </Button>
        </Row>
      </Dialog>
    </>
  );
}

import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { RequireAuth } from 'shared-client';
import { Page, PageTitle, usePageMeta } from 'shared-ui';
import { ArrivalForm } from './arrival-form';
import { InfoView } from './info-view';
import { TrackingView } from './tracking-view';

/**
 * `/curbside-pickup` (SPEC section 2): info → arrival → tracking. The tracked pickup lives in the
 * URL (`?pickup=<id>`) so a reload or a shared link reopens it; `?orderNumber=` prefills the form.
 */
export function CurbsidePickupPage() {
  usePageMeta(
    'Curbside Pickup with Robot Delivery',
    'Stay in your car: a robot brings your order to your parking spot.',
  );
  return (
    <Page>
      <PageTitle>Curbside Pickup with Robot Delivery</PageTitle>
      <RequireAuth>
        <CurbsidePickup />
      </RequireAuth>
    </Page>
  );
}

type View = 'info' | 'arrival';

function CurbsidePickup() {
  const [params, setParams] = useSearchParams();
  const pickupId = params.get('pickup');
  const orderNumber = params.get('orderNumber') ?? undefined;
  const [view, setView] = useState<View>('info');
  const container = useRef<HTMLDivElement>(null);
  const screen = pickupId ? 'tracking' : view;

  // Each view change moves focus to the new view's heading, as a page change would.
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    container.current?.querySelector<HTMLElement>('h2')?.focus();
  }, [screen]);

  const startTracking = useCallback(
    (id: string) => {
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.set('pickup', id);
        return next;
      });
    },
    [setParams],
  );

  const backToArrival = useCallback(() => {
    setView('arrival');
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete('pickup');
      return next;
    });
  }, [setParams]);

  return (
    <div ref={container}>
      {pickupId ? (
        <TrackingView key={pickupId} pickupId={pickupId} onBack={backToArrival} />
      ) : view === 'arrival' ? (
        <ArrivalForm
          presetOrderNumber={orderNumber}
          onBack={() => setView('info')}
          onCreated={startTracking}
        />
      ) : (
        <InfoView onStart={() => setView('arrival')} />
      )}
    </div>
  );
}

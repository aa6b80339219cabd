import { Suspense, startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { RequireAuth } from 'shared-auth';
import { Loading, Page, PageTitle, preloadable, usePageMeta, whenIdle } from 'shared-ui';
import { useSearchParams } from 'shared-ui/router';
import { InfoView } from './info-view';
import { ArrivalQueueNotice, useRestoredArrivalOutcomes } from './queued-arrival';

// The form and the tracking view (their zod schemas, the PIN and cancel dialogs) are not part of
// the page's first load: a signed-out visitor never needs them, and a signed-in one has them
// loaded ahead once the page is interactive and idle, or as soon as they reach for the button.
const ArrivalForm = preloadable(() => import('./arrival-form').then((m) => m.ArrivalForm));
const TrackingView = preloadable(() => import('./tracking-view').then((m) => m.TrackingView));

/**
 * `/curbside-pickup`: info → arrival → tracking. The tracked pickup lives in the
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

  // The info view is all the page renders at first. The next views' code is fetched and run
  // when the page is idle (shared-ui's whenIdle), not among the tasks of its start-up on a slow
  // phone; the arrival form sooner when the person reaches for "Start Curbside Pickup". A failed
  // preload is retried when the view renders; nothing to report here.
  useEffect(
    () =>
      whenIdle(() => {
        ArrivalForm.preload().catch(() => {});
        TrackingView.preload().catch(() => {});
      }),
    [],
  );
  const preloadForm = useCallback(() => {
    ArrivalForm.preload().catch(() => {});
  }, []);

  // View changes are transitions: if the next view's code is still arriving, the current view
  // stays on screen until it is there, instead of a loading state, and the focus below lands.
  const show = useCallback((next: View) => startTransition(() => setView(next)), []);

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
      startTransition(() =>
        setParams((current) => {
          const next = new URLSearchParams(current);
          next.set('pickup', id);
          return next;
        }),
      );
    },
    [setParams],
  );

  // An arrival kept on the device by an earlier visit goes to tracking once the store has it.
  useRestoredArrivalOutcomes(startTracking);

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
      {/* The tracking view has its own notice, with the time of the status on screen. */}
      {pickupId ? null : <ArrivalQueueNotice />}
      <Suspense fallback={<Loading />}>
        {pickupId ? (
          <TrackingView key={pickupId} pickupId={pickupId} onBack={backToArrival} />
        ) : view === 'arrival' ? (
          <ArrivalForm
            presetOrderNumber={orderNumber}
            onBack={() => show('info')}
            onCreated={startTracking}
          />
        ) : (
          <InfoView onStart={() => show('arrival')} onIntent={preloadForm} />
        )}
      </Suspense>
    </div>
  );
}

import { lazy, Suspense } from 'react';
import { Loading, NotFound, type RemoteRoutesModule } from 'shared-ui';
import { Route, Routes } from 'shared-ui/router';

// Each page is its own chunk: visiting one page downloads only that page.
const CurbsidePickupPage = lazy(() =>
  import('./features/curbside-pickup/curbside-pickup-page').then((m) => ({
    default: m.CurbsidePickupPage,
  })),
);

/** The routes this remote owns (DESIGN.md section 1), with absolute paths; the shell mounts it. */
export default function CurbsideRoutes() {
  return (
    <Suspense fallback={<Loading />}>
      <Routes>
        <Route path="/curbside-pickup" element={<CurbsidePickupPage />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </Suspense>
  );
}

CurbsideRoutes satisfies RemoteRoutesModule['default'];

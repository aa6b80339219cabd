import { Suspense } from 'react';
import { Loading, NotFound, preloadable, preloadPageAt, type RemoteRoutesModule } from 'shared-ui';
import { Route, Routes } from 'shared-ui/router';

// Each page is its own chunk: visiting one page downloads only that page. The chunk names tell
// the server which files a page needs (shared-build/src/page-chunks-plugin.ts).
const CurbsidePickupPage = preloadable(() =>
  import(
    /* webpackChunkName: "route~curbside-pickup" */ './features/curbside-pickup/curbside-pickup-page'
  ).then((m) => m.CurbsidePickupPage),
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

/** This remote's pages by path, for `preloadPage`. */
const PAGES = {
  '/curbside-pickup': CurbsidePickupPage,
};

/** Loads the code of the page at `pathname` before the shell hydrates it (issue 30). */
export function preloadPage(pathname: string): Promise<void> {
  return preloadPageAt(PAGES, pathname);
}

CurbsideRoutes satisfies RemoteRoutesModule['default'];
preloadPage satisfies NonNullable<RemoteRoutesModule['preloadPage']>;

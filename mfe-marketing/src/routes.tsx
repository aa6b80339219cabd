import { Suspense } from 'react';
import { Loading, NotFound, preloadable, preloadPageAt, type RemoteRoutesModule } from 'shared-ui';
import { Route, Routes } from 'shared-ui/router';

// Each page is its own chunk: visiting one page downloads only that page. The chunk names tell
// the server which files a page needs (shared-build/src/page-chunks-plugin.ts).
const HomePage = preloadable(() =>
  import(/* webpackChunkName: "route~" */ './features/home/home-page').then((m) => m.HomePage),
);
const AboutPage = preloadable(() =>
  import(/* webpackChunkName: "route~about-us" */ './features/about-us/about-us-page').then(
    (m) => m.AboutPage,
  ),
);
const PlatformServicesPage = preloadable(() =>
  import(
    /* webpackChunkName: "route~platform-services" */ './features/platform-services/platform-services-page'
  ).then((m) => m.PlatformServicesPage),
);
const HowItWorksPage = preloadable(() =>
  import(
    /* webpackChunkName: "route~how-it-works" */ './features/how-it-works/how-it-works-page'
  ).then((m) => m.HowItWorksPage),
);
const TeamPage = preloadable(() =>
  import(/* webpackChunkName: "route~team" */ './features/team/team-page').then((m) => m.TeamPage),
);
const HelpCenterPage = preloadable(() =>
  import(
    /* webpackChunkName: "route~help-center" */ './features/help-center/help-center-page'
  ).then((m) => m.HelpCenterPage),
);
const DeliveryInfoPage = preloadable(() =>
  import(
    /* webpackChunkName: "route~delivery-info" */ './features/delivery-info/delivery-info-page'
  ).then((m) => m.DeliveryInfoPage),
);
const CareersPage = preloadable(() =>
  import(/* webpackChunkName: "route~careers" */ './features/careers/careers-page').then(
    (m) => m.CareersPage,
  ),
);
const ContactPage = preloadable(() =>
  import(/* webpackChunkName: "route~contact" */ './features/contact/contact-page').then(
    (m) => m.ContactPage,
  ),
);

/** The routes this remote owns (DESIGN.md section 1), with absolute paths; the shell mounts it. */
export default function MarketingRoutes() {
  return (
    <Suspense fallback={<Loading />}>
      <Routes>
        <Route path="/" element={<HomePage />} />
        <Route path="/about-us" element={<AboutPage />} />
        <Route path="/platform-services" element={<PlatformServicesPage />} />
        <Route path="/how-it-works" element={<HowItWorksPage />} />
        <Route path="/team" element={<TeamPage />} />
        <Route path="/help-center" element={<HelpCenterPage />} />
        <Route path="/delivery-info" element={<DeliveryInfoPage />} />
        <Route path="/careers" element={<CareersPage />} />
        <Route path="/contact" element={<ContactPage />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </Suspense>
  );
}

/** This remote's pages by path, for `preloadPage`. */
const PAGES = {
  '/': HomePage,
  '/about-us': AboutPage,
  '/platform-services': PlatformServicesPage,
  '/how-it-works': HowItWorksPage,
  '/team': TeamPage,
  '/help-center': HelpCenterPage,
  '/delivery-info': DeliveryInfoPage,
  '/careers': CareersPage,
  '/contact': ContactPage,
};

/** Loads the code of the page at `pathname` before the shell hydrates it (issue 30). */
export function preloadPage(pathname: string): Promise<void> {
  return preloadPageAt(PAGES, pathname);
}

MarketingRoutes satisfies RemoteRoutesModule['default'];
preloadPage satisfies NonNullable<RemoteRoutesModule['preloadPage']>;

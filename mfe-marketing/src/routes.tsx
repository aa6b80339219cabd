import { lazy, Suspense } from 'react';
import { Loading, NotFound, type RemoteRoutesModule } from 'shared-ui';
import { Route, Routes } from 'shared-ui/router';

// Each page is its own chunk: visiting one page downloads only that page.
const HomePage = lazy(() =>
  import('./features/home/home-page').then((m) => ({ default: m.HomePage })),
);
const AboutPage = lazy(() =>
  import('./features/about-us/about-us-page').then((m) => ({ default: m.AboutPage })),
);
const PlatformServicesPage = lazy(() =>
  import('./features/platform-services/platform-services-page').then((m) => ({
    default: m.PlatformServicesPage,
  })),
);
const HowItWorksPage = lazy(() =>
  import('./features/how-it-works/how-it-works-page').then((m) => ({ default: m.HowItWorksPage })),
);
const TeamPage = lazy(() =>
  import('./features/team/team-page').then((m) => ({ default: m.TeamPage })),
);
const HelpCenterPage = lazy(() =>
  import('./features/help-center/help-center-page').then((m) => ({ default: m.HelpCenterPage })),
);
const DeliveryInfoPage = lazy(() =>
  import('./features/delivery-info/delivery-info-page').then((m) => ({
    default: m.DeliveryInfoPage,
  })),
);
const CareersPage = lazy(() =>
  import('./features/careers/careers-page').then((m) => ({ default: m.CareersPage })),
);
const ContactPage = lazy(() =>
  import('./features/contact/contact-page').then((m) => ({ default: m.ContactPage })),
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

MarketingRoutes satisfies RemoteRoutesModule['default'];

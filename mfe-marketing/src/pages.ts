import type { ComponentType } from 'react';
import { definePages } from 'shared-contracts/pages';

/**
 * Every page of this remote, declared once (shared-contracts `pages.ts` says what each field
 * means): its routes, its preloading, the shell's routing and the server's come from this list.
 */
export const PAGES = definePages<ComponentType>([
  {
    path: '/',
    load: () =>
      import(/* webpackChunkName: "route~" */ './features/home/home-page').then((m) => m.HomePage),
  },
  {
    path: '/about-us',
    load: () =>
      import(/* webpackChunkName: "route~about-us" */ './features/about-us/about-us-page').then(
        (m) => m.AboutPage,
      ),
  },
  {
    path: '/platform-services',
    load: () =>
      import(
        /* webpackChunkName: "route~platform-services" */ './features/platform-services/platform-services-page'
      ).then((m) => m.PlatformServicesPage),
  },
  {
    path: '/how-it-works',
    load: () =>
      import(
        /* webpackChunkName: "route~how-it-works" */ './features/how-it-works/how-it-works-page'
      ).then((m) => m.HowItWorksPage),
  },
  {
    path: '/team',
    load: () =>
      import(/* webpackChunkName: "route~team" */ './features/team/team-page').then(
        (m) => m.TeamPage,
      ),
  },
  {
    path: '/help-center',
    load: () =>
      import(
        /* webpackChunkName: "route~help-center" */ './features/help-center/help-center-page'
      ).then((m) => m.HelpCenterPage),
  },
  {
    path: '/delivery-info',
    load: () =>
      import(
        /* webpackChunkName: "route~delivery-info" */ './features/delivery-info/delivery-info-page'
      ).then((m) => m.DeliveryInfoPage),
  },
  {
    path: '/careers',
    load: () =>
      import(/* webpackChunkName: "route~careers" */ './features/careers/careers-page').then(
        (m) => m.CareersPage,
      ),
  },
  {
    path: '/contact',
    load: () =>
      import(/* webpackChunkName: "route~contact" */ './features/contact/contact-page').then(
        (m) => m.ContactPage,
      ),
  },
]);

import { useAuth } from 'shared-auth';
import { ButtonLink, usePageMeta } from 'shared-ui';
import { FEES, METRO_AREAS_TEXT, PARTNER_RETAILERS_TEXT } from '../../shared/company-facts';
import { CtaBand } from '../../shared/cta-band';
import { type Feature, FeatureGrid } from '../../shared/feature-card';
import { PageHero } from '../../shared/page-hero';
import { Section } from '../../shared/section';
import { StatsBand } from '../../shared/stats-band';

const FOR_CUSTOMERS: readonly Feature[] = [
  {
    icon: 'car',
    title: 'Curbside robot delivery',
    text: `Stay in your car: a robot brings your order to your parking spot and opens with your PIN. From ${FEES.curbside}.`,
  },
  {
    icon: 'truck',
    title: 'Same-day home delivery',
    text: `Drivers bring your order to your door, ASAP in 1–2 hours inside the 10-mile core zone. From ${FEES.home}.`,
  },
  {
    icon: 'clock',
    title: 'Scheduled windows',
    text: 'Farther out, choose a 2, 4 or 6-hour window; outside our coverage, next-day delivery.',
  },
  {
    icon: 'pin',
    title: 'Live tracking',
    text: 'Live GPS from Pickup Confirmed to Delivered, with photo or signature proof at your door.',
  },
];

const FOR_RETAILERS: readonly Feature[] = [
  {
    icon: 'code',
    title: 'Checkout & tracking API',
    text: 'RESTful endpoints, secure authentication, documentation and webhooks; about 5 minutes to integrate.',
  },
  {
    icon: 'box',
    title: 'Embeddable checkout widgets',
    text: 'Offer curbside and same-day delivery right in your own checkout.',
  },
  {
    icon: 'chart',
    title: 'Analytics',
    text: 'See delivery times, success rates and demand by store.',
  },
  {
    icon: 'robot',
    title: 'Robot leasing',
    text: 'Lease delivery robots for your own stores and curbside bays.',
  },
];

/** Platform Services: Get Started goes home when signed in, else to login. */
export function PlatformServicesPage() {
  usePageMeta(
    'Platform Services',
    'Curbside robot delivery, same-day home delivery and live tracking for customers; checkout API, widgets, analytics and robot leasing for retailers.',
  );
  const { isAuthenticated } = useAuth();
  const getStarted = isAuthenticated ? '/' : '/auth?mode=login';
  return (
    <>
      <PageHero
        eyebrow="Platform services"
        title="Platform Services"
        lead={`Everything we offer customers and the ${PARTNER_RETAILERS_TEXT} we work with, across ${METRO_AREAS_TEXT}.`}
        actions={
          <ButtonLink to={getStarted} variant="accent" size="lg">
            Get Started
          </ButtonLink>
        }
      />
      <Section id="for-customers" title="For customers">
        <FeatureGrid features={FOR_CUSTOMERS} />
      </Section>
      <StatsBand />
      <Section id="for-retailers" title="For retailers" tone="tint">
        <FeatureGrid features={FOR_RETAILERS} />
      </Section>
      <CtaBand
        id="services-cta"
        title="Start delivering today"
        lead="Customers start with an account; retailers start with our API."
      >
        <ButtonLink to={getStarted} size="lg">
          Get Started
        </ButtonLink>
        <ButtonLink to="/landing" variant="secondary" size="lg">
          Retailer API
        </ButtonLink>
        <ButtonLink to="/robot-leasing" variant="secondary" size="lg">
          Robot leasing
        </ButtonLink>
      </CtaBand>
    </>
  );
}

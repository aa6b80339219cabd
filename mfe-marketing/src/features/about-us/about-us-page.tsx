import { ButtonLink, usePageMeta } from 'shared-ui';
import { METRO_AREAS_TEXT, PARTNER_RETAILERS_TEXT } from '../../shared/company-facts';
import { CtaBand } from '../../shared/cta-band';
import { type Feature, FeatureGrid } from '../../shared/feature-card';
import { HOW_IT_WORKS_STEPS } from '../../shared/how-it-works-steps';
import { PageHero } from '../../shared/page-hero';
import { Section } from '../../shared/section';
import { StatsBand } from '../../shared/stats-band';
import { StepList } from '../../shared/step-list';

const PARTNERS: readonly Feature[] = [
  {
    icon: 'store',
    title: 'Retail partners',
    text: `${PARTNER_RETAILERS_TEXT}: department and fashion stores, sportswear brands, shoe and beauty retailers. Their in-store pickup orders become deliveries.`,
  },
  {
    icon: 'truck',
    title: 'Delivery partners',
    text: 'Our own drivers and partner fleets handle same-day home delivery, so an order moves even on the busiest days.',
  },
  {
    icon: 'robot',
    title: 'Robot fleet',
    text: 'Autonomous robots carry curbside orders from the store to your parking spot, and retailers can lease them for their own stores.',
  },
];

const VALUES: readonly Feature[] = [
  {
    icon: 'heart',
    title: 'Customers first',
    text: 'Delivery that fits your day: ASAP, in a window you choose, or at the curb without leaving your car.',
  },
  {
    icon: 'shield',
    title: 'Trust and security',
    text: 'PIN-secured compartments, live tracking and proof of delivery, because your order is yours alone.',
  },
  {
    icon: 'check',
    title: 'Reliability',
    text: 'A 97% delivery success rate, and a full delivery-fee refund when we are late.',
  },
  {
    icon: 'users',
    title: 'Fair to our people',
    text: 'Every tip goes 100% to the driver or robot handler who brought your order.',
  },
];

const FEATURES: readonly Feature[] = [
  {
    icon: 'pin',
    title: 'Live GPS tracking',
    text: 'Follow your order on the map from the store to you.',
  },
  {
    icon: 'lock',
    title: 'PIN-secured robots',
    text: 'Only your 4-digit PIN opens the robot compartment.',
  },
  {
    icon: 'camera',
    title: 'Proof of delivery',
    text: 'A photo or signature confirms every home delivery.',
  },
  {
    icon: 'clock',
    title: 'Flexible windows',
    text: 'ASAP in 1–2 hours, or a 2, 4 or 6-hour window.',
  },
  {
    icon: 'code',
    title: 'Retailer API',
    text: 'Checkout and tracking for retailers, integrated in about 5 minutes.',
  },
  {
    icon: 'box',
    title: 'Robot leasing',
    text: 'Retailers can lease delivery robots for their own locations.',
  },
];

export function AboutPage() {
  usePageMeta(
    'About Us',
    `CurbRun turns in-store pickup orders from ${PARTNER_RETAILERS_TEXT} into same-day curbside and home delivery by drivers and robots.`,
  );
  return (
    <>
      <PageHero
        eyebrow="About CurbRun"
        title="About Us"
        lead={`We turn in-store pickup orders into same-day curbside and home delivery, with drivers and autonomous robots, across ${METRO_AREAS_TEXT}.`}
      />
      {/* The sections below never change and answer no tap but their links (`unchanging`). */}
      <Section
        id="about-how"
        unchanging
        eyebrow="How it works"
        title="From the store to you in five steps"
        lead="Shop as you always do; we take it from the pickup counter."
      >
        <StepList steps={HOW_IT_WORKS_STEPS} />
      </Section>
      <Section id="about-partners" title="Our partners" tone="tint" unchanging>
        <FeatureGrid features={PARTNERS} />
      </Section>
      <Section id="about-values" title="Our values" unchanging>
        <FeatureGrid features={VALUES} min={220} />
      </Section>
      <StatsBand />
      <Section id="about-features" title="Everything in one service" unchanging>
        <FeatureGrid features={FEATURES} />
      </Section>
      <CtaBand
        id="about-cta"
        title="Ready when you are"
        lead="Schedule your first pickup, or find answers in our Help Center."
      >
        <ButtonLink to="/schedule-pickup" size="lg">
          Schedule a Pickup
        </ButtonLink>
        <ButtonLink to="/help-center" variant="secondary" size="lg">
          Visit the Help Center
        </ButtonLink>
      </CtaBand>
    </>
  );
}

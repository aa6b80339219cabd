import { FEES, PARTNER_RETAILERS_TEXT } from '../../shared/company-facts';
import { type Feature, FeatureGrid } from '../../shared/feature-card';
import { Section } from '../../shared/section';

export const WHY_CHOOSE: readonly Feature[] = [
  {
    icon: 'bolt',
    title: 'Fast Delivery',
    text: `ASAP delivery in 1–2 hours inside our 10-mile core zone, or a 2, 4 or 6-hour window farther out. Curbside from ${FEES.curbside}, home delivery from ${FEES.home}.`,
  },
  {
    icon: 'shield',
    title: 'Secure Handling',
    text: 'PIN-secured robot compartments, live GPS tracking and photo or signature proof of delivery on every order.',
  },
  {
    icon: 'store',
    title: 'Multiple Retailers',
    text: `Pickups from ${PARTNER_RETAILERS_TEXT}: department stores, fashion, sportswear, shoes and beauty, all in one place.`,
  },
];

/** 'Why Choose' with its three cards. */
export function WhyChoose() {
  return (
    <Section
      id="why-choose"
      title="Why Choose CurbRun"
      lead="Your in-store pickup order, brought to your car or your door the same day."
      tone="tint"
      unchanging
    >
      <FeatureGrid features={WHY_CHOOSE} />
    </Section>
  );
}

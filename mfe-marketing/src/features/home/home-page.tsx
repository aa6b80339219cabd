import { usePageMeta } from 'shared-ui';
import { PARTNER_RETAILERS_TEXT } from '../../shared/company-facts';
import { Section } from '../../shared/section';
import { Hero } from './hero';
import { RetailerStrip } from './retailer-strip';
import { WhyChoose } from './why-choose';

export function HomePage() {
  usePageMeta(
    'DELIVERY REDEFINED',
    `Same-day curbside and home delivery of your in-store pickup orders from ${PARTNER_RETAILERS_TEXT} in Dallas–Fort Worth, Houston and Austin.`,
  );
  return (
    <>
      <Hero />
      <Section
        id="retailer-partners"
        title="Visit our Retailer Partners"
        lead="Order from your favourite stores, choose in-store pickup, and we bring it to you. Select a logo to visit the retailer's site."
      >
        <RetailerStrip />
      </Section>
      <WhyChoose />
    </>
  );
}

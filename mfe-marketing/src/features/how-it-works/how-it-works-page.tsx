import { ButtonLink, usePageMeta } from 'shared-ui';
import { FEES } from '../../shared/company-facts';
import { CtaBand } from '../../shared/cta-band';
import { type Feature, FeatureGrid } from '../../shared/feature-card';
import { DELIVERY_CHECKPOINTS, HOW_IT_WORKS_STEPS } from '../../shared/how-it-works-steps';
import { PageHero } from '../../shared/page-hero';
import { Section } from '../../shared/section';
import { StepList } from '../../shared/step-list';

const WAYS: readonly Feature[] = [
  {
    icon: 'car',
    title: 'Curbside delivery',
    text: `Park at the store, tell us your spot number, and a robot brings your order to your car. From ${FEES.curbside}.`,
  },
  {
    icon: 'truck',
    title: 'Home delivery',
    text: `A driver brings your order to your door the same day, with photo or signature proof. From ${FEES.home}.`,
  },
];

export function HowItWorksPage() {
  usePageMeta(
    'How It Works',
    'From your in-store pickup order to your car or your door in five steps, tracked live all the way.',
  );
  return (
    <>
      <PageHero
        eyebrow="How it works"
        title="How It Works"
        lead="From your order to your car or your door in five steps, tracked live all the way."
      />
      <Section id="steps" title="Five steps to your order">
        <StepList steps={HOW_IT_WORKS_STEPS} />
      </Section>
      <Section
        id="checkpoints"
        title="Every delivery, step by step"
        lead="Tracking shows where your order is at each checkpoint."
        tone="tint"
      >
        <StepList steps={DELIVERY_CHECKPOINTS} />
      </Section>
      <Section id="ways" title="Two ways to receive your order">
        <FeatureGrid features={WAYS} min={280} />
      </Section>
      <CtaBand id="how-cta" title="Questions before you start?">
        <ButtonLink to="/help-center" size="lg">
          Visit the Help Center
        </ButtonLink>
        <ButtonLink to="/platform-services" variant="secondary" size="lg">
          See our services
        </ButtonLink>
      </CtaBand>
    </>
  );
}

import { ButtonLink, Container, media, usePageMeta, useServerHtml } from 'shared-ui';
import styled from 'styled-components';
import { CodeBlock } from '../../shared/code-block';
import { checkoutCurl, useApiBaseUrl } from '../../shared/sample-request';

/** The landing figures; "250+ partner retailers" is the one retailer count used everywhere. */
export const LANDING_STATS = [
  { value: '5 min', label: 'to integrate' },
  { value: '10%', label: 'faster deliveries' },
  { value: '97%', label: 'success rate' },
  { value: '250+', label: 'partner retailers' },
] as const;

export const API_FEATURES = [
  {
    title: 'RESTful endpoints',
    text: 'Predictable JSON resources: initialize a checkout, list and cancel deliveries, with clear error messages and idempotent retries.',
  },
  {
    title: 'Secure authentication',
    text: 'Secret test and live keys stored hashed, rolled or revoked in one click, and publishable keys locked to your domains.',
  },
  {
    title: 'Documentation',
    text: 'An OpenAPI 3.1 reference generated from the same schemas the server validates with, and a console to try every call.',
  },
  {
    title: 'Webhooks',
    text: 'Signed delivery events (created, status changed, delivered, failed, cancelled), retried for a day until you answer.',
  },
] as const;

const STEPS = [
  {
    title: 'Get your keys',
    text: 'Create your retailer account and copy your sk_test_ key. Test mode never charges anyone.',
  },
  {
    title: 'Initialize a checkout',
    text: 'POST the order to /api/checkout/initialize and send your customer to the checkout_url.',
  },
  {
    title: 'Track every delivery',
    text: 'Watch deliveries live on the dashboard and receive signed webhooks at each checkpoint.',
  },
] as const;

const Hero = styled.section`
  background: linear-gradient(135deg, ${({ theme }) => theme.colors.dark} 0%, #123a66 100%);
  color: #fff;
  padding: 56px 0 64px;
  ${media.md} {
    padding: 88px 0 96px;
  }
`;

const Eyebrow = styled.p`
  margin: 0 0 12px;
  text-transform: uppercase;
  letter-spacing: 0.08em;
  font-size: 0.875rem;
  font-weight: 700;
  color: ${({ theme }) => theme.colors.accent};
`;

const Headline = styled.h1`
  margin: 0 0 16px;
  font-size: 1.875rem;
  ${media.md} { font-size: 3rem; }
  line-height: 1.1;
  max-width: 16ch;
`;

const HeroText = styled.p`
  margin: 0 0 28px;
  font-size: 1.125rem;
  line-height: 1.6;
  max-width: 56ch;
  color: #d6e4f5;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
`;

const Stats = styled.dl`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 16px;
  margin: 40px 0 0;
  ${media.md} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
`;

const Stat = styled.div`
  background: rgba(255, 255, 255, 0.08);
  border-radius: ${({ theme }) => theme.radii.md};
  padding: 16px;
  dt {
    font-size: 0.875rem;
    color: #d6e4f5;
  }
  dd {
    margin: 0 0 4px;
    font-size: 1.875rem;
    font-weight: 700;
  }
  display: flex;
  flex-direction: column-reverse;
`;

const Section = styled.section`
  padding: 56px 0;
`;

const SectionTitle = styled.h2`
  margin: 0 0 8px;
  font-size: 1.875rem;
`;

const SectionLead = styled.p`
  margin: 0 0 28px;
  color: ${({ theme }) => theme.colors.muted};
  max-width: 64ch;
  line-height: 1.6;
`;

const FeatureGrid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 240px), 1fr));
`;

const Feature = styled.li`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  padding: 20px;
  h3 {
    margin: 0 0 8px;
    font-size: 1.125rem;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.muted};
    line-height: 1.55;
  }
`;

const Split = styled.div`
  display: grid;
  gap: 28px;
  ${media.lg} {
    grid-template-columns: minmax(0, 5fr) minmax(0, 7fr);
    align-items: start;
  }
`;

const Steps = styled.ol`
  margin: 0;
  padding: 0;
  list-style: none;
  counter-reset: step;
  display: grid;
  gap: 16px;
  li {
    counter-increment: step;
    display: grid;
    grid-template-columns: 40px 1fr;
    gap: 12px;
  }
  li::before {
    content: counter(step);
    display: grid;
    place-items: center;
    width: 36px;
    height: 36px;
    border-radius: 50%;
    background: ${({ theme }) => theme.colors.primarySoft};
    color: ${({ theme }) => theme.colors.primary};
    font-weight: 700;
  }
  h3 {
    margin: 4px 0;
    font-size: 1rem;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.muted};
    line-height: 1.5;
  }
`;

const Cta = styled.section`
  background: ${({ theme }) => theme.colors.primarySoft};
  padding: 48px 0;
  text-align: center;
  h2 {
    margin: 0 0 12px;
  }
  p {
    margin: 0 auto 24px;
    max-width: 56ch;
    color: ${({ theme }) => theme.colors.muted};
  }
  div {
    justify-content: center;
  }
`;

/** `/landing`: the API landing page for retailers (docs/product.md, "Retailers"). */
export function LandingPage() {
  const apiBase = useApiBaseUrl();
  usePageMeta(
    'Delivery for Your Checkout',
    'Add same-day curbside and home delivery to your checkout through one API: RESTful endpoints, secure keys, documentation and webhooks.',
  );
  // The figures, the features, the steps and the closing call to action never change and answer
  // no tap but their links: a server-rendered page keeps them as the server sent them,
  // unhydrated (shared-ui's `useServerHtml`), and their links go through the router. The hero's
  // heading stays React's: it is the page's, which says when the page has hydrated; so does the
  // code sample, whose copy button answers taps.
  return (
    <>
      <Hero aria-labelledby="landing-title">
        <HeroContent />
      </Hero>
      <Section
        aria-labelledby="features-title"
        {...useServerHtml('landing-features', <FeaturesContent />)}
      />

      <Section aria-labelledby="integrate-title" style={{ paddingTop: 0 }}>
        <Container>
          <Split>
            <div {...useServerHtml('landing-steps', <StepsContent />)} />
            <CodeBlock
              caption="POST /api/checkout/initialize"
              code={checkoutCurl({ base: apiBase })}
              accessibleCopyLabel="Copy the example checkout request"
            />
          </Split>
        </Container>
      </Section>

      <Cta aria-labelledby="cta-title" {...useServerHtml('landing-cta', <CtaContent />)} />
    </>
  );
}

function HeroContent() {
  return (
    <Container>
      <Eyebrow>CurbRun for retailers</Eyebrow>
      <Headline id="landing-title">Delivery for Your Checkout</Headline>
      <HeroText>
        Offer same-day curbside and home delivery in your own checkout. One API call hands the order
        to our network of drivers and robots; you follow every delivery live.
      </HeroText>
      <Actions>
        <ButtonLink to="/checkout-widget" variant="accent" size="lg">
          Get Started
        </ButtonLink>
        <ButtonLink to="/api-docs" variant="secondary" size="lg">
          View API Docs
        </ButtonLink>
        <ButtonLink
          to="/delivery-tracking-dashboard"
          variant="ghost"
          size="lg"
          style={{ color: '#fff' }}
        >
          View Live Demo
        </ButtonLink>
      </Actions>
      <Stats
        aria-label="CurbRun in numbers"
        {...useServerHtml('landing-stats', <StatsContent />)}
      />
    </Container>
  );
}

function StatsContent() {
  return LANDING_STATS.map((stat) => (
    <Stat key={stat.label}>
      <dt>{stat.label}</dt>
      <dd>{stat.value}</dd>
    </Stat>
  ));
}

function StepsContent() {
  return (
    <>
      <SectionTitle id="integrate-title">Integrate in 5 minutes</SectionTitle>
      <SectionLead>
        Three steps from sign-up to your first delivery. Your retailer id and keys are on the
        onboarding page.
      </SectionLead>
      <Steps>
        {STEPS.map((step) => (
          <li key={step.title}>
            <div>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </div>
          </li>
        ))}
      </Steps>
    </>
  );
}

function FeaturesContent() {
  return (
    <Container>
      <SectionTitle id="features-title">Everything your integration needs</SectionTitle>
      <SectionLead>
        The API is built the way the best delivery APIs are: test and live keys, idempotent
        requests, signed webhooks and a sandbox where deliveries move by themselves.
      </SectionLead>
      <FeatureGrid>
        {API_FEATURES.map((feature) => (
          <Feature key={feature.title}>
            <h3>{feature.title}</h3>
            <p>{feature.text}</p>
          </Feature>
        ))}
      </FeatureGrid>
    </Container>
  );
}

function CtaContent() {
  return (
    <Container>
      <h2 id="cta-title">No API work? Embed our checkout widget</h2>
      <p>
        Pick your colours and delivery types, copy one snippet into your product pages, and your
        customers choose delivery right there.
      </p>
      <Actions>
        <ButtonLink to="/checkout-widget" size="lg">
          Create Checkout Widget
        </ButtonLink>
        <ButtonLink to="/retailer-onboarding" variant="secondary" size="lg">
          Get your API keys
        </ButtonLink>
      </Actions>
    </Container>
  );
}

import { ButtonLink, usePageMeta } from 'shared-ui';
import styled from 'styled-components';
import { CtaBand } from '../../shared/cta-band';
import { type Feature, FeatureGrid } from '../../shared/feature-card';
import { PageHero } from '../../shared/page-hero';
import { Section } from '../../shared/section';

interface Role {
  id: string;
  title: string;
  team: string;
  location: string;
  type: string;
  summary: string;
}

/** Open roles; applying goes through the contact form with the Careers topic chosen. */
export const OPEN_ROLES: readonly Role[] = [
  {
    id: 'robotics-software-engineer',
    title: 'Robotics Software Engineer',
    team: 'Engineering',
    location: 'Austin, TX',
    type: 'Full-time',
    summary:
      'Teach our curbside robots to find the right parking spot safely among people and cars.',
  },
  {
    id: 'frontend-engineer',
    title: 'Frontend Engineer',
    team: 'Engineering',
    location: 'Remote (Texas)',
    type: 'Full-time',
    summary: 'Build the pages customers use to schedule, track and receive their orders.',
  },
  {
    id: 'fleet-operations-lead',
    title: 'Fleet Operations Lead',
    team: 'Operations',
    location: 'Houston, TX',
    type: 'Full-time',
    summary: 'Run our drivers and robots day to day so every order arrives on time.',
  },
  {
    id: 'customer-support-specialist',
    title: 'Customer Support Specialist',
    team: 'Support',
    location: 'Dallas, TX',
    type: 'Full-time, shifts',
    summary: 'Answer customers on our 24/7 live chat and our phone line.',
  },
  {
    id: 'retail-partnerships-manager',
    title: 'Retail Partnerships Manager',
    team: 'Partnerships',
    location: 'Dallas, TX',
    type: 'Full-time',
    summary: 'Bring new retailers into our network of 250+ partner retailers.',
  },
];

const BENEFITS: readonly Feature[] = [
  {
    icon: 'heart',
    title: 'Health coverage',
    text: 'Medical, dental and vision for you and your family.',
  },
  {
    icon: 'clock',
    title: 'Flexible time',
    text: 'Flexible hours and paid time off that you actually take.',
  },
  {
    icon: 'chart',
    title: 'Growth',
    text: 'A learning budget and a team that shares what it knows.',
  },
];

const Roles = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 14px;
`;

const RoleCard = styled.article`
  display: flex;
  flex-wrap: wrap;
  gap: 12px 24px;
  align-items: center;
  justify-content: space-between;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  padding: 20px 24px;
  h3 { font-size: 1.125rem; margin: 0 0 4px; }
  p { margin: 0; color: ${({ theme }) => theme.colors.muted}; }
  > div { flex: 1 1 320px; }
`;

const Meta = styled.p`
  && { color: ${({ theme }) => theme.colors.text}; font-size: 0.875rem; margin-bottom: 6px; }
`;

export function CareersPage() {
  usePageMeta(
    'Careers',
    'Open roles at CurbRun in robotics, engineering, operations, support and partnerships across Texas.',
  );
  return (
    <>
      <PageHero
        eyebrow="Careers"
        title="Careers"
        lead="Join the team building same-day delivery, from curbside robots to the apps that track them."
      />
      <Section
        id="open-roles"
        title="Open roles"
        lead={`${OPEN_ROLES.length} positions open right now.`}
      >
        <Roles>
          {OPEN_ROLES.map((role) => (
            <li key={role.id}>
              <RoleCard aria-labelledby={`${role.id}-title`}>
                <div>
                  <h3 id={`${role.id}-title`}>{role.title}</h3>
                  <Meta>
                    {role.team} · {role.location} · {role.type}
                  </Meta>
                  <p>{role.summary}</p>
                </div>
                <ButtonLink
                  to="/contact?topic=careers"
                  variant="secondary"
                  aria-label={`Apply for ${role.title}`}
                >
                  Apply
                </ButtonLink>
              </RoleCard>
            </li>
          ))}
        </Roles>
      </Section>
      <Section id="benefits" title="Why work with us" tone="tint">
        <FeatureGrid features={BENEFITS} />
      </Section>
      <CtaBand
        id="careers-cta"
        title="Don't see your role?"
        lead="Tell us what you would bring to CurbRun."
      >
        <ButtonLink to="/contact?topic=careers" size="lg">
          Contact us
        </ButtonLink>
        <ButtonLink to="/team" variant="secondary" size="lg">
          Meet the team
        </ButtonLink>
      </CtaBand>
    </>
  );
}

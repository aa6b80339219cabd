import { ButtonLink, usePageMeta } from 'shared-ui';
import styled from 'styled-components';
import { CtaBand } from '../../shared/cta-band';
import { PageHero } from '../../shared/page-hero';
import { Section } from '../../shared/section';
import { initialsOf, TEAM, type TeamMember } from './team';

const People = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 260px), 1fr));
`;

const Person = styled.article`
  height: 100%;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  padding: 24px;
  h3 { font-size: 1.125rem; margin: 14px 0 2px; }
  p { margin: 0; color: ${({ theme }) => theme.colors.muted}; }
`;

const Role = styled.p`
  && { color: ${({ theme }) => theme.colors.primary}; font-weight: 700; margin-bottom: 10px; }
`;

/* A CSS avatar: initials on a colour of the theme, no photo to load. */
const Avatar = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 64px;
  height: 64px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.primary};
  color: #ffffff;
  font-size: 1.5rem;
  font-weight: 700;
`;

function PersonCard({ member }: { member: TeamMember }) {
  return (
    <Person>
      <Avatar aria-hidden="true">{initialsOf(member.name)}</Avatar>
      <h3>{member.name}</h3>
      <Role>{member.role}</Role>
      <p>{member.bio}</p>
    </Person>
  );
}

export function TeamPage() {
  usePageMeta(
    'Our Team',
    'Meet the leadership, engineering, partnerships team and advisors behind CurbRun, and see our open roles.',
  );
  return (
    <>
      <PageHero
        eyebrow="Our team"
        title="Our Team"
        lead="The people behind every curbside robot, every driver and every on-time delivery."
        actions={
          <>
            <ButtonLink to="/careers" variant="accent">
              See open roles
            </ButtonLink>
            <ButtonLink to="/contact" variant="secondary">
              Contact us
            </ButtonLink>
          </>
        }
      />
      {TEAM.map((group, position) => (
        <Section
          key={group.id}
          id={group.id}
          title={group.title}
          lead={group.lead}
          tone={position % 2 === 1 ? 'tint' : 'plain'}
        >
          <People>
            {group.members.map((member) => (
              <li key={member.name}>
                <PersonCard member={member} />
              </li>
            ))}
          </People>
        </Section>
      ))}
      <CtaBand
        id="team-cta"
        title="Want to join us?"
        lead="We are hiring across robotics, engineering, operations and support."
      >
        <ButtonLink to="/careers" size="lg">
          View open roles
        </ButtonLink>
        <ButtonLink to="/contact" variant="secondary" size="lg">
          Get in touch
        </ButtonLink>
      </CtaBand>
    </>
  );
}

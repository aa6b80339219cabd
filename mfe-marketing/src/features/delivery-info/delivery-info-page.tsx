import { SUPPORT_EMAIL, SUPPORT_HOURS, SUPPORT_PHONE } from 'shared-contracts/support-info';
import { usePageMeta, VisuallyHidden } from 'shared-ui';
import { Link } from 'shared-ui/router';
import styled from 'styled-components';
import { Icon, type IconName } from '../../shared/icon';
import { PageHero } from '../../shared/page-hero';
import { Section } from '../../shared/section';
import { StepList } from '../../shared/step-list';

interface PartnerContact {
  icon: IconName;
  name: string;
  handles: string;
  reach: { label: string; href: string; external?: boolean };
}

/** Who carries an order, and how to reach them about it. */
const PARTNERS: readonly PartnerContact[] = [
  {
    icon: 'robot',
    name: 'CurbRun Robot Fleet',
    handles: 'Curbside deliveries from the store to your parking spot.',
    reach: { label: 'Live chat with robot support', href: '#chat' },
  },
  {
    icon: 'truck',
    name: 'CurbRun Drivers',
    handles: 'Same-day home deliveries within our coverage areas.',
    reach: { label: `Call ${SUPPORT_PHONE.display}`, href: SUPPORT_PHONE.href },
  },
  {
    icon: 'car',
    name: 'DoorDash Drive',
    handles: 'Some home deliveries on busy days, tracked in CurbRun like any other.',
    reach: { label: 'DoorDash help center', href: 'https://help.doordash.com/', external: true },
  },
  {
    icon: 'store',
    name: 'Partner stores',
    handles: 'Preparing your order for pickup; questions about items, sizes and returns.',
    reach: { label: `Email ${SUPPORT_EMAIL}`, href: `mailto:${SUPPORT_EMAIL}` },
  },
];

const LOST_OR_STOLEN = [
  {
    title: 'Check tracking and proof of delivery',
    text: 'Open the order in Pickup History: the timeline shows where it was delivered, with the photo or signature, or the PIN used at the robot.',
  },
  {
    title: 'Look around and ask nearby',
    text: 'Check porches, side doors, mailrooms and reception desks, and ask neighbours or building staff whether they took it in.',
  },
  {
    title: 'Report it to us',
    text: 'Contact support by live chat or email with your order number. We review the delivery record with the driver or robot and refund or replace what was lost.',
  },
] as const;

const Cards = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 250px), 1fr));
`;

const Card = styled.article`
  height: 100%;
  display: flex;
  flex-direction: column;
  gap: 8px;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  padding: 24px;
  svg { color: ${({ theme }) => theme.colors.primary}; }
  h3 { font-size: 1.125rem; margin: 6px 0 0; }
  p { margin: 0; color: ${({ theme }) => theme.colors.muted}; flex: 1; }
  a { font-weight: 700; min-height: 44px; display: inline-flex; align-items: center; gap: 6px; }
`;

function ContactLink({ reach }: { reach: PartnerContact['reach'] }) {
  if (reach.href.startsWith('#')) return <Link to={{ hash: reach.href }}>{reach.label}</Link>;
  if (reach.external) {
    return (
      <a href={reach.href} target="_blank" rel="noopener noreferrer">
        {reach.label} <Icon name="external" size={16} />
        <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
      </a>
    );
  }
  return <a href={reach.href}>{reach.label}</a>;
}

export function DeliveryInfoPage() {
  usePageMeta(
    'Deliveries & Partners',
    'Who delivers your CurbRun order, what to do if a package is lost or stolen, and how to reach support 24/7.',
  );
  return (
    <>
      <PageHero
        eyebrow="Deliveries"
        title="Deliveries & Partners"
        lead="Who brings your order, what to do if something goes wrong, and how to reach us."
      />
      <Section id="partner-contacts" title="Our delivery partners">
        <Cards>
          {PARTNERS.map((partner) => (
            <li key={partner.name}>
              <Card>
                <Icon name={partner.icon} size={28} />
                <h3>{partner.name}</h3>
                <p>{partner.handles}</p>
                <ContactLink reach={partner.reach} />
              </Card>
            </li>
          ))}
        </Cards>
      </Section>
      <Section
        id="lost-or-stolen"
        title="Lost or stolen package?"
        lead="Three steps to find it, or to get it made right."
        tone="tint"
      >
        <StepList steps={LOST_OR_STOLEN} />
      </Section>
      <Section
        id="support-contacts"
        title="Contact support"
        lead={`Live chat ${SUPPORT_HOURS.chat}; phone ${SUPPORT_HOURS.phone}.`}
      >
        <Cards>
          <li>
            <Card>
              <Icon name="chat" size={28} />
              <h3>Live chat</h3>
              <p>Open {SUPPORT_HOURS.chat}. The fastest way to reach us.</p>
              <Link to="/#chat">Start Live Chat</Link>
            </Card>
          </li>
          <li>
            <Card>
              <Icon name="mail" size={28} />
              <h3>Email</h3>
              <p>Include your order number so we can help right away.</p>
              <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
            </Card>
          </li>
          <li>
            <Card>
              <Icon name="phone" size={28} />
              <h3>Phone</h3>
              <p>Open {SUPPORT_HOURS.phone}.</p>
              <a href={SUPPORT_PHONE.href}>{SUPPORT_PHONE.display}</a>
            </Card>
          </li>
          <li>
            <Card>
              <Icon name="help" size={28} />
              <h3>Help Center</h3>
              <p>Answers to common questions about orders, tracking and robots.</p>
              <Link to="/help-center">Visit the Help Center</Link>
            </Card>
          </li>
        </Cards>
      </Section>
    </>
  );
}

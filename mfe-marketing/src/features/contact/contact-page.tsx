import { SUPPORT_EMAIL, SUPPORT_HOURS, SUPPORT_PHONE } from 'shared-contracts/support-info';
import { ButtonLink, Card, Container, media, usePageMeta } from 'shared-ui';
import { useSearchParams } from 'shared-ui/router';
import styled from 'styled-components';
import { Icon } from '../../shared/icon';
import { PageHero } from '../../shared/page-hero';
import { ContactForm, isSupportTopic } from './contact-form';

const Layout = styled(Container)`
  display: grid;
  gap: 24px;
  padding-top: 40px;
  padding-bottom: 64px;
  grid-template-columns: minmax(0, 1fr);
  ${media.lg} { grid-template-columns: minmax(0, 2fr) minmax(0, 1fr); }
`;

const Aside = styled.aside`
  display: grid;
  gap: 16px;
  align-content: start;
  h2 { font-size: 1.125rem; display: flex; gap: 10px; align-items: center; margin-bottom: 6px; }
  svg { color: ${({ theme }) => theme.colors.primary}; }
  p { margin: 0 0 10px; color: ${({ theme }) => theme.colors.muted}; }
`;

/** Contact Us (linked from the team page): the form posts to the support API. */
export function ContactPage() {
  usePageMeta(
    'Contact Us',
    'Write to CurbRun about an order, a delivery, a retailer partnership, careers or press; live chat is open 24/7.',
  );
  const [params] = useSearchParams();
  const topic = params.get('topic');
  return (
    <>
      <PageHero
        eyebrow="We are listening"
        title="Contact Us"
        lead="Questions about an order, partnerships, careers or press: send us a message and our team replies by email."
      />
      <Layout>
        <Card aria-labelledby="contact-form-title">
          <h2 id="contact-form-title">Send us a message</h2>
          <ContactForm initialTopic={isSupportTopic(topic) ? topic : undefined} />
        </Card>
        <Aside aria-label="Other ways to reach us">
          <Card>
            <h2>
              <Icon name="chat" /> Live chat
            </h2>
            <p>Open {SUPPORT_HOURS.chat}; the quickest way to get help with an order.</p>
            <ButtonLink to="/contact#chat" variant="secondary">
              Start Live Chat
            </ButtonLink>
          </Card>
          <Card>
            <h2>
              <Icon name="phone" /> Phone
            </h2>
            <p>
              <a href={SUPPORT_PHONE.href}>{SUPPORT_PHONE.display}</a>, {SUPPORT_HOURS.phone}.
            </p>
          </Card>
          <Card>
            <h2>
              <Icon name="mail" /> Email
            </h2>
            <p>
              <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
            </p>
          </Card>
        </Aside>
      </Layout>
    </>
  );
}

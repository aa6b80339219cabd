import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { SUPPORT_EMAIL, SUPPORT_HOURS, SUPPORT_PHONE } from 'shared-contracts/support-info';
import { ButtonLink, Container, Input, media, Notice, usePageMeta } from 'shared-ui';
import { useSearchParams } from 'shared-ui/router';
import styled from 'styled-components';
import { Icon, type IconName } from '../../shared/icon';
import { PageHero } from '../../shared/page-hero';
import { Band, Section, SectionTitle } from '../../shared/section';
import { ActionAnchor } from './action-anchor';
import { FAQ, FAQ_CATEGORIES, type FaqCategory, type FaqItem, filterFaq } from './faq';

const loadTopicDialog = () => import('./topic-dialog');
const TopicDialog = lazy(() =>
  loadTopicDialog().then((module) => ({ default: module.TopicDialog })),
);

const TOPICS: Record<FaqCategory, { icon: IconName; description: string }> = {
  'Getting Started': {
    icon: 'star',
    description: 'Accounts, coverage, prices and your first pickup.',
  },
  'Orders & Tracking': {
    icon: 'pin',
    description: 'Delivery times, live tracking, cancelling and tips.',
  },
  'Deliveries & Robots': {
    icon: 'robot',
    description: 'Curbside robots, PINs, missed deliveries and refunds.',
  },
};

const SearchBox = styled.div`
  margin-top: 28px;
  max-width: 560px;
  label { display: block; font-weight: 700; margin-bottom: 8px; }
  input { font-size: 1rem; }
`;

const Tiles = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 240px), 1fr));
`;

const Tile = styled.button`
  width: 100%;
  height: 100%;
  text-align: left;
  padding: 24px;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.card};
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
  display: flex;
  flex-direction: column;
  gap: 8px;
  svg { color: ${({ theme }) => theme.colors.primary}; }
  strong { font-size: 1.125rem; }
  span { color: ${({ theme }) => theme.colors.muted}; }
  &:hover { border-color: ${({ theme }) => theme.colors.primary}; }
`;

const Group = styled.div`
  & + & { margin-top: 32px; }
  h3 { font-size: 1.25rem; margin-bottom: 12px; }
`;

const Questions = styled.div`
  display: grid;
  gap: 10px;
`;

const Question = styled.details`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  summary {
    cursor: pointer;
    padding: 14px 16px;
    font-weight: 700;
    min-height: 44px;
  }
  p { margin: 0; padding: 0 16px 16px; color: ${({ theme }) => theme.colors.muted}; }
  &[open] summary { color: ${({ theme }) => theme.colors.primary}; }
`;

const ResultCount = styled.p`
  margin: 0 0 16px;
  color: ${({ theme }) => theme.colors.muted};
`;

const Contacts = styled.div`
  display: grid;
  gap: 16px;
  grid-template-columns: 1fr;
  ${media.md} { grid-template-columns: repeat(2, 1fr); }
`;

const ContactCard = styled.div`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  padding: 24px;
  h3 { display: flex; align-items: center; gap: 10px; font-size: 1.125rem; }
  svg { color: ${({ theme }) => theme.colors.primary}; }
  p { color: ${({ theme }) => theme.colors.muted}; }
`;

function FaqList({ items }: { items: readonly FaqItem[] }) {
  return (
    <Questions>
      {items.map((item) => (
        <Question key={item.question}>
          <summary>{item.question}</summary>
          <p>{item.answer}</p>
        </Question>
      ))}
    </Questions>
  );
}

/**
 * Help Center. The search filters the FAQ as you type (and is kept in `?q=` so a search can be
 * shared). The topic tiles open dialogs.
 */
export function HelpCenterPage() {
  usePageMeta(
    'Help Center',
    'Answers about prices, coverage, tracking, curbside robots and refunds, and ways to reach CurbRun support 24/7.',
  );
  const searchId = useId();
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const [topic, setTopic] = useState<FaqCategory | null>(null);
  // The shared Dialog returns focus only to a Radix trigger; these tiles are plain buttons, so the
  // page gives focus back to the tile that opened the dialog itself.
  const opener = useRef<HTMLButtonElement | null>(null);

  function closeTopic() {
    setTopic(null);
    window.setTimeout(() => opener.current?.focus(), 0);
  }
  const results = filterFaq(FAQ, query);
  const searching = query.trim() !== '';

  function onSearch(value: string) {
    const next = new URLSearchParams(params);
    if (value) next.set('q', value);
    else next.delete('q');
    setParams(next, { replace: true, preventScrollReset: true });
  }

  // The box arrives with the server's HTML, so a visitor can type before the page's
  // code has hydrated it; React does not see that typing. Adopt it once hydrated.
  const searchBox = useRef<HTMLInputElement>(null);
  const adoptEarlyTyping = useRef(onSearch);
  useEffect(() => {
    const typed = searchBox.current?.value ?? '';
    if (typed !== query) adoptEarlyTyping.current(typed);
    // Once, on hydration: later typing goes through onChange.
  }, []);

  return (
    <>
      <PageHero
        eyebrow="Support"
        title="Help Center"
        lead="Answers to common questions about CurbRun deliveries, and ways to reach our team around the clock."
      >
        <SearchBox role="search">
          <label htmlFor={searchId}>Search the help center</label>
          <Input
            ref={searchBox}
            id={searchId}
            type="search"
            value={query}
            placeholder="Try “cancel”, “PIN” or “refund”"
            onChange={(event) => onSearch(event.target.value)}
            aria-controls="faq-results"
            autoComplete="off"
          />
        </SearchBox>
      </PageHero>

      <Section id="help-topics" title="Browse by topic">
        {/* The dialog's code comes when a visitor reaches for a topic, not with the page. */}
        <Tiles onPointerOver={loadTopicDialog} onFocus={loadTopicDialog}>
          {FAQ_CATEGORIES.map((category) => (
            <li key={category}>
              <Tile
                type="button"
                aria-haspopup="dialog"
                onClick={(event) => {
                  opener.current = event.currentTarget;
                  setTopic(category);
                }}
              >
                <Icon name={TOPICS[category].icon} size={28} />
                <strong>{category}</strong>
                <span>{TOPICS[category].description}</span>
              </Tile>
            </li>
          ))}
        </Tiles>
        {topic !== null && (
          <Suspense fallback={null}>
            <TopicDialog
              topic={topic}
              description={TOPICS[topic].description}
              onOpenChange={(open) => !open && closeTopic()}
            />
          </Suspense>
        )}
      </Section>

      <Band $tone="tint" aria-labelledby="faq-title">
        <Container id="faq-results">
          <SectionTitle id="faq-title">Frequently Asked Questions</SectionTitle>
          <ResultCount role="status" aria-live="polite">
            {searching
              ? `${results.length} of ${FAQ.length} questions match “${query.trim()}”.`
              : `${FAQ.length} questions in ${FAQ_CATEGORIES.length} topics.`}
          </ResultCount>
          {results.length === 0 ? (
            <Notice title="No questions match your search">
              Try other words, or ask us directly: live chat is open {SUPPORT_HOURS.chat}.
            </Notice>
          ) : (
            FAQ_CATEGORIES.map((category) => {
              const inCategory = results.filter((item) => item.category === category);
              if (inCategory.length === 0) return null;
              return (
                <Group key={category}>
                  <h3>{category}</h3>
                  <FaqList items={inCategory} />
                </Group>
              );
            })
          )}
        </Container>
      </Band>

      <Section
        id="contact-support"
        title="Still need help?"
        lead={`Live chat is open ${SUPPORT_HOURS.chat}; our phone line is open ${SUPPORT_HOURS.phone}.`}
      >
        <Contacts>
          <ContactCard>
            <h3>
              <Icon name="chat" /> Live chat
            </h3>
            <p>Talk to our support team right now, any time of day.</p>
            <ButtonLink to="/#chat">Start Live Chat</ButtonLink>
          </ContactCard>
          <ContactCard>
            <h3>
              <Icon name="mail" /> Email
            </h3>
            <p>
              Write to {SUPPORT_EMAIL} with your order number, or call{' '}
              <a href={SUPPORT_PHONE.href}>{SUPPORT_PHONE.display}</a> ({SUPPORT_HOURS.phone}).
            </p>
            <ActionAnchor href={`mailto:${SUPPORT_EMAIL}`}>Email Support</ActionAnchor>
          </ContactCard>
        </Contacts>
      </Section>
    </>
  );
}

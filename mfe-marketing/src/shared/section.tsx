import type { ComponentProps, ReactNode } from 'react';
import { Container, media, useServerHtml } from 'shared-ui';
import styled from 'styled-components';

/** A full-width band of a marketing page; `tone` alternates backgrounds between sections. */
export const Band = styled.section<{ $tone?: 'plain' | 'tint' | 'dark' }>`
  padding: 48px 0;
  ${media.md} { padding: 72px 0; }
  background: ${({ $tone = 'plain', theme }) =>
    $tone === 'tint'
      ? theme.colors.primarySoft
      : $tone === 'dark'
        ? theme.colors.dark
        : 'transparent'};
  color: ${({ $tone, theme }) => ($tone === 'dark' ? '#ffffff' : theme.colors.text)};
`;

const Header = styled.div<{ $center?: boolean }>`
  max-width: 760px;
  margin: 0 auto 32px;
  text-align: ${({ $center = true }) => ($center ? 'center' : 'left')};
  ${({ $center = true }) => ($center ? '' : 'margin-left: 0;')}
`;

export const Eyebrow = styled.p`
  margin: 0 0 8px;
  font-size: 0.875rem;
  font-weight: 700;
  letter-spacing: 0.08em;
  text-transform: uppercase;
  color: ${({ theme }) => theme.colors.primary};
`;

export const SectionTitle = styled.h2`
  font-size: 1.5rem;
  ${media.md} { font-size: 1.875rem; }
  margin-bottom: 12px;
`;

export const SectionLead = styled.p`
  font-size: 1rem;
  color: ${({ theme }) => theme.colors.muted};
  margin: 0;
`;

export interface SectionProps {
  id?: string;
  eyebrow?: ReactNode;
  title: ReactNode;
  lead?: ReactNode;
  tone?: 'plain' | 'tint';
  center?: boolean;
  /**
   * The section has nothing that changes or answers a tap but links: a server-rendered page keeps
   * it as the server sent it, unhydrated, under its `id` (shared-ui's `useServerHtml`).
   */
  unchanging?: boolean;
  children?: ReactNode;
}

/** A page section with an h2 (each page keeps its one h1) and an optional lead paragraph. */
export function Section({
  id,
  eyebrow,
  title,
  lead,
  tone,
  center,
  unchanging,
  children,
}: SectionProps) {
  const titleId = id ? `${id}-title` : undefined;
  const content = (
    <Container>
      <Header $center={center}>
        {eyebrow ? <Eyebrow>{eyebrow}</Eyebrow> : null}
        <SectionTitle id={titleId}>{title}</SectionTitle>
        {lead ? <SectionLead>{lead}</SectionLead> : null}
      </Header>
      {children}
    </Container>
  );
  const Outer = unchanging && id ? KeptBand : Band;
  return (
    <Outer id={id} $tone={tone} aria-labelledby={titleId}>
      {content}
    </Outer>
  );
}

/** A section left unhydrated on a server-rendered page, kept under its `id`. */
function KeptBand({ id = '', children, ...band }: ComponentProps<typeof Band>) {
  return <Band id={id} {...band} {...useServerHtml(id, children)} />;
}

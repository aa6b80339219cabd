import type { ReactNode } from 'react';
import { Container, media } from 'shared-ui';
import styled from 'styled-components';
import { Eyebrow } from './section';

const Band = styled.div`
  background: linear-gradient(135deg, ${({ theme }) => theme.colors.dark} 0%, #123a66 100%);
  color: #ffffff;
  padding: 48px 0 56px;
  ${media.md} { padding: 72px 0 80px; }
`;

const Title = styled.h1`
  font-size: 1.875rem;
  ${media.md} { font-size: 3rem; }
  max-width: 20ch;
  margin-bottom: 16px;
`;

const Lead = styled.p`
  font-size: 1.125rem;
  max-width: 62ch;
  color: #e4e7ec;
  margin: 0;
`;

const LightEyebrow = styled(Eyebrow)`
  color: ${({ theme }) => theme.colors.accent};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  margin-top: 28px;
`;

export interface PageHeroProps {
  eyebrow?: ReactNode;
  title: ReactNode;
  lead: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
}

/** The top of an information page: its one h1, a lead paragraph and optional actions. */
export function PageHero({ eyebrow, title, lead, actions, children }: PageHeroProps) {
  return (
    <Band>
      <Container>
        {eyebrow ? <LightEyebrow>{eyebrow}</LightEyebrow> : null}
        <Title>{title}</Title>
        <Lead>{lead}</Lead>
        {actions ? <Actions>{actions}</Actions> : null}
        {children}
      </Container>
    </Band>
  );
}

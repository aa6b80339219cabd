import type { ReactNode } from 'react';
import styled from 'styled-components';
import { VerifyEmailNotice } from '../features/auth/verify-email-notice';
import { Footer } from './footer';
import { Header } from './header';

const Shell = styled.div`
  min-height: 100vh;
  display: flex;
  flex-direction: column;
`;

const Main = styled.main`
  flex: 1;
  /* At least a screen high, so the footer starts below the fold while a remote is still loading
     and does not jump down when the page arrives (layout shift). */
  min-height: 100vh;
  /* The header is fixed; content starts below it. */
  padding-top: ${({ theme }) => theme.headerHeight}px;
  &:focus { outline: none; }
`;

const SkipLink = styled.a`
  position: absolute;
  left: 8px;
  top: -60px;
  z-index: 1001;
  padding: 10px 14px;
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.sm};
  &:focus { top: 8px; }
`;

export function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <Shell>
      <SkipLink href="#main">Skip to main content</SkipLink>
      <Header />
      <Main id="main" tabIndex={-1}>
        <VerifyEmailNotice />
        {children}
      </Main>
      <Footer />
    </Shell>
  );
}

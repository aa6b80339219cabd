import styled from 'styled-components';
import { media } from '../theme/theme';

export const Container = styled.div`
  width: 100%;
  max-width: ${({ theme }) => theme.maxContentWidth}px;
  margin: 0 auto;
  padding: 0 16px;
  ${media.md} { padding: 0 24px; }
`;

/** A page's main column: spacing below the fixed header is handled by the shell's layout. */
export const Page = styled(Container)`
  padding-top: 32px;
  padding-bottom: 56px;
`;

export const Stack = styled.div<{ $gap?: number; $align?: string }>`
  display: flex;
  flex-direction: column;
  gap: ${({ $gap = 16 }) => $gap}px;
  ${({ $align }) => ($align ? `align-items: ${$align};` : '')}
`;

export const Row = styled.div<{ $gap?: number; $wrap?: boolean; $justify?: string }>`
  display: flex;
  align-items: center;
  gap: ${({ $gap = 12 }) => $gap}px;
  flex-wrap: ${({ $wrap = true }) => ($wrap ? 'wrap' : 'nowrap')};
  ${({ $justify }) => ($justify ? `justify-content: ${$justify};` : '')}
`;

export const Grid = styled.div<{ $min?: number; $gap?: number }>`
  display: grid;
  gap: ${({ $gap = 16 }) => $gap}px;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, ${({ $min = 240 }) => $min}px), 1fr));
`;

/** Two equal columns from wide screens on (one column below): a form beside its list. */
export const TwoColumns = styled.div<{ $gap?: number }>`
  display: grid;
  gap: ${({ $gap = 24 }) => $gap}px;
  align-items: start;
  ${media.lg} {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  }
`;

export const Card = styled.section`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.card};
  padding: 20px;
  ${media.md} { padding: 24px; }
`;

export const PageTitle = styled.h1`
  font-size: 1.5rem;
  ${media.md} { font-size: 2.25rem; }
  margin-bottom: 8px;
`;

export const Lead = styled.p`
  font-size: 1rem;
  color: ${({ theme }) => theme.colors.muted};
  max-width: 70ch;
`;

export const Muted = styled.span`
  color: ${({ theme }) => theme.colors.muted};
`;

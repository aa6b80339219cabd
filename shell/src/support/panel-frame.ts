import { media } from 'shared-ui';
import styled from 'styled-components';

/**
 * The floating box of the chat, shared by the panel and its loading placeholder so opening it
 * does not jump. Above the launcher; nearly full width on a phone.
 */
export const PanelFrame = styled.div`
  position: fixed;
  z-index: 850;
  right: 12px;
  left: 12px;
  bottom: 88px;
  height: min(560px, calc(100vh - ${({ theme }) => theme.headerHeight}px - 104px));
  min-height: 280px;
  display: flex;
  flex-direction: column;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.raised};
  overflow: hidden;
  /* display: flex above would otherwise beat the hidden attribute of a closed panel. */
  &[hidden] { display: none; }
  ${media.sm} {
    left: auto;
    width: 380px;
    right: 16px;
  }
`;

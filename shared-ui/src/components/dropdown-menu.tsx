import * as Menu from '@radix-ui/react-dropdown-menu';
import styled from 'styled-components';

/**
 * Menu button (avatar menu and the like). Radix gives the menu-button pattern: arrow keys, Home/End,
 * type-ahead, Esc closes and returns focus.
 */
export const DropdownMenu = Menu.Root;
export const DropdownMenuTrigger = Menu.Trigger;
export const DropdownMenuPortal = Menu.Portal;

export const DropdownMenuContent = styled(Menu.Content)`
  min-width: 240px;
  max-width: calc(100vw - 16px);
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadows.raised};
  padding: 6px;
  z-index: 950;
`;

export const DropdownMenuItem = styled(Menu.Item)`
  display: flex;
  align-items: center;
  gap: 8px;
  min-height: 40px;
  padding: 8px 10px;
  border-radius: ${({ theme }) => theme.radii.sm};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  cursor: pointer;
  outline: none;
  &[data-highlighted] {
    background: ${({ theme }) => theme.colors.primarySoft};
  }
`;

export const DropdownMenuLabel = styled(Menu.Label)`
  padding: 8px 10px;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.muted};
  overflow-wrap: anywhere;
`;

export const DropdownMenuSeparator = styled(Menu.Separator)`
  height: 1px;
  margin: 6px 0;
  background: ${({ theme }) => theme.colors.border};
`;

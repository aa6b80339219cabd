import * as TabsPrimitive from '@radix-ui/react-tabs';
import styled from 'styled-components';

/** Accessible tabs (arrow keys move between tabs, Radix manages roles and focus). */
export const Tabs = TabsPrimitive.Root;

export const TabsList = styled(TabsPrimitive.List)`
  display: flex;
  gap: 4px;
  padding: 4px;
  background: #eef1f5;
  border-radius: ${({ theme }) => theme.radii.md};
  margin-bottom: 20px;
`;

export const TabsTrigger = styled(TabsPrimitive.Trigger)`
  flex: 1;
  min-height: 40px;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: transparent;
  font-weight: 700;
  color: ${({ theme }) => theme.colors.muted};
  cursor: pointer;
  &[data-state='active'] {
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    box-shadow: ${({ theme }) => theme.shadows.card};
  }
`;

export const TabsContent = TabsPrimitive.Content;

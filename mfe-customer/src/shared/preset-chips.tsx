import styled from 'styled-components';

/**
 * A row of amount presets (tips, wallet top-ups): toggle buttons that show which one is chosen.
 * The row takes `role="group"` and an `aria-label`; each chip `aria-pressed`.
 */
export const PresetChips = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

export const PresetChip = styled.button<{ $active: boolean }>`
  min-height: 44px;
  min-width: 72px;
  padding: 8px 14px;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 2px solid ${({ $active, theme }) => ($active ? theme.colors.primary : theme.colors.border)};
  background: ${({ $active, theme }) => ($active ? theme.colors.primarySoft : theme.colors.surface)};
  color: ${({ theme }) => theme.colors.text};
  font-weight: 700;
  cursor: pointer;
`;

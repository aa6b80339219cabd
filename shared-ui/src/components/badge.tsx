import type { ComponentPropsWithoutRef } from 'react';
import styled, { type DefaultTheme } from 'styled-components';

/** What a badge says about its subject: done or good, needs attention, failed, in progress, neutral. */
export type BadgeTone = 'success' | 'warning' | 'danger' | 'info' | 'muted';

const COLORS: Record<BadgeTone, (theme: DefaultTheme) => [background: string, color: string]> = {
  success: (theme) => [theme.colors.successSoft, theme.colors.success],
  warning: (theme) => [theme.colors.warningSoft, theme.colors.warning],
  danger: (theme) => [theme.colors.dangerSoft, theme.colors.danger],
  info: (theme) => [theme.colors.primarySoft, theme.colors.primary],
  muted: (theme) => [theme.colors.background, theme.colors.muted],
};

const Pill = styled.span<{ $tone: BadgeTone }>`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  padding: 2px 10px;
  border-radius: ${({ theme }) => theme.radii.pill};
  font-size: 0.875rem;
  font-weight: 700;
  white-space: nowrap;
  background: ${({ $tone, theme }) => COLORS[$tone](theme)[0]};
  color: ${({ $tone, theme }) => COLORS[$tone](theme)[1]};
`;

export type BadgeProps = ComponentPropsWithoutRef<'span'> & { tone?: BadgeTone };

/**
 * A short status label in a pill ("Default", "Delivered", "Live"). The tone colours it; the text
 * alone must still say it (colour is never the only cue). Every tone meets WCAG AA contrast.
 */
export function Badge({ tone = 'muted', ...rest }: BadgeProps) {
  return <Pill $tone={tone} {...rest} />;
}

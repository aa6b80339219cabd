import type { ReactNode } from 'react';
import styled, { css } from 'styled-components';

export type NoticeTone = 'info' | 'success' | 'warning' | 'danger';

const tones: Record<NoticeTone, ReturnType<typeof css>> = {
  info: css`background: ${({ theme }) => theme.colors.primarySoft}; border-color: ${({ theme }) => theme.colors.primary};`,
  success: css`background: ${({ theme }) => theme.colors.successSoft}; border-color: ${({ theme }) => theme.colors.success};`,
  warning: css`background: ${({ theme }) => theme.colors.warningSoft}; border-color: ${({ theme }) => theme.colors.warning};`,
  danger: css`background: ${({ theme }) => theme.colors.dangerSoft}; border-color: ${({ theme }) => theme.colors.danger};`,
};

const Box = styled.div<{ $tone: NoticeTone }>`
  border: 1px solid;
  border-left-width: 5px;
  border-radius: ${({ theme }) => theme.radii.md};
  padding: 14px 16px;
  color: ${({ theme }) => theme.colors.text};
  ${({ $tone }) => tones[$tone]}
`;

const Title = styled.p`
  font-weight: 700;
  margin: 0 0 4px;
`;

export interface NoticeProps {
  tone?: NoticeTone;
  title?: ReactNode;
  children?: ReactNode;
  /** `alert` for errors that appear after an action, `status` for polite updates. */
  role?: 'alert' | 'status';
  className?: string;
}

/** An inline message box (errors, empty states, hints). */
export function Notice({ tone = 'info', title, children, role, className }: NoticeProps) {
  return (
    <Box $tone={tone} role={role} className={className}>
      {title ? <Title>{title}</Title> : null}
      {children}
    </Box>
  );
}

import type { ReactNode } from 'react';
import { CopyButton } from 'shared-ui';
import styled from 'styled-components';

const Frame = styled.figure`
  margin: 0;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.dark};
  color: #e6edf3;
  overflow: hidden;
  min-width: 0;
`;

const Bar = styled.figcaption`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  padding: 8px 12px;
  background: rgba(255, 255, 255, 0.06);
  font-size: 0.875rem;
  color: #c9d1d9;
`;

const Pre = styled.pre`
  margin: 0;
  padding: 14px 16px;
  overflow-x: auto;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: 0.875rem;
  line-height: 1.55;
  white-space: pre;
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: -3px;
  }
`;

/** A dark code sample with a caption and a copy button. Scrolls sideways on narrow screens. */
export function CodeBlock({
  code,
  caption,
  copyLabel = 'Copy',
  accessibleCopyLabel,
  actions,
}: {
  code: string;
  caption: ReactNode;
  copyLabel?: string;
  accessibleCopyLabel?: string;
  actions?: ReactNode;
}) {
  return (
    <Frame>
      <Bar>
        <span>{caption}</span>
        <span>
          {actions}
          <CopyButton text={code} label={copyLabel} accessibleLabel={accessibleCopyLabel} />
        </span>
      </Bar>
      {/* A scrollable region must be reachable by keyboard (axe: scrollable-region-focusable). */}
      <Pre tabIndex={0}>
        <code>{code}</code>
      </Pre>
    </Frame>
  );
}

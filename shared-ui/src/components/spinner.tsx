import styled, { css, keyframes } from 'styled-components';
import { MOTION_DELAY } from './motion-delay';

const spin = keyframes`to { transform: rotate(360deg); }`;
const appear = keyframes`to { opacity: 1; }`;

/** A delayed ring is hidden and still at first, then shows and turns (motion-delay.ts says why). */
const delayedRing = css`
  opacity: 0;
  animation-name: ${appear}, ${spin};
  animation-duration: 0s, 700ms;
  animation-delay: ${MOTION_DELAY};
  animation-fill-mode: forwards, none;
  animation-iteration-count: 1, infinite;
`;

const Ring = styled.span<{ $size: number; $delayed: boolean }>`
  display: inline-block;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border: ${({ $size }) => Math.max(2, Math.round($size / 8))}px solid currentColor;
  border-right-color: transparent;
  border-radius: 50%;
  animation: ${spin} 700ms linear infinite;
  flex: none;
  ${({ $delayed }) => ($delayed ? delayedRing : null)}
`;

const Hidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
`;

export interface SpinnerProps {
  size?: number;
  label?: string;
  /** Inside a button the button itself carries aria-busy; no separate live region. */
  inline?: boolean;
  /** Shown, and turning, only after a second (a page's loading state, whose label shows at once). */
  delayed?: boolean;
}

export function Spinner({
  size = 24,
  label = 'Loading…',
  inline = false,
  delayed = false,
}: SpinnerProps) {
  if (inline) return <Ring $size={size} $delayed={delayed} aria-hidden="true" />;
  return (
    <span role="status">
      <Ring $size={size} $delayed={delayed} aria-hidden="true" />
      <Hidden>{label}</Hidden>
    </span>
  );
}

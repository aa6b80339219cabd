import styled, { css, keyframes } from 'styled-components';

const spin = keyframes`to { transform: rotate(360deg); }`;
const appear = keyframes`to { opacity: 1; }`;

/*
 * A delayed ring is hidden and still for its first second, then shows and turns. A page's own
 * loading state is mostly over within a second, and a ring turning from the first paint draws a
 * frame every 16 ms beside the page's start-up (see the skeleton's pulse, skeleton.tsx).
 */
const afterASecond = css`
  opacity: 0;
  animation-name: ${appear}, ${spin};
  animation-duration: 0s, 700ms;
  animation-delay: 1s;
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
  ${({ $delayed }) => ($delayed ? afterASecond : null)}
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

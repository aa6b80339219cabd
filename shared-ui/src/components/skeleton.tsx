import styled, { keyframes } from 'styled-components';

const pulse = keyframes`
  0%, 100% { opacity: 1; }
  50% { opacity: 0.45; }
`;

/*
 * A placeholder stays still for a second before it pulses. A wait under a second does not break a
 * person's train of thought, so it needs no motion; most placeholders (the header's avatar while a
 * visitor's page starts, a list while its data comes) are gone by then and never animate.
 * Each frame of a running animation is composited and drawn, and during a page's start-up on a
 * phone with few cores that work competes with hydration: under Lighthouse, the header's pulse
 * made 25–36 frames in a visitor's first 1.5 s, and the sign-in page's Total Blocking Time more
 * than halved without them (docs/benchmarks.md, "Frames while a page starts").
 */

/**
 * A placeholder block that starts pulsing once the wait is long enough to notice; decorative, so
 * hidden from assistive technology.
 */
export const Skeleton = styled.span.attrs({ 'aria-hidden': true })<{
  $width?: string;
  $height?: string;
  $round?: boolean;
}>`
  display: inline-block;
  width: ${({ $width }) => $width ?? '100%'};
  height: ${({ $height }) => $height ?? '1em'};
  border-radius: ${({ $round, theme }) => ($round ? '50%' : theme.radii.sm)};
  background: #e4e7ec;
  animation-name: ${pulse};
  animation-duration: 1.6s;
  animation-timing-function: ease-in-out;
  animation-delay: 1s;
  animation-iteration-count: infinite;
`;

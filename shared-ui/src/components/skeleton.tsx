import styled, { keyframes } from 'styled-components';
import { MOTION_DELAY } from './motion-delay';

const pulse = keyframes`
  0%, 100% { opacity: 1; }
  50% { opacity: 0.45; }
`;

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
  animation-delay: ${MOTION_DELAY};
  animation-iteration-count: infinite;
`;

import styled, { keyframes } from 'styled-components';

const pulse = keyframes`
  0%, 100% { opacity: 1; }
  50% { opacity: 0.45; }
`;

/** A pulsing placeholder block; decorative, so hidden from assistive technology. */
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
  animation: ${pulse} 1.6s ease-in-out infinite;
`;

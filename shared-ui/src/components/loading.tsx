import styled from 'styled-components';
import { Spinner } from './spinner';

const Wrap = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: 12px;
  min-height: 40vh;
  color: ${({ theme }) => theme.colors.muted};
`;

/**
 * The Loading indicator shown while a page or remote loads: its label at once, the spinner after
 * a second.
 */
export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <Wrap role="status" aria-live="polite" data-testid="loading">
      <Spinner size={28} inline delayed />
      <span>{label}</span>
    </Wrap>
  );
}

import styled from 'styled-components';

/** The frame both halves of the try-it console draw in. */
export const Panel = styled.div`
  border: 1px dashed ${({ theme }) => theme.colors.primary};
  border-radius: ${({ theme }) => theme.radii.md};
  padding: 16px;
  margin-top: 12px;
  background: ${({ theme }) => theme.colors.primarySoft};
`;

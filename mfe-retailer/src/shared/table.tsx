import styled from 'styled-components';

/**
 * A table that scrolls sideways on a narrow screen. A scroll container must be reachable by
 * keyboard (axe: scrollable-region-focusable), so it is a focusable region; give it an
 * `aria-label` naming the table.
 */
export const TableWrap = styled.div.attrs({ role: 'region', tabIndex: 0 })<{
  'aria-label': string;
}>`
  overflow-x: auto;
  margin: 12px 0;
`;

export const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.875rem;
  th,
  td {
    text-align: left;
    padding: 8px 10px;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    vertical-align: top;
  }
  th {
    font-size: 0.875rem;
    color: ${({ theme }) => theme.colors.muted};
  }
  code {
    font-family: ${({ theme }) => theme.fonts.mono};
    overflow-wrap: anywhere;
  }
`;

import { Container } from 'shared-ui';
import styled from 'styled-components';
import { STATS } from './company-facts';
import { Band } from './section';

const List = styled.dl`
  display: grid;
  gap: 24px;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 180px), 1fr));
  margin: 0;
  text-align: center;
  div { display: flex; flex-direction: column-reverse; }
  dt { color: #e4e7ec; }
  dd { margin: 0; font-size: 2.25rem; font-weight: 700; color: ${({ theme }) => theme.colors.accent}; }
`;

/** The marketing figures (shared/company-facts.ts), with one retailer count everywhere. */
export function StatsBand({ label = 'CurbRun in numbers' }: { label?: string }) {
  return (
    <Band $tone="dark" aria-label={label}>
      <Container>
        <List>
          {STATS.map((stat) => (
            <div key={stat.label}>
              <dt>{stat.label}</dt>
              <dd>{stat.value}</dd>
            </div>
          ))}
        </List>
      </Container>
    </Band>
  );
}

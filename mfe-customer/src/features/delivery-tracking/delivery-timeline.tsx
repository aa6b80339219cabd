import { DELIVERY_STATUS_LABELS, type DeliveryTimelineEntry } from 'shared-contracts/deliveries';
import { formatServiceTime } from 'shared-contracts/service-time';
import styled from 'styled-components';

const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 14px;
`;

const Item = styled.li`
  border-left: 3px solid ${({ theme }) => theme.colors.primarySoft};
  padding-left: 12px;
  p {
    margin: 2px 0 0;
  }
`;

const Meta = styled.div`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.muted};
`;

/** Everything that happened, newest first. */
export function DeliveryTimeline({ entries }: { entries: DeliveryTimelineEntry[] }) {
  const newestFirst = [...entries].reverse();
  return (
    <List aria-label="Delivery timeline" data-testid="delivery-timeline">
      {newestFirst.map((entry) => (
        <Item key={entry.id}>
          <Meta>
            <time dateTime={entry.at}>{formatServiceTime(entry.at)}</time> ·{' '}
            {DELIVERY_STATUS_LABELS[entry.status]}
            {entry.etaAt ? ` · ETA ${formatServiceTime(entry.etaAt)}` : ''}
          </Meta>
          <p>{entry.message}</p>
        </Item>
      ))}
    </List>
  );
}

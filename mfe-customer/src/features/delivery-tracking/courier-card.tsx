import type { Delivery } from 'shared-contracts/deliveries';
import { Muted, Stack } from 'shared-ui';
import styled from 'styled-components';

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 6px 16px;
  margin: 0;
  dt {
    font-weight: 700;
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

/** Who brings the order: the driver and vehicle, or the robot, and which fleet and why. */
export function CourierCard({ delivery }: { delivery: Delivery }) {
  const { courier } = delivery;
  const isRobot = courier.kind === 'robot';
  return (
    <Stack $gap={10}>
      <h2 id="courier-heading">{isRobot ? 'Your robot' : 'Your courier'}</h2>
      <Facts>
        <dt>{isRobot ? 'Robot' : 'Driver'}</dt>
        <dd data-testid="courier-name">
          {courier.name ?? (isRobot ? 'Assigned when you arrive at the store' : 'Being assigned')}
        </dd>
        {courier.vehicle ? (
          <>
            <dt>Vehicle</dt>
            <dd>{courier.vehicle}</dd>
          </>
        ) : null}
        <dt>Fleet</dt>
        <dd>
          {courier.fleetName}
          {courier.partner ? ' (delivery partner)' : ''}
        </dd>
        <dt>From</dt>
        <dd>
          {delivery.origin.name}, {delivery.origin.addressLine}
        </dd>
        <dt>To</dt>
        <dd>
          {delivery.destination.name}
          {delivery.deliveryType === 'home' ? `, ${delivery.destination.addressLine}` : ''}
        </dd>
      </Facts>
      <Muted>{delivery.dispatchReason}</Muted>
    </Stack>
  );
}

import { useQuery } from '@tanstack/react-query';
import { formatAddress } from 'shared-contracts/addresses';
import { DELIVERY_TYPE_LABELS, WEIGHT_CLASS_INFO, type WeightClass } from 'shared-contracts/quotes';
import type { Store } from 'shared-contracts/stores';
import styled from 'styled-components';
import { addressesQueryOptions } from '../../shared/addresses-api';
import type { DeliveryValue } from '../../shared/delivery-value';
import { formatWindow } from '../../shared/format';
import type { ScheduleDraft } from '../../shared/schedule-draft';

const List = styled.dl`
  display: grid;
  grid-template-columns: minmax(110px, auto) 1fr;
  gap: 6px 16px;
  margin: 0;
  dt {
    color: ${({ theme }) => theme.colors.muted};
  }
  dd {
    margin: 0;
  }
`;

function addressText(delivery: DeliveryValue, saved: ReturnType<typeof useAddresses>): string {
  if (delivery.addressChoice === 'new')
    return formatAddress({ ...delivery.newAddress, line2: delivery.newAddress.line2 ?? null });
  const address = saved.data?.find((item) => item.id === delivery.addressChoice);
  return address ? formatAddress(address) : '…';
}

function useAddresses() {
  return useQuery(addressesQueryOptions());
}

/** What is being paid for: store, order, delivery and window. */
export function OrderSummary({
  draft,
  store,
  window,
}: {
  draft: ScheduleDraft;
  store: Store;
  window: { startsAt: string; endsAt: string; label: string } | undefined;
}) {
  const addresses = useAddresses();
  const delivery = draft.delivery;
  const order = draft.orderDetails;
  return (
    <List>
      <dt>Store</dt>
      <dd>
        {store.name}, {store.addressLine}, {store.city}
      </dd>
      <dt>Order</dt>
      <dd>
        {order?.retailerOrderNumber} · {order?.customerName} · {order?.bags}{' '}
        {order?.bags === 1 ? 'bag' : 'bags'} ·{' '}
        {WEIGHT_CLASS_INFO[(order?.weightClass as WeightClass | undefined) ?? 'small'].label}
      </dd>
      <dt>Delivery</dt>
      <dd>{delivery?.deliveryType ? DELIVERY_TYPE_LABELS[delivery.deliveryType] : '…'}</dd>
      {delivery?.deliveryType === 'home' ? (
        <>
          <dt>Address</dt>
          <dd>{addressText(delivery, addresses)}</dd>
        </>
      ) : null}
      <dt>When</dt>
      <dd>{window ? `${window.label}: ${formatWindow(window.startsAt, window.endsAt)}` : '…'}</dd>
    </List>
  );
}

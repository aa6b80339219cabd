import { useState } from 'react';
import { formatCents } from 'shared-contracts/payments';
import {
  API_DELIVERY_STATUS_LABELS,
  API_DELIVERY_STATUSES,
  type ApiDelivery,
  type ApiDeliveryStatus,
} from 'shared-contracts/retailer-api';
import { formatServiceDateTime, formatServiceTime } from 'shared-contracts/service-time';
import { Badge, type BadgeTone, Field, Input, Muted, Row, Select } from 'shared-ui';
import styled from 'styled-components';
import { Table, TableWrap } from '../../shared/table';

export const STATUS_TONE: Record<ApiDeliveryStatus, BadgeTone> = {
  pickup_confirmed: 'info',
  en_route: 'info',
  arriving: 'warning',
  delivered: 'success',
  failed: 'danger',
  cancelled: 'muted',
};

const Filters = styled(Row)`
  align-items: flex-end;
  > * {
    flex: 1 1 180px;
  }
`;

export interface DeliveryFilters {
  status: ApiDeliveryStatus | 'all' | 'active';
  type: 'all' | 'curbside' | 'home';
  query: string;
}

export const ACTIVE: readonly ApiDeliveryStatus[] = ['pickup_confirmed', 'en_route', 'arriving'];

export function filterDeliveries(list: ApiDelivery[], filters: DeliveryFilters): ApiDelivery[] {
  const query = filters.query.trim().toLowerCase();
  return list.filter((delivery) => {
    if (filters.status === 'active' && !ACTIVE.includes(delivery.status)) return false;
    if (
      filters.status !== 'all' &&
      filters.status !== 'active' &&
      delivery.status !== filters.status
    ) {
      return false;
    }
    if (filters.type !== 'all' && delivery.delivery_type !== filters.type) return false;
    if (!query) return true;
    return [
      delivery.order_number,
      delivery.order_reference,
      delivery.customer_name,
      delivery.store_name,
    ]
      .filter(Boolean)
      .some((value) => String(value).toLowerCase().includes(query));
  });
}

/** The deliveries with filters (status, type, search); newest first. */
export function DeliveriesTable({ deliveries }: { deliveries: ApiDelivery[] }) {
  const [filters, setFilters] = useState<DeliveryFilters>({
    status: 'all',
    type: 'all',
    query: '',
  });
  const shown = filterDeliveries(deliveries, filters);
  return (
    <div>
      <Filters $gap={12} $wrap>
        <Field label="Status">
          {(ids) => (
            <Select
              {...ids}
              value={filters.status}
              onChange={(event) =>
                setFilters({ ...filters, status: event.target.value as DeliveryFilters['status'] })
              }
            >
              <option value="all">All statuses</option>
              <option value="active">Active (on the way)</option>
              {API_DELIVERY_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {API_DELIVERY_STATUS_LABELS[status]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Delivery type">
          {(ids) => (
            <Select
              {...ids}
              value={filters.type}
              onChange={(event) =>
                setFilters({ ...filters, type: event.target.value as DeliveryFilters['type'] })
              }
            >
              <option value="all">All types</option>
              <option value="curbside">Curbside</option>
              <option value="home">Home delivery</option>
            </Select>
          )}
        </Field>
        <Field label="Search">
          {(ids) => (
            <Input
              {...ids}
              type="search"
              placeholder="Order number, reference, customer"
              value={filters.query}
              onChange={(event) => setFilters({ ...filters, query: event.target.value })}
            />
          )}
        </Field>
      </Filters>
      <p aria-live="polite">
        <Muted>
          {shown.length} of {deliveries.length} deliveries
        </Muted>
      </p>
      {shown.length === 0 ? (
        <p>
          {deliveries.length === 0 ? 'No deliveries yet.' : 'No delivery matches these filters.'}
        </p>
      ) : (
        <TableWrap aria-label="Deliveries table">
          <Table aria-label="Deliveries">
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Status</th>
                <th scope="col">Type</th>
                <th scope="col">Customer</th>
                <th scope="col">Courier</th>
                <th scope="col">ETA</th>
                <th scope="col">Fee</th>
                <th scope="col">Created</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((delivery) => (
                <tr key={delivery.id}>
                  <td>
                    <strong>{delivery.order_number}</strong>
                    {delivery.order_reference ? (
                      <>
                        <br />
                        <Muted>{delivery.order_reference}</Muted>
                      </>
                    ) : null}
                  </td>
                  <td>
                    <Badge tone={STATUS_TONE[delivery.status]}>
                      {API_DELIVERY_STATUS_LABELS[delivery.status]}
                    </Badge>
                  </td>
                  <td>{delivery.delivery_type === 'home' ? 'Home' : 'Curbside'}</td>
                  <td>{delivery.customer_name ?? '—'}</td>
                  <td>{delivery.courier?.name ?? '—'}</td>
                  <td>{delivery.eta ? formatServiceTime(delivery.eta) : '—'}</td>
                  <td>{formatCents(delivery.fee_cents)}</td>
                  <td>{formatServiceDateTime(delivery.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableWrap>
      )}
    </div>
  );
}

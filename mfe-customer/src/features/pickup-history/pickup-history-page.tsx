import { type FormEvent, useId, useState } from 'react';
import { RequireAuth, useAuth, useSignedInQuery } from 'shared-auth';
import { errorMessage } from 'shared-client';
import {
  DELIVERY_STATUS_LABELS,
  HISTORY_FILTER_LABELS,
  HISTORY_FILTERS,
  HISTORY_SEARCH_MAX,
  type HistoryFilter,
  type PickupHistoryItem,
} from 'shared-contracts/deliveries';
import { formatCents } from 'shared-contracts/payments';
import { DELIVERY_TYPE_LABELS } from 'shared-contracts/quotes';
import { formatServiceDateTime } from 'shared-contracts/service-time';
import {
  Badge,
  type BadgeTone,
  Button,
  ButtonLink,
  Card,
  Field,
  Input,
  Lead,
  Muted,
  media,
  Notice,
  Page,
  PageTitle,
  Row,
  Select,
  Skeleton,
  Stack,
  toast,
  usePageMeta,
  VisuallyHidden,
} from 'shared-ui';
import { useNavigate, useSearchParams } from 'shared-ui/router';
import styled from 'styled-components';
import { fetchOrderPickup } from '../../shared/order-pickups-api';
import { type HistoryFilters, pickupHistoryQueryOptions } from './api';
import { startReorder } from './reorder';

const PAGE_SIZE = 10;

const Filters = styled.form`
  display: grid;
  gap: 12px;
  align-items: end;
  ${media.md} {
    grid-template-columns: minmax(0, 1fr) minmax(0, 2fr) auto;
  }
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 12px;
`;

const Entry = styled.li`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  padding: 16px;
  display: grid;
  gap: 12px;
  ${media.md} {
    grid-template-columns: minmax(0, 1fr) auto;
    align-items: center;
  }
  h3 {
    margin: 0;
    font-size: 1.125rem;
  }
  p {
    margin: 0;
  }
`;

const GROUP_TONE: Record<HistoryFilter, BadgeTone> = {
  active: 'info',
  delivered: 'success',
  cancelled: 'danger',
};

function readFilters(params: URLSearchParams): HistoryFilters {
  const status = params.get('status');
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    pageSize: PAGE_SIZE,
    status: (HISTORY_FILTERS as readonly string[]).includes(status ?? '')
      ? (status as HistoryFilter)
      : '',
    q: (params.get('q') ?? '').slice(0, HISTORY_SEARCH_MAX),
  };
}

/**
 * `/pickup-history`: the customer's order pickups and curbside pickups, newest first,
 * with a status filter, search by order number and pages (all in the URL, so a filtered view can
 * be reloaded or shared), each linking to its tracking page; orders can be placed again.
 */
export function PickupHistoryPage() {
  usePageMeta('Pickup History', 'Your order pickups and curbside pickups.');
  return (
    <RequireAuth>
      <History />
    </RequireAuth>
  );
}

function History() {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const history = useSignedInQuery(pickupHistoryQueryOptions(filters));
  const [search, setSearch] = useState(filters.q);
  const summaryId = useId();

  const apply = (change: Partial<HistoryFilters>) => {
    const next = { ...filters, page: 1, ...change };
    const query = new URLSearchParams();
    if (next.status) query.set('status', next.status);
    if (next.q) query.set('q', next.q);
    if (next.page > 1) query.set('page', String(next.page));
    setParams(query);
  };

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    apply({ q: search.trim() });
  };

  const data = history.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const first = data && data.total > 0 ? (data.page - 1) * data.pageSize + 1 : 0;
  const last = data ? Math.min(data.total, data.page * data.pageSize) : 0;

  return (
    <Page>
      <PageTitle>Pickup History</PageTitle>
      <Lead>Your order pickups and curbside pickups, newest first.</Lead>
      <Stack $gap={20}>
        <Card aria-label="Filter your pickups">
          <Filters role="search" onSubmit={onSearch}>
            <Field label="Status">
              {(ids) => (
                <Select
                  {...ids}
                  value={filters.status}
                  onChange={(event) => apply({ status: event.target.value as HistoryFilter | '' })}
                >
                  <option value="">All pickups</option>
                  {HISTORY_FILTERS.map((filter) => (
                    <option key={filter} value={filter}>
                      {HISTORY_FILTER_LABELS[filter]}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field label="Order number" hint="CR-100234, or your retailer's order number">
              {(ids) => (
                <Input
                  {...ids}
                  type="search"
                  value={search}
                  maxLength={HISTORY_SEARCH_MAX}
                  placeholder="Search by order number"
                  onChange={(event) => setSearch(event.target.value)}
                />
              )}
            </Field>
            <Row>
              <Button type="submit">Search</Button>
              {filters.q || filters.status ? (
                <Button
                  variant="ghost"
                  onClick={() => {
                    setSearch('');
                    setParams(new URLSearchParams());
                  }}
                >
                  Clear
                </Button>
              ) : null}
            </Row>
          </Filters>
        </Card>

        {history.isPending ? (
          <Stack $gap={12} aria-busy="true">
            <Skeleton $height="88px" />
            <Skeleton $height="88px" />
            <Skeleton $height="88px" />
          </Stack>
        ) : history.isError ? (
          <Notice tone="danger" role="alert" title="We could not load your pickups">
            {errorMessage(history.error, 'Please check your connection and try again.')}
          </Notice>
        ) : data && data.total === 0 ? (
          <Notice title={filters.q || filters.status ? 'No pickups match' : 'No pickups yet'}>
            <Stack $gap={10}>
              <span>
                {filters.q || filters.status
                  ? 'Try another order number or status.'
                  : 'When you schedule a pickup or use curbside pickup, it shows up here.'}
              </span>
              {filters.q || filters.status ? null : (
                <Row>
                  <ButtonLink to="/schedule-pickup">Schedule a Pickup</ButtonLink>
                </Row>
              )}
            </Stack>
          </Notice>
        ) : data ? (
          <Stack $gap={12}>
            <VisuallyHidden as="h2">Your pickups</VisuallyHidden>
            <p id={summaryId} aria-live="polite">
              Showing {first}–{last} of {data.total}
            </p>
            <List aria-labelledby={summaryId} data-testid="history-list">
              {data.items.map((item) => (
                <HistoryEntry key={`${item.kind}:${item.id}`} item={item} />
              ))}
            </List>
            {pages > 1 ? (
              <nav aria-label="Pages">
                <Row $justify="space-between">
                  <Button
                    variant="secondary"
                    disabled={data.page <= 1}
                    onClick={() =>
                      apply({ page: data.page - 1, status: filters.status, q: filters.q })
                    }
                  >
                    Previous
                  </Button>
                  <span>
                    Page {data.page} of {pages}
                  </span>
                  <Button
                    variant="secondary"
                    disabled={data.page >= pages}
                    onClick={() =>
                      apply({ page: data.page + 1, status: filters.status, q: filters.q })
                    }
                  >
                    Next
                  </Button>
                </Row>
              </nav>
            ) : null}
          </Stack>
        ) : null}
      </Stack>
    </Page>
  );
}

function HistoryEntry({ item }: { item: PickupHistoryItem }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const isOrder = item.kind === 'order';

  const reorder = async () => {
    if (!user) return;
    setBusy(true);
    try {
      const order = await fetchOrderPickup(item.orderPickupId);
      navigate(startReorder(user.id, order));
    } catch (error) {
      toast({
        title: 'Could not start a new pickup',
        description: errorMessage(error, 'Please try again.'),
        variant: 'destructive',
      });
      setBusy(false);
    }
  };

  return (
    <Entry data-testid="history-entry">
      <Stack $gap={6}>
        <Row $gap={8}>
          <h3>
            {isOrder ? 'Order' : 'Curbside pickup'} {item.orderNumber}
          </h3>
          <Badge tone={GROUP_TONE[item.group]}>{item.statusLabel}</Badge>
        </Row>
        <p>
          {item.storeName} ·{' '}
          {isOrder
            ? DELIVERY_TYPE_LABELS[item.deliveryType]
            : `Parking spot ${item.parkingSpotNumber}`}
          {item.totalCents !== null ? ` · ${formatCents(item.totalCents)}` : ''}
        </p>
        <Muted>
          <time dateTime={item.createdAt}>{formatServiceDateTime(item.createdAt)}</time>
          {item.retailerOrderNumber ? ` · Retailer order ${item.retailerOrderNumber}` : ''}
          {isOrder && item.deliveryStatus
            ? ` · Delivery: ${DELIVERY_STATUS_LABELS[item.deliveryStatus]}`
            : ''}
        </Muted>
      </Stack>
      <Row>
        <ButtonLink
          to={item.trackingPath}
          variant="secondary"
          aria-label={`Track ${isOrder ? 'order' : 'curbside pickup'} ${item.orderNumber}`}
        >
          Track
        </ButtonLink>
        {isOrder ? (
          <Button
            variant="ghost"
            onClick={reorder}
            loading={busy}
            loadingLabel="Starting…"
            aria-label={`Order again like ${item.orderNumber}`}
          >
            Order again
          </Button>
        ) : null}
      </Row>
    </Entry>
  );
}

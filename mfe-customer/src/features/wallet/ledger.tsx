import { useState } from 'react';
import { useSignedInQuery } from 'shared-auth';
import { errorMessage } from 'shared-client';
import { formatCents } from 'shared-contracts/payments';
import { formatServiceDateTime } from 'shared-contracts/service-time';
import {
  WALLET_ENTRY_KIND_LABELS,
  WALLET_ENTRY_KINDS,
  WALLET_PAGE_SIZES,
  type WalletEntryKind,
} from 'shared-contracts/wallet';
import {
  Button,
  Field,
  Input,
  media,
  Notice,
  Row,
  Select,
  Skeleton,
  Stack,
  VisuallyHidden,
} from 'shared-ui';
import styled from 'styled-components';
import { DEFAULT_LEDGER_FILTERS, type LedgerFilters, walletEntriesQueryOptions } from './api';

const Filters = styled.div`
  display: grid;
  gap: 12px;
  grid-template-columns: 1fr;
  ${media.sm} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  ${media.lg} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
`;

const Scroll = styled.div`
  overflow-x: auto;
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  min-width: 560px;
  th,
  td {
    text-align: left;
    padding: 10px 6px;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    vertical-align: top;
  }
  .money {
    text-align: right;
    white-space: nowrap;
    font-variant-numeric: tabular-nums;
  }
  .in {
    color: ${({ theme }) => theme.colors.success};
  }
`;

/** The ledger: newest first, filtered by kind and dates, a page at a time. */
export function Ledger() {
  const [filters, setFilters] = useState<LedgerFilters>(DEFAULT_LEDGER_FILTERS);
  const entries = useSignedInQuery(walletEntriesQueryOptions(filters));
  const change = (patch: Partial<LedgerFilters>) =>
    setFilters((current) => ({ ...current, page: 1, ...patch }));
  const data = entries.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const filtered = filters.kind !== '' || filters.from !== '' || filters.to !== '';

  return (
    <Stack $gap={16}>
      <Filters>
        <Field label="Type">
          {(ids) => (
            <Select
              {...ids}
              value={filters.kind}
              onChange={(event) => change({ kind: event.target.value as WalletEntryKind | '' })}
            >
              <option value="">All</option>
              {WALLET_ENTRY_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {WALLET_ENTRY_KIND_LABELS[kind]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="From">
          {(ids) => (
            <Input
              {...ids}
              type="date"
              value={filters.from}
              max={filters.to || undefined}
              onChange={(event) => change({ from: event.target.value })}
            />
          )}
        </Field>
        <Field label="To">
          {(ids) => (
            <Input
              {...ids}
              type="date"
              value={filters.to}
              min={filters.from || undefined}
              onChange={(event) => change({ to: event.target.value })}
            />
          )}
        </Field>
        <Field label="Per page">
          {(ids) => (
            <Select
              {...ids}
              value={filters.pageSize}
              onChange={(event) => change({ pageSize: Number(event.target.value) })}
            >
              {WALLET_PAGE_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </Filters>
      {entries.isError ? (
        <Notice tone="danger" role="alert" title="We couldn't load your activity">
          {errorMessage(entries.error, 'Please try again.')}
        </Notice>
      ) : null}
      {entries.isPending ? (
        <Stack $gap={8} role="status" aria-label="Loading activity">
          <Skeleton $height="40px" />
          <Skeleton $height="40px" />
          <Skeleton $height="40px" />
        </Stack>
      ) : null}
      {data && data.entries.length === 0 ? (
        <Notice>
          {filtered
            ? 'No activity matches these filters.'
            : 'No activity yet. Add funds to get started.'}
        </Notice>
      ) : null}
      {data && data.entries.length > 0 ? (
        // Scrolls sideways on a narrow screen: reachable by keyboard, with a name (axe:
        // scrollable-region-focusable).
        <Scroll role="region" tabIndex={0} aria-label="Wallet activity table">
          <Table aria-busy={entries.isFetching || undefined}>
            <caption>
              <VisuallyHidden>Wallet activity, newest first</VisuallyHidden>
            </caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Description</th>
                <th scope="col">Type</th>
                <th scope="col" className="money">
                  Amount
                </th>
                <th scope="col" className="money">
                  Balance
                </th>
              </tr>
            </thead>
            <tbody>
              {data.entries.map((entry) => (
                <tr key={entry.id}>
                  <td>{formatServiceDateTime(entry.createdAt)}</td>
                  <td>
                    {entry.description}
                    {entry.orderNumber ? ` (${entry.orderNumber})` : ''}
                  </td>
                  <td>{WALLET_ENTRY_KIND_LABELS[entry.kind]}</td>
                  <td className={`money${entry.amountCents > 0 ? ' in' : ''}`}>
                    {entry.amountCents > 0 ? '+' : ''}
                    {formatCents(entry.amountCents)}
                  </td>
                  <td className="money">{formatCents(entry.balanceAfterCents)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </Scroll>
      ) : null}
      {data && data.total > 0 ? (
        <Row $justify="space-between">
          <span aria-live="polite">
            Page {data.page} of {pages} · {data.total} {data.total === 1 ? 'entry' : 'entries'}
          </span>
          <Row $gap={8}>
            <Button
              variant="secondary"
              size="sm"
              disabled={filters.page <= 1}
              onClick={() => setFilters((current) => ({ ...current, page: current.page - 1 }))}
            >
              Previous
            </Button>
            <Button
              variant="secondary"
              size="sm"
              disabled={filters.page >= pages}
              onClick={() => setFilters((current) => ({ ...current, page: current.page + 1 }))}
            >
              Next
            </Button>
          </Row>
        </Row>
      ) : null}
    </Stack>
  );
}

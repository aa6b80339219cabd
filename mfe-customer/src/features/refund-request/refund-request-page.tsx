import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { RequireAuth } from 'shared-auth';
import { errorMessage } from 'shared-client';
import { formatCents } from 'shared-contracts/payments';
import {
  REFUND_REASON_LABELS,
  REFUND_STATUS_LABELS,
  type RefundRequestRecord,
  type RefundStatus,
} from 'shared-contracts/refunds';
import { formatServiceDateTime } from 'shared-contracts/service-time';
import {
  Badge,
  type BadgeTone,
  Card,
  Lead,
  Muted,
  Notice,
  Page,
  PageTitle,
  Skeleton,
  Stack,
  TwoColumns,
  usePageMeta,
} from 'shared-ui';
import { useSearchParams } from 'shared-ui/router';
import styled from 'styled-components';
import { invalidateWallet, refundRequestsQueryOptions } from './api';
import { ClaimRules } from './claim-rules';
import { RefundForm } from './refund-form';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 12px;
  li {
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.md};
    padding: 14px;
  }
  h3 {
    margin: 0 0 4px;
    font-size: 1rem;
  }
  p {
    margin: 4px 0 0;
  }
`;

const STATUS_TONE: Record<RefundStatus, BadgeTone> = {
  submitted: 'info',
  needs_review: 'warning',
  approved: 'success',
  rejected: 'danger',
};

/**
 * `/refund-request`: ask for a refund on an order (reason, description, optional photos)
 * and follow the requests already sent. The server applies the refund policy.
 */
export function RefundRequestPage() {
  usePageMeta('Refund Request', 'Ask for a refund and follow your requests.');
  return (
    <RequireAuth>
      <Refunds />
    </RequireAuth>
  );
}

function Refunds() {
  const [params] = useSearchParams();
  return (
    <Page>
      <PageTitle>Refund Request</PageTitle>
      <Lead>
        Late deliveries caused by us are refunded 100% of the delivery fee; damaged or missing items
        are covered up to 100% of their value.
      </Lead>
      <Card>
        <ClaimRules />
      </Card>
      <TwoColumns>
        <Card>
          <RefundForm initialOrderId={params.get('order')} />
        </Card>
        <Card aria-labelledby="refund-requests-heading">
          <RequestList />
        </Card>
      </TwoColumns>
    </Page>
  );
}

/** What was paid: an approval, or the part a full wallet could take while the rest is in review. */
function outcome(request: RefundRequestRecord): string | null {
  if (request.approvedCents === null || request.approvedCents <= 0) return null;
  const where = request.creditedTo === 'card' ? 'refunded to your card' : 'credited to your wallet';
  return `${formatCents(request.approvedCents)} ${where}`;
}

function RequestList() {
  const queryClient = useQueryClient();
  const requests = useQuery(refundRequestsQueryOptions());
  const approved = useRef<Set<string> | null>(null);

  // A request that was paid (approved, or partly credited before review) moved money: refresh the
  // wallet balance.
  useEffect(() => {
    if (!requests.data) return;
    const now = new Set(requests.data.filter((r) => r.approvedCents !== null).map((r) => r.id));
    const before = approved.current;
    approved.current = now;
    if (before && [...now].some((id) => !before.has(id))) void invalidateWallet(queryClient);
  }, [requests.data, queryClient]);

  return (
    <Stack $gap={12}>
      <h2 id="refund-requests-heading">Your requests</h2>
      {requests.isPending ? (
        <Skeleton $height="120px" />
      ) : requests.isError ? (
        <Notice tone="danger" role="alert">
          {errorMessage(requests.error, 'We could not load your refund requests.')}
        </Notice>
      ) : requests.data.length === 0 ? (
        <Muted>You have not asked for a refund yet.</Muted>
      ) : (
        <List aria-live="polite" data-testid="refund-requests">
          {requests.data.map((request) => (
            <li key={request.id} data-testid="refund-request">
              <h3>
                Order {request.orderNumber} · {REFUND_REASON_LABELS[request.reason]}
              </h3>
              <Badge tone={STATUS_TONE[request.status]} data-testid="refund-status">
                {REFUND_STATUS_LABELS[request.status]}
              </Badge>
              {outcome(request) ? <p data-testid="refund-outcome">{outcome(request)}</p> : null}
              {request.decision ? <p>{request.decision}</p> : <p>We are reviewing your request.</p>}
              <p>
                <Muted>
                  Sent{' '}
                  <time dateTime={request.createdAt}>
                    {formatServiceDateTime(request.createdAt)}
                  </time>
                  {request.itemValueCents !== null
                    ? ` · item value ${formatCents(request.itemValueCents)}`
                    : ''}
                  {request.photos.length > 0
                    ? ` · ${request.photos.length} photo${request.photos.length === 1 ? '' : 's'}`
                    : ''}
                </Muted>
              </p>
            </li>
          ))}
        </List>
      )}
    </Stack>
  );
}

import { useQuery } from '@tanstack/react-query';
import { RequireAuth } from 'shared-auth';
import { errorMessage } from 'shared-client';
import { formatCents } from 'shared-contracts/payments';
import { formatServiceDateTime } from 'shared-contracts/service-time';
import {
  ButtonLink,
  Card,
  CopyButton,
  Lead,
  Loading,
  Muted,
  Notice,
  Page,
  PageTitle,
  Row,
  usePageMeta,
} from 'shared-ui';
import { useSearchParams } from 'shared-ui/router';
import styled from 'styled-components';
import { leaseQueryOptions, leasesQueryOptions } from '../../shared/robot-leasing-api';

const Details = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 8px 16px;
  margin: 16px 0;
  dt {
    color: ${({ theme }) => theme.colors.muted};
  }
  dd {
    margin: 0;
    font-weight: 700;
  }
`;

const LeaseNumber = styled.p`
  font-size: 1.5rem;
  font-weight: 700;
  margin: 8px 0;
  font-family: ${({ theme }) => theme.fonts.mono};
`;

function Confirmation({ id }: { id: string }) {
  const lease = useQuery(leaseQueryOptions(id));
  const all = useQuery(leasesQueryOptions());
  if (lease.isPending) return <Loading label="Loading your lease…" />;
  if (lease.isError) {
    return (
      <Notice tone="danger" role="alert" title="Lease not found">
        {errorMessage(lease.error)}
      </Notice>
    );
  }
  const data = lease.data;
  return (
    <>
      <Card aria-labelledby="confirmation-title">
        <h2 id="confirmation-title" style={{ marginTop: 0 }}>
          Your lease is active
        </h2>
        <p>Lease id</p>
        <Row $gap={12} $wrap style={{ alignItems: 'center' }}>
          <LeaseNumber data-testid="lease-number">{data.leaseNumber}</LeaseNumber>
          <CopyButton text={data.leaseNumber} label="Copy" accessibleLabel="Copy the lease id" />
        </Row>
        <Details>
          <dt>Robots</dt>
          <dd>
            {data.quantity} × {data.modelName}
          </dd>
          <dt>Plan</dt>
          <dd>
            {data.planName}, {data.termMonths} months
          </dd>
          <dt>Store</dt>
          <dd>{data.store.name}</dd>
          <dt>Monthly payment</dt>
          <dd>{formatCents(data.monthlyCents)}</dd>
          <dt>Paid today</dt>
          <dd>
            {formatCents(data.paidTodayCents)} ({data.card.brand} •••• {data.card.last4})
          </dd>
          <dt>Term</dt>
          <dd>
            {formatServiceDateTime(data.startsAt)} – {formatServiceDateTime(data.endsAt)}
          </dd>
        </Details>
        <Row $gap={12} $wrap>
          <ButtonLink to="/delivery-tracking-dashboard">Go to the dashboard</ButtonLink>
          <ButtonLink to="/robot-leasing" variant="secondary">
            Lease more robots
          </ButtonLink>
        </Row>
      </Card>
      {all.data && all.data.length > 1 ? (
        <Card aria-labelledby="all-leases-title" style={{ marginTop: 20 }}>
          <h2 id="all-leases-title" style={{ marginTop: 0 }}>
            All your leases
          </h2>
          <ul>
            {all.data.map((item) => (
              <li key={item.id}>
                <code>{item.leaseNumber}</code>: {item.quantity} × {item.modelName}, {item.planName}{' '}
                <Muted>({item.store.name})</Muted>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
    </>
  );
}

/** `/robot-leasing-success?lease=<id>`: the confirmation with the lease id. */
export function RobotLeasingSuccessPage() {
  usePageMeta('Lease Confirmed', 'Your robot lease is active.');
  const [search] = useSearchParams();
  const id = search.get('lease');
  return (
    <Page>
      <PageTitle>Lease Confirmed</PageTitle>
      <Lead>Thank you! Your robots will be delivered to your store within 5 business days.</Lead>
      {id ? (
        <RequireAuth>
          <Confirmation id={id} />
        </RequireAuth>
      ) : (
        <Notice tone="warning" role="alert" title="No lease to show">
          <ButtonLink to="/robot-leasing">Choose a lease</ButtonLink>
        </Notice>
      )}
    </Page>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useAuth } from 'shared-auth';
import { errorMessage } from 'shared-client';
import type { ApiMode } from 'shared-contracts/retailer';
import {
  API_DELIVERY_STATUS_LABELS,
  API_DELIVERY_STATUSES,
  type Dashboard,
} from 'shared-contracts/retailer-api';
import {
  Button,
  ButtonLink,
  Card,
  Lead,
  Loading,
  Muted,
  media,
  Notice,
  Page,
  PageTitle,
  Row,
  toast,
  usePageMeta,
} from 'shared-ui';
import styled from 'styled-components';
import { retailerAccountQueryOptions } from '../../shared/retailer-api';
import { AnalyticsCharts } from './analytics-charts';
import {
  type DashboardSource,
  dashboardQueryOptions,
  downloadCsv,
  type LiveState,
  useDashboardLive,
} from './api';
import { CourierMap } from './courier-map';
import { DeliveriesTable } from './deliveries-table';

const Counts = styled.dl`
  display: grid;
  gap: 12px;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 130px), 1fr));
  margin: 0 0 20px;
  div {
    background: ${({ theme }) => theme.colors.surface};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.md};
    padding: 12px;
    display: flex;
    flex-direction: column-reverse;
  }
  dt {
    color: ${({ theme }) => theme.colors.muted};
    font-size: 0.875rem;
  }
  dd {
    margin: 0;
    font-size: 1.5rem;
    font-weight: 700;
  }
`;

const Columns = styled.div`
  display: grid;
  gap: 20px;
  margin-bottom: 20px;
  ${media.lg} {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  }
`;

const ModeSwitch = styled.div`
  display: inline-flex;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.pill};
  overflow: hidden;
  button {
    min-height: 40px;
    padding: 0 16px;
    border: 0;
    background: ${({ theme }) => theme.colors.surface};
    font: inherit;
    cursor: pointer;
  }
  button[aria-pressed='true'] {
    background: ${({ theme }) => theme.colors.primary};
    color: #fff;
    font-weight: 700;
  }
  button:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: -3px;
  }
`;

const LIVE_TEXT: Record<LiveState, string> = {
  connecting: 'Connecting to live updates…',
  live: 'Live: updates as deliveries move',
  reconnecting: 'Reconnecting… (refreshing every few seconds meanwhile)',
  polling: 'Live updates are unavailable; refreshing every few seconds',
};

function DashboardView({ source, data }: { source: DashboardSource; data: Dashboard }) {
  const live = useDashboardLive(source);
  const [exporting, setExporting] = useState(false);
  const fileName = source.kind === 'demo' ? 'demo-deliveries.csv' : `${source.mode}-deliveries.csv`;
  return (
    <>
      <Row $gap={12} $wrap style={{ alignItems: 'center', marginBottom: 16 }}>
        <p role="status" style={{ margin: 0 }}>
          <Muted>{LIVE_TEXT[live]}</Muted>
        </p>
        <Button
          variant="secondary"
          size="sm"
          loading={exporting}
          onClick={async () => {
            setExporting(true);
            try {
              await downloadCsv(source, fileName);
            } catch (error) {
              toast({
                title: 'Export failed',
                description: errorMessage(error),
                variant: 'destructive',
              });
            } finally {
              setExporting(false);
            }
          }}
        >
          Export CSV
        </Button>
      </Row>
      <h2 id="counts-title" style={{ fontSize: '1.25rem' }}>
        Deliveries by status
      </h2>
      <Counts aria-labelledby="counts-title">
        {API_DELIVERY_STATUSES.map((status) => (
          <div key={status}>
            <dt>{API_DELIVERY_STATUS_LABELS[status]}</dt>
            <dd data-testid={`count-${status}`}>{data.counts[status] ?? 0}</dd>
          </div>
        ))}
      </Counts>
      <Columns>
        <Card aria-labelledby="map-title">
          <h2 id="map-title" style={{ marginTop: 0, fontSize: '1.25rem' }}>
            Active couriers
          </h2>
          <CourierMap couriers={data.couriers} />
        </Card>
        <Card aria-labelledby="analytics-title">
          <h2 id="analytics-title" style={{ marginTop: 0, fontSize: '1.25rem' }}>
            Analytics
          </h2>
          <AnalyticsCharts analytics={data.analytics} />
        </Card>
      </Columns>
      <Card aria-labelledby="list-title">
        <h2 id="list-title" style={{ marginTop: 0, fontSize: '1.25rem' }}>
          Deliveries
        </h2>
        <DeliveriesTable deliveries={data.deliveries} />
      </Card>
    </>
  );
}

function SourceDashboard({ source }: { source: DashboardSource }) {
  const dashboard = useQuery(dashboardQueryOptions(source));
  if (dashboard.isPending) return <Loading label="Loading deliveries…" />;
  if (dashboard.isError) {
    return (
      <Notice tone="danger" role="alert" title="The dashboard could not be loaded">
        {errorMessage(dashboard.error)}
      </Notice>
    );
  }
  return <DashboardView source={source} data={dashboard.data} />;
}

function OwnDashboard({ businessName }: { businessName: string }) {
  const [mode, setMode] = useState<ApiMode>('test');
  return (
    <>
      <Row $gap={12} $wrap style={{ alignItems: 'center', marginBottom: 12 }}>
        <strong>{businessName}</strong>
        <ModeSwitch role="group" aria-label="Data mode">
          {(['test', 'live'] as const).map((item) => (
            <button
              key={item}
              type="button"
              aria-pressed={mode === item}
              onClick={() => setMode(item)}
            >
              {item === 'test' ? 'Test data' : 'Live data'}
            </button>
          ))}
        </ModeSwitch>
      </Row>
      <SourceDashboard key={mode} source={{ kind: 'own', mode }} />
    </>
  );
}

function DemoDashboard() {
  return (
    <>
      <Notice tone="warning" title="Demo data">
        <p style={{ margin: '4px 0' }}>
          You are looking at <strong>CurbRun Demo Outfitters</strong>, a demo store whose orders are
          placed and delivered by our simulator. Create a retailer account to see your own
          deliveries here.
        </p>
        <ButtonLink to="/retailer-onboarding" size="sm">
          Create a retailer account
        </ButtonLink>
      </Notice>
      <div style={{ height: 16 }} />
      <SourceDashboard source={{ kind: 'demo' }} />
    </>
  );
}

/** `/delivery-tracking-dashboard`: deliveries live, couriers, analytics and CSV. */
export function TrackingDashboardPage() {
  usePageMeta(
    'Delivery Tracking Dashboard',
    'Follow your deliveries live: counts by status, couriers on a map, analytics and CSV export.',
  );
  const { status } = useAuth();
  const account = useQuery({
    ...retailerAccountQueryOptions(),
    enabled: status === 'authenticated',
  });
  let content: React.ReactNode;
  if (status === 'loading' || (status === 'authenticated' && account.isPending)) {
    content = <Loading label="Loading your dashboard…" />;
  } else if (status === 'authenticated' && account.data) {
    content = <OwnDashboard businessName={account.data.businessName} />;
  } else {
    content = <DemoDashboard />;
  }
  return (
    <Page>
      <PageTitle>Delivery Tracking Dashboard</PageTitle>
      <Lead>Every delivery of your checkout, live, with the numbers that matter.</Lead>
      {content}
    </Page>
  );
}

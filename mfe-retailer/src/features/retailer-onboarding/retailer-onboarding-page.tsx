import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { RequireAuth } from 'shared-auth';
import { errorMessage } from 'shared-client';
import type { RetailerAccount } from 'shared-contracts/retailer';
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
  Stack,
  usePageMeta,
} from 'shared-ui';
import { Tabs, TabsContent, TabsList, TabsTrigger } from 'shared-ui/tabs';
import { retailerAccountQueryOptions } from '../../shared/retailer-api';
import { Table, TableWrap } from '../../shared/table';
import { AccountForm } from './account-form';
import { KeysPanel } from './keys-panel';
import type { RevealedSecret } from './secret-reveal';
import { WebhooksPanel } from './webhooks-panel';
import { WidgetPanel } from './widget-panel';

function AccountOverview({ account }: { account: RetailerAccount }) {
  return (
    <Card aria-labelledby="account-title">
      <h2 id="account-title" style={{ marginTop: 0 }}>
        {account.businessName}
      </h2>
      <Row $gap={8} $wrap style={{ alignItems: 'center' }}>
        <span>
          Retailer id (<code>retailer_id</code> in the API): <code>{account.retailerId}</code>
        </span>
        <CopyButton text={account.retailerId} label="Copy" accessibleLabel="Copy the retailer id" />
      </Row>
      <p>
        <Muted>
          {account.website} · {account.contactName} · {account.contactEmail} ·{' '}
          {account.contactPhone}
        </Muted>
      </p>
      <TableWrap aria-label="Store locations table">
        <Table>
          <caption style={{ textAlign: 'left' }}>Store locations</caption>
          <thead>
            <tr>
              <th scope="col">Store</th>
              <th scope="col">Address</th>
              <th scope="col">Metro</th>
              <th scope="col">Services</th>
              <th scope="col">
                <code>store_id</code>
              </th>
            </tr>
          </thead>
          <tbody>
            {account.stores.map((store) => (
              <tr key={store.id}>
                <td>{store.name}</td>
                <td>
                  {store.addressLine}, {store.city}, {store.state} {store.zip}
                </td>
                <td>{store.metroArea}</td>
                <td>
                  {store.services
                    .map((service) => (service === 'curbside' ? 'Curbside' : 'Home delivery'))
                    .join(', ')}
                </td>
                <td>
                  <code>{store.id}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </TableWrap>
      <Row $gap={12} $wrap>
        <ButtonLink to="/api-docs">Read the API docs</ButtonLink>
        <ButtonLink to="/delivery-tracking-dashboard" variant="secondary">
          Open the dashboard
        </ButtonLink>
        <ButtonLink to="/robot-leasing" variant="ghost">
          Lease robots
        </ButtonLink>
      </Row>
    </Card>
  );
}

function Onboarding() {
  const account = useQuery(retailerAccountQueryOptions());
  const [initialSecrets, setInitialSecrets] = useState<RevealedSecret[]>([]);
  const [tab, setTab] = useState('keys');

  if (account.isPending) return <Loading label="Loading your retailer account…" />;
  if (account.isError) {
    return (
      <Notice tone="danger" role="alert" title="Could not load your retailer account">
        {errorMessage(account.error)}
      </Notice>
    );
  }
  if (!account.data) {
    return (
      <AccountForm
        onCreated={(created) => {
          setInitialSecrets([
            { label: 'Test secret key', value: created.secretKeys.test },
            { label: 'Live secret key', value: created.secretKeys.live },
          ]);
          setTab('keys');
        }}
      />
    );
  }
  return (
    <Stack $gap={20}>
      <AccountOverview account={account.data} />
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label="Integration settings">
          <TabsTrigger value="keys">API keys</TabsTrigger>
          <TabsTrigger value="widget">Widget</TabsTrigger>
          <TabsTrigger value="webhooks">Webhooks</TabsTrigger>
        </TabsList>
        <TabsContent value="keys">
          <KeysPanel initialSecrets={initialSecrets} />
        </TabsContent>
        <TabsContent value="widget">
          <WidgetPanel account={account.data} />
        </TabsContent>
        <TabsContent value="webhooks">
          <WebhooksPanel />
        </TabsContent>
      </Tabs>
    </Stack>
  );
}

/** `/retailer-onboarding`: create the retailer account, then manage keys, widget and webhooks. */
export function RetailerOnboardingPage() {
  usePageMeta(
    'Retailer Onboarding',
    'Create your retailer account, get your API keys, allow your domains and add webhooks.',
  );
  return (
    <Page>
      <PageTitle>Retailer Onboarding</PageTitle>
      <Lead>Your retailer account, API keys, checkout widget domains and webhooks.</Lead>
      <RequireAuth>
        <Onboarding />
      </RequireAuth>
    </Page>
  );
}

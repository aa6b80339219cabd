import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from 'shared-client';
import { Button, Card, Muted, Notice, Skeleton } from 'shared-ui';
import { webhookEndpointsQueryOptions } from '../../shared/retailer-api';
import { type RevealedSecret, SecretReveal } from './secret-reveal';
import { AddEndpointForm } from './webhook-endpoint-form';
import { EndpointItem } from './webhook-endpoint-item';

/** Webhook endpoints with their signing secrets, test events and the delivery log. */
export function WebhooksPanel() {
  const endpoints = useQuery(webhookEndpointsQueryOptions());
  const [revealed, setRevealed] = useState<RevealedSecret | null>(null);
  return (
    <Card aria-labelledby="webhooks-title">
      <h2 id="webhooks-title" style={{ marginTop: 0 }}>
        Webhooks
      </h2>
      <p>
        We POST signed JSON events to your endpoints and retry for more than a day (8 attempts)
        until you answer with a 2xx. Verify the <code>CurbRun-Signature</code> header as shown in
        the API docs.
      </p>
      {revealed ? (
        <SecretReveal title="Your endpoint’s signing secret" secrets={[revealed]}>
          <Button variant="ghost" size="sm" onClick={() => setRevealed(null)}>
            I have saved the secret
          </Button>
        </SecretReveal>
      ) : null}
      <AddEndpointForm onCreated={setRevealed} />
      {endpoints.isPending ? <Skeleton style={{ height: 80, marginTop: 16 }} /> : null}
      {endpoints.isError ? (
        <Notice tone="danger" role="alert">
          {errorMessage(endpoints.error, 'Could not load your endpoints.')}
        </Notice>
      ) : null}
      {endpoints.data?.length === 0 ? (
        <p>
          <Muted>No endpoints yet.</Muted>
        </p>
      ) : null}
      {endpoints.data?.map((endpoint) => (
        <EndpointItem key={endpoint.id} endpoint={endpoint} />
      ))}
    </Card>
  );
}

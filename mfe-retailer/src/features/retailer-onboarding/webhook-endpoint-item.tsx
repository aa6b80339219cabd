import { useState } from 'react';
import { errorMessage } from 'shared-client';
import {
  WEBHOOK_EVENT_TYPES,
  type WebhookEndpoint,
  type WebhookEventType,
} from 'shared-contracts/webhooks';
import { Badge, Button, Field, Muted, Row, Select, toast } from 'shared-ui';
import styled from 'styled-components';
import {
  useDeleteWebhookEndpoint,
  useSendTestEvent,
  useUpdateWebhookEndpoint,
} from '../../shared/retailer-api';
import { DeliveryLog } from './webhook-delivery-log';

const EndpointCard = styled.article`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  padding: 16px;
  margin-top: 16px;
  h3 {
    margin: 0 0 6px;
    font-size: 1rem;
    overflow-wrap: anywhere;
    font-family: ${({ theme }) => theme.fonts.mono};
  }
`;

export function EndpointItem({ endpoint }: { endpoint: WebhookEndpoint }) {
  const update = useUpdateWebhookEndpoint();
  const remove = useDeleteWebhookEndpoint();
  const sendTest = useSendTestEvent(endpoint.id);
  const [type, setType] = useState<WebhookEventType>('delivery.status_changed');
  const [showLog, setShowLog] = useState(true);
  return (
    <EndpointCard aria-label={`Endpoint ${endpoint.url}`}>
      <h3>{endpoint.url}</h3>
      <Row $gap={8} $wrap>
        <Badge tone={endpoint.mode === 'live' ? 'success' : 'info'}>
          {endpoint.mode === 'live' ? 'Live' : 'Test'}
        </Badge>
        <Badge tone={endpoint.enabled ? 'success' : 'muted'}>
          {endpoint.enabled ? 'Enabled' : 'Disabled'}
        </Badge>
        <Muted>
          Secret <code>{endpoint.secretHint}</code> · {endpoint.events.join(', ')}
        </Muted>
      </Row>
      <Row $gap={8} $wrap style={{ alignItems: 'flex-end', marginTop: 12 }}>
        <Field label="Test event type">
          {(ids) => (
            <Select
              {...ids}
              value={type}
              onChange={(event) => setType(event.target.value as WebhookEventType)}
            >
              {WEBHOOK_EVENT_TYPES.map((item) => (
                <option key={item} value={item}>
                  {item}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Button
          variant="secondary"
          loading={sendTest.isPending}
          disabled={!endpoint.enabled}
          onClick={() =>
            sendTest.mutate(type, {
              onSuccess: () => toast({ title: 'Test event queued', description: type }),
              onError: (error) =>
                toast({
                  title: 'Could not send the test event',
                  description: errorMessage(error),
                  variant: 'destructive',
                }),
            })
          }
        >
          Send test event
        </Button>
        <Button
          variant="ghost"
          onClick={() => update.mutate({ id: endpoint.id, enabled: !endpoint.enabled })}
        >
          {endpoint.enabled ? 'Disable' : 'Enable'}
        </Button>
        <Button
          variant="danger"
          onClick={() => {
            if (!window.confirm(`Delete the endpoint ${endpoint.url}?`)) return;
            remove.mutate(endpoint.id);
          }}
        >
          Delete
        </Button>
        <Button variant="ghost" aria-expanded={showLog} onClick={() => setShowLog(!showLog)}>
          {showLog ? 'Hide delivery log' : 'Show delivery log'}
        </Button>
      </Row>
      {showLog ? <DeliveryLog endpointId={endpoint.id} /> : null}
    </EndpointCard>
  );
}

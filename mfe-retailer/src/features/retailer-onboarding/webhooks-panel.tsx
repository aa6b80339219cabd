import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from 'shared-client';
import { formatServiceDateTime } from 'shared-contracts/service-time';
import {
  WEBHOOK_EVENT_DESCRIPTIONS,
  WEBHOOK_EVENT_TYPES,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointInput,
  type WebhookEventType,
  webhookEndpointInputSchema,
} from 'shared-contracts/webhooks';
import {
  Badge,
  Button,
  Card,
  Field,
  Muted,
  Notice,
  Row,
  Select,
  Skeleton,
  TextField,
  toast,
  useSubmitOnce,
  VisuallyHidden,
} from 'shared-ui';
import styled from 'styled-components';
import {
  endpointDeliveriesQueryOptions,
  useCreateWebhookEndpoint,
  useDeleteWebhookEndpoint,
  useRetryWebhookDelivery,
  useSendTestEvent,
  useUpdateWebhookEndpoint,
  webhookEndpointsQueryOptions,
} from '../../shared/retailer-api';
import { isSensitiveAuthRequired } from '../../shared/sensitive-auth';
import { Table, TableWrap } from '../../shared/table';
import { type RevealedSecret, SecretReveal } from './secret-reveal';

const Checks = styled.fieldset`
  border: 0;
  padding: 0;
  margin: 12px 0;
  min-width: 0;
  legend {
    font-weight: 600;
    margin-bottom: 6px;
  }
  label {
    display: flex;
    gap: 8px;
    align-items: flex-start;
    padding: 6px 0;
  }
  small {
    display: block;
    color: ${({ theme }) => theme.colors.muted};
  }
`;

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

const ErrorText = styled.p`
  color: ${({ theme }) => theme.colors.danger};
  margin: 4px 0 0;
`;

const statusTone = {
  succeeded: 'success',
  pending: 'warning',
  failed: 'danger',
} as const;

function AddEndpointForm({ onCreated }: { onCreated: (secret: RevealedSecret) => void }) {
  const create = useCreateWebhookEndpoint();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<WebhookEndpointInput>({
    resolver: zodResolver(webhookEndpointInputSchema),
    defaultValues: { url: '', mode: 'test', events: [...WEBHOOK_EVENT_TYPES], description: '' },
  });
  const { errors } = form.formState;
  const submit = useSubmitOnce(
    form.handleSubmit(async (values) => {
      setServerError(null);
      try {
        const created = await create.mutateAsync(values);
        onCreated({ label: 'Signing secret', value: created.secret });
        form.reset();
      } catch (error) {
        // Outside the re-check window the mutation already sent the person to confirm it.
        if (isSensitiveAuthRequired(error)) return;
        setServerError(errorMessage(error, 'Could not add the endpoint.'));
      }
    }),
  );
  return (
    <form onSubmit={submit} noValidate aria-labelledby="add-endpoint-title">
      <h3 id="add-endpoint-title" style={{ marginTop: 24 }}>
        Add an endpoint
      </h3>
      <Row $gap={12} $wrap style={{ alignItems: 'flex-start' }}>
        <div style={{ flex: '2 1 280px' }}>
          <TextField
            label="Endpoint URL"
            type="url"
            placeholder="https://shop.example.com/webhooks/curbrun"
            error={errors.url?.message}
            {...form.register('url')}
          />
        </div>
        <div style={{ flex: '1 1 140px' }}>
          <Field label="Mode" error={errors.mode?.message}>
            {(ids) => (
              <Select {...ids} {...form.register('mode')}>
                <option value="test">Test</option>
                <option value="live">Live</option>
              </Select>
            )}
          </Field>
        </div>
      </Row>
      <Checks>
        <legend>Events to send</legend>
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <label key={type}>
            <input type="checkbox" value={type} {...form.register('events')} />
            <span>
              <code>{type}</code>
              <small>{WEBHOOK_EVENT_DESCRIPTIONS[type]}</small>
            </span>
          </label>
        ))}
        {errors.events?.message ? (
          <ErrorText role="alert">{errors.events.message}</ErrorText>
        ) : null}
      </Checks>
      <Button type="submit" loading={create.isPending}>
        Add endpoint
      </Button>
      {serverError ? (
        <ErrorText role="alert" style={{ marginTop: 8 }}>
          {serverError}
        </ErrorText>
      ) : null}
    </form>
  );
}

function DeliveryLog({ endpointId }: { endpointId: string }) {
  const log = useQuery(endpointDeliveriesQueryOptions(endpointId));
  const retry = useRetryWebhookDelivery(endpointId);
  if (log.isPending) return <Skeleton style={{ height: 60 }} />;
  if (log.isError) {
    return (
      <Notice tone="danger" role="alert">
        {errorMessage(log.error, 'Could not load the delivery log.')}
      </Notice>
    );
  }
  if (log.data.length === 0) return <Muted>No events sent yet. Send a test event to try it.</Muted>;
  return (
    <TableWrap aria-label="Delivery log table">
      <Table aria-label="Delivery log">
        <thead>
          <tr>
            <th scope="col">Event</th>
            <th scope="col">Status</th>
            <th scope="col">Attempts (newest first)</th>
            <th scope="col">
              <VisuallyHidden>Actions</VisuallyHidden>
            </th>
          </tr>
        </thead>
        <tbody>
          {log.data.map((delivery: WebhookDelivery) => (
            <tr key={delivery.id}>
              <td>
                <code>{delivery.eventType}</code>
                {delivery.testEvent ? <Badge tone="info"> test</Badge> : null}
                <br />
                <Muted>
                  <code>{delivery.eventId}</code> · {formatServiceDateTime(delivery.createdAt)}
                </Muted>
              </td>
              <td>
                <Badge tone={statusTone[delivery.status]}>{delivery.status}</Badge>
                {delivery.nextAttemptAt ? (
                  <>
                    <br />
                    <Muted>next try {formatServiceDateTime(delivery.nextAttemptAt)}</Muted>
                  </>
                ) : null}
              </td>
              <td>
                <ul style={{ margin: 0, paddingLeft: 18 }}>
                  {delivery.log.map((attempt) => (
                    <li key={`${attempt.attempt}-${attempt.at}`}>
                      #{attempt.attempt}
                      {attempt.manual ? ' (manual)' : ''}:{' '}
                      {attempt.statusCode === null ? 'no answer' : `HTTP ${attempt.statusCode}`} in{' '}
                      {attempt.latencyMs} ms
                      {attempt.error && attempt.statusCode === null ? ` (${attempt.error})` : ''}
                    </li>
                  ))}
                </ul>
              </td>
              <td>
                {delivery.status === 'succeeded' ? null : (
                  <Button
                    size="sm"
                    variant="secondary"
                    loading={retry.isPending && retry.variables === delivery.id}
                    aria-label={`Retry ${delivery.eventType} ${delivery.eventId} now`}
                    onClick={() =>
                      retry.mutate(delivery.id, {
                        onError: (error) =>
                          toast({
                            title: 'Retry failed',
                            description: errorMessage(error),
                            variant: 'destructive',
                          }),
                      })
                    }
                  >
                    Retry now
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </TableWrap>
  );
}

function EndpointItem({ endpoint }: { endpoint: WebhookEndpoint }) {
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

import { useQuery } from '@tanstack/react-query';
import { errorMessage } from 'shared-client';
import { formatServiceDateTime } from 'shared-contracts/service-time';
import type { WebhookDelivery } from 'shared-contracts/webhooks';
import { Badge, Button, Muted, Notice, Skeleton, toast, VisuallyHidden } from 'shared-ui';
import { endpointDeliveriesQueryOptions, useRetryWebhookDelivery } from '../../shared/retailer-api';
import { Table, TableWrap } from '../../shared/table';

const statusTone = {
  succeeded: 'success',
  pending: 'warning',
  failed: 'danger',
} as const;

export function DeliveryLog({ endpointId }: { endpointId: string }) {
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

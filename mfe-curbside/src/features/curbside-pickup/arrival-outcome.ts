import type { QueryClient } from '@tanstack/react-query';
import { errorMessage } from 'shared-client';
import { CURBSIDE_TOASTS } from 'shared-contracts/curbside';
import { toast } from 'shared-ui';
import { arrivalAnswer, eligibleOrdersQueryOptions } from './api';

/**
 * The outcome of an arrival an earlier page kept, shown as the form shows its own: the same
 * toasts, and the new pickup's id for tracking. Loaded only when there is one to show.
 */
export function showArrivalOutcome(
  client: QueryClient,
  outcome: { status: 'success'; data: unknown } | { status: 'error'; error: unknown },
): string | undefined {
  void client.invalidateQueries({ queryKey: eligibleOrdersQueryOptions().queryKey });
  if (outcome.status === 'error') {
    toast({
      title: CURBSIDE_TOASTS.notifyFailed.title,
      description: errorMessage(outcome.error, CURBSIDE_TOASTS.notifyFailed.description),
      variant: 'destructive',
    });
    return undefined;
  }
  const { id } = arrivalAnswer(outcome.data);
  toast({ ...CURBSIDE_TOASTS.notified, variant: 'success' });
  return id;
}

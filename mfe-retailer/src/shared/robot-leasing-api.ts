import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, fetchJson } from 'shared-client';
import {
  type CreateLeaseRequest,
  LEASE_PLAN_IDS,
  type LeasePlanId,
  leaseListSchema,
  leaseSchema,
  MAX_LEASE_ROBOTS,
  MIN_LEASE_ROBOTS,
  ROBOT_MODEL_IDS,
  type RobotModelId,
} from 'shared-contracts/leasing';

export const leasesQueryOptions = () =>
  queryOptions({
    queryKey: ['retailer', 'leases'] as const,
    queryFn: async ({ signal }) =>
      leaseListSchema.parse(await fetchJson<unknown>('/api/leases', 'default', signal)),
  });

export const leaseQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['retailer', 'leases', id] as const,
    queryFn: async ({ signal }) =>
      leaseSchema.parse(
        await fetchJson<unknown>(`/api/leases/${encodeURIComponent(id)}`, 'default', signal),
      ),
  });

export function useCreateLease(idempotencyKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateLeaseRequest) =>
      leaseSchema.parse(
        await apiRequest<unknown>('POST', '/api/leases', input, {
          auth: true,
          headers: { 'Idempotency-Key': idempotencyKey },
        }),
      ),
    onSuccess: (lease) => {
      queryClient.setQueryData(leaseQueryOptions(lease.id).queryKey, lease);
      void queryClient.invalidateQueries({ queryKey: leasesQueryOptions().queryKey });
    },
  });
}

export interface LeaseSelection {
  modelId: RobotModelId;
  planId: LeasePlanId;
  quantity: number;
}

export const DEFAULT_SELECTION: LeaseSelection = {
  modelId: 'courier',
  planId: 'standard',
  quantity: 2,
};

/** The selection carried to the payment page in the query string (`?model=&plan=&quantity=`). */
export function selectionToSearch(selection: LeaseSelection): string {
  return new URLSearchParams({
    model: selection.modelId,
    plan: selection.planId,
    quantity: String(selection.quantity),
  }).toString();
}

/** Null when the query string does not name a valid selection. */
export function selectionFromSearch(search: URLSearchParams): LeaseSelection | null {
  const model = search.get('model');
  const plan = search.get('plan');
  const quantity = Number(search.get('quantity'));
  if (!(ROBOT_MODEL_IDS as readonly string[]).includes(model ?? '')) return null;
  if (!(LEASE_PLAN_IDS as readonly string[]).includes(plan ?? '')) return null;
  if (!Number.isInteger(quantity) || quantity < MIN_LEASE_ROBOTS || quantity > MAX_LEASE_ROBOTS) {
    return null;
  }
  return { modelId: model as RobotModelId, planId: plan as LeasePlanId, quantity };
}

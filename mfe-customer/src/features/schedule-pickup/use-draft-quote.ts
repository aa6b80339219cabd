import { useQuery } from '@tanstack/react-query';
import type { WeightClass } from 'shared-contracts/quotes';
import { storesQueryOptions } from '../../shared/catalog-api';
import { EMPTY_DELIVERY, useDeliveryQuote } from '../../shared/delivery-value';
import type { ScheduleDraft } from '../../shared/schedule-draft';

/** The draft's store and its live delivery quote (delivery and payment steps). */
export function useDraftQuote(draft: ScheduleDraft) {
  const stores = useQuery(storesQueryOptions());
  const store = stores.data?.find((item) => item.id === draft.storeDetails?.storeId);
  const delivery = draft.delivery ?? EMPTY_DELIVERY;
  const quote = useDeliveryQuote({
    storeId: draft.storeDetails?.storeId,
    bags: draft.orderDetails?.bags ?? 1,
    weightClass: (draft.orderDetails?.weightClass as WeightClass | undefined) ?? 'small',
    value: delivery,
  });
  return { stores, store, delivery, quote };
}

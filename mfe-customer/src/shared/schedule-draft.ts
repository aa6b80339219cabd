import { addressInputSchema } from 'shared-contracts/addresses';
import { orderDetailsStepSchema, storeDetailsStepSchema } from 'shared-contracts/order-pickups';
import type { DeliveryType } from 'shared-contracts/quotes';
import { deliveryWindowSchema } from 'shared-contracts/quotes';
import type { DeliveryValue } from './delivery-value';
import type { PaymentPreferences } from './payment-form';
import { STEPS, type StepId, stepIndex } from './schedule-steps';

/**
 * The pickup being scheduled. Kept in local storage (schedule-draft-storage.ts) as it is typed, so a
 * reload or a new tab continues it. Card details are never part of it.
 */
export interface ScheduleDraft {
  version: 1;
  /** Sent with the payment: one order per draft, however often Pay is pressed. */
  idempotencyKey: string;
  storeDetails?: { retailerId?: string; storeId?: string };
  /** As typed; `orderDetailsStepSchema` decides whether it is complete. */
  orderDetails?: {
    retailerOrderNumber?: string;
    customerName?: string;
    bags?: number;
    weightClass?: string;
    notes?: string;
  };
  delivery?: DeliveryValue;
  payment?: Partial<PaymentPreferences>;
  /** Set once paid: what the Complete step shows. */
  completed?: { orderId: string; orderNumber: string; deliveryType: DeliveryType };
  updatedAt: number;
}

export function newDraft(idempotencyKey: string, now = Date.now()): ScheduleDraft {
  return { version: 1, idempotencyKey, updatedAt: now };
}

/** Whether a delivery choice is complete enough to go on (the server re-checks everything). */
export function deliveryComplete(delivery: DeliveryValue | undefined): boolean {
  if (!delivery?.deliveryType || !deliveryWindowSchema.safeParse(delivery.window).success) {
    return false;
  }
  if (delivery.deliveryType === 'curbside') return true;
  if (!delivery.addressChoice) return false;
  if (delivery.addressChoice !== 'new') return true;
  return addressInputSchema.safeParse(delivery.newAddress).success;
}

/** Whether the step's data is complete. Payment is never "complete" in a draft: it ends it. */
export function isStepComplete(draft: ScheduleDraft, step: StepId): boolean {
  switch (step) {
    case 'store-details':
      return storeDetailsStepSchema.safeParse(draft.storeDetails ?? {}).success;
    case 'order-details':
      return orderDetailsStepSchema.safeParse(draft.orderDetails ?? {}).success;
    case 'delivery-details':
      return deliveryComplete(draft.delivery);
    case 'payment':
    case 'complete':
      return false;
  }
}

/** The first step that still needs the person (payment once the first three are done). */
export function firstIncompleteStep(draft: ScheduleDraft): StepId {
  for (const step of STEPS) {
    if (step.id === 'complete') break;
    if (!isStepComplete(draft, step.id)) return step.id;
  }
  return 'payment';
}

/**
 * The draft guard: the step to show for a requested one. A step whose earlier steps are not all
 * complete sends the person to the first incomplete step; Complete needs a paid order.
 */
export function allowedStep(draft: ScheduleDraft, requested: StepId): StepId {
  // Just paid: the later steps of the (now empty) next draft show the order instead; choosing a
  // store starts the next pickup.
  if (draft.completed) return requested === 'store-details' ? 'store-details' : 'complete';
  if (requested === 'complete') return firstIncompleteStep(draft);
  const first = firstIncompleteStep(draft);
  return stepIndex(requested) <= stepIndex(first) ? requested : first;
}

/** Whether there is anything in the draft worth continuing. */
export function hasProgress(draft: ScheduleDraft): boolean {
  return Boolean(draft.storeDetails?.storeId || draft.orderDetails || draft.delivery);
}

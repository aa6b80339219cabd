import { newIdempotencyKey } from 'shared-client';
import type { OrderPickup } from 'shared-contracts/order-pickups';
import { EMPTY_ADDRESS } from '../../shared/delivery-value';
import { newDraft, type ScheduleDraft } from '../../shared/schedule-draft';
import { saveDraft } from '../../shared/schedule-draft-storage';

/**
 * "Order again": a new scheduling draft prefilled from a past order, stored where the
 * flow keeps its draft (local storage, per user; shared/schedule-draft-storage.ts), with a fresh payment key. The
 * retailer's order number is left empty: a new pickup is a new retailer order. The delivery goes
 * to the same address, typed in again (the order keeps a copy, not the saved address's id).
 */
export function draftFromOrder(order: OrderPickup, now = Date.now()): ScheduleDraft {
  const address = order.deliveryAddress;
  return {
    ...newDraft(newIdempotencyKey(), now),
    storeDetails: { retailerId: order.retailerId, storeId: order.storeId },
    orderDetails: {
      retailerOrderNumber: '',
      customerName: order.customerName ?? '',
      bags: order.bags,
      weightClass: order.weightClass,
      notes: order.notes ?? '',
    },
    delivery: {
      deliveryType: order.deliveryType,
      window: order.window ?? undefined,
      addressChoice: order.deliveryType === 'home' && address ? 'new' : undefined,
      newAddress: address
        ? {
            line1: address.line1,
            line2: address.line2 ?? '',
            city: address.city,
            state: address.state,
            zip: address.zip,
            instructions: address.instructions ?? '',
          }
        : EMPTY_ADDRESS,
      saveAddress: false,
    },
  };
}

/** Stores the prefilled draft and answers where the flow continues: the order details step. */
export function startReorder(userId: string, order: OrderPickup): string {
  saveDraft(userId, draftFromOrder(order));
  return '/schedule-pickup/order-details';
}

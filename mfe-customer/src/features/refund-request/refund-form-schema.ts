import {
  type CreateRefundRequest,
  itemValueCentsSchema,
  needsItemValue,
  REFUND_DESCRIPTION_MAX,
  REFUND_DESCRIPTION_MIN,
  REFUND_MESSAGES,
  REFUND_REASONS,
  type RefundReason,
  refundDestinationSchema,
} from 'shared-contracts/refunds';
import { z } from 'zod';
import { dollarsToCents } from '../../shared/payment-form-schema';

/**
 * The refund form: the server's request schema (shared-contracts) with the item value typed in
 * dollars, as people write it. The same messages on both sides.
 */
export const refundFormSchema = z
  .object({
    orderPickupId: z.string().min(1, REFUND_MESSAGES.orderRequired),
    reason: z
      .string()
      .refine(
        (value) => (REFUND_REASONS as readonly string[]).includes(value),
        REFUND_MESSAGES.reasonRequired,
      ),
    description: z
      .string()
      .trim()
      .min(REFUND_DESCRIPTION_MIN, REFUND_MESSAGES.descriptionMin)
      .max(REFUND_DESCRIPTION_MAX, REFUND_MESSAGES.descriptionMax),
    itemValue: z.string(),
    destination: refundDestinationSchema,
  })
  .superRefine((values, ctx) => {
    if (!needsItemValue(values.reason as RefundReason)) return;
    if (!values.itemValue.trim()) {
      ctx.addIssue({
        code: 'custom',
        path: ['itemValue'],
        message: REFUND_MESSAGES.itemValueRequired,
      });
      return;
    }
    const cents = dollarsToCents(values.itemValue);
    const parsed = itemValueCentsSchema.safeParse(cents ?? Number.NaN);
    if (!parsed.success) {
      ctx.addIssue({
        code: 'custom',
        path: ['itemValue'],
        message: REFUND_MESSAGES.itemValueRange,
      });
    }
  });

export type RefundFormValues = z.infer<typeof refundFormSchema>;

export const EMPTY_REFUND_FORM: RefundFormValues = {
  orderPickupId: '',
  reason: '',
  description: '',
  itemValue: '',
  destination: 'wallet',
};

export function toRefundRequest(values: RefundFormValues): Omit<CreateRefundRequest, 'photoIds'> {
  const reason = values.reason as RefundReason;
  return {
    orderPickupId: values.orderPickupId,
    reason,
    description: values.description.trim(),
    ...(needsItemValue(reason) ? { itemValueCents: dollarsToCents(values.itemValue) ?? 0 } : {}),
    // Item compensation always goes to the wallet (the policy); the choice applies to fees.
    destination: reason === 'late' ? values.destination : 'wallet',
  };
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { errorMessage, newIdempotencyKey } from 'shared-client';
import { ORDER_PICKUP_STATUS_LABELS } from 'shared-contracts/order-pickups';
import { formatCents } from 'shared-contracts/payments';
import {
  AUTO_APPROVE_ITEM_LIMIT_CENTS,
  ITEM_CLAIM_DAYS,
  needsItemValue,
  REFUND_DESCRIPTION_MAX,
  REFUND_DESTINATION_LABELS,
  REFUND_DESTINATIONS,
  REFUND_REASON_LABELS,
  REFUND_REASONS,
  type RefundReason,
} from 'shared-contracts/refunds';
import { formatServiceDay } from 'shared-contracts/service-time';
import {
  Button,
  Field,
  Input,
  Notice,
  Select,
  Stack,
  Textarea,
  toast,
  useSubmitOnce,
} from 'shared-ui';
import styled from 'styled-components';
import { orderPickupsQueryOptions } from '../../shared/order-pickups-api';
import { useSubmitRefundMutation } from './api';
import { PhotoPicker } from './photo-picker';
import {
  EMPTY_REFUND_FORM,
  type RefundFormValues,
  refundFormSchema,
  toRefundRequest,
} from './refund-form-schema';

const Fieldset = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 8px;
  legend {
    font-weight: 700;
    margin-bottom: 6px;
  }
  label {
    display: flex;
    gap: 10px;
    align-items: flex-start;
    min-height: 32px;
  }
  input[type='radio'] {
    width: 20px;
    height: 20px;
    margin-top: 2px;
  }
`;

const ErrorText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-weight: 400;
  font-size: 0.875rem;
`;

const ITEM_HINT = `Covered up to 100% of the item's value, credited to your wallet (report within ${ITEM_CLAIM_DAYS} days). Approved at once when the retailer listed the items it sold you; otherwise a specialist checks it.`;

const REASON_HINTS: Record<RefundReason, string> = {
  late: 'A late delivery caused by us, checked against our delivery times: 100% of the delivery fee back.',
  damaged_item: ITEM_HINT,
  missing_item: ITEM_HINT,
  other: 'A support specialist reads it and replies by email.',
};

/** Orders a refund can be about: paid and not cancelled (cancelled ones were refunded in full). */
const REFUNDABLE = [
  'confirmed',
  'ready_for_pickup',
  'picked_up',
  'in_transit',
  'delivered',
] as const;

export function RefundForm({ initialOrderId }: { initialOrderId: string | null }) {
  const orders = useQuery(orderPickupsQueryOptions());
  const submit = useSubmitRefundMutation();
  const [photos, setPhotos] = useState<File[]>([]);
  const [serverError, setServerError] = useState<string | null>(null);
  // One key per request the person is writing: a retry after a network error is not a second one.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const form = useForm<RefundFormValues>({
    resolver: zodResolver(refundFormSchema),
    defaultValues: { ...EMPTY_REFUND_FORM, orderPickupId: initialOrderId ?? '' },
  });
  const { errors } = form.formState;
  const reason = useWatch({ control: form.control, name: 'reason' }) as RefundReason | '';
  const eligible = (orders.data ?? []).filter((order) =>
    (REFUNDABLE as readonly string[]).includes(order.status),
  );

  const onSubmit = useSubmitOnce(
    form.handleSubmit(async (values) => {
      setServerError(null);
      try {
        const created = await submit.mutateAsync({
          body: toRefundRequest(values),
          photos,
          idempotencyKey,
        });
        toast({
          title: 'Refund request sent',
          description: `We are reviewing your request for order ${created.orderNumber}. Follow it below.`,
          variant: 'success',
        });
        form.reset({ ...EMPTY_REFUND_FORM });
        setPhotos([]);
        setIdempotencyKey(newIdempotencyKey());
      } catch (error) {
        const message = errorMessage(error, 'Your request could not be sent. Please try again.');
        setServerError(message);
        toast({ title: 'Refund request not sent', description: message, variant: 'destructive' });
      }
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="refund-form-heading">
      <Stack $gap={16}>
        <h2 id="refund-form-heading">Ask for a refund</h2>
        {serverError ? (
          <Notice tone="danger" role="alert">
            {serverError}
          </Notice>
        ) : null}
        <Controller
          control={form.control}
          name="orderPickupId"
          render={({ field }) => (
            <Field
              label="Order"
              error={errors.orderPickupId?.message}
              hint={
                orders.isError
                  ? errorMessage(orders.error, 'We could not load your orders.')
                  : undefined
              }
            >
              {(ids) => (
                // Controlled: an order asked for in the URL is selected once the list arrives.
                <Select
                  {...ids}
                  name={field.name}
                  value={field.value}
                  onChange={(event) => field.onChange(event.target.value)}
                  onBlur={field.onBlur}
                  $invalid={Boolean(errors.orderPickupId)}
                  disabled={orders.isPending}
                >
                  <option value="">
                    {orders.isPending ? 'Loading your orders…' : 'Select an order'}
                  </option>
                  {eligible.map((order) => (
                    <option key={order.id} value={order.id}>
                      {order.orderNumber} · {order.storeName} ·{' '}
                      {ORDER_PICKUP_STATUS_LABELS[order.status]} ·{' '}
                      {formatServiceDay(order.createdAt)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          )}
        />
        <Controller
          control={form.control}
          name="reason"
          render={({ field }) => (
            <Fieldset aria-describedby={errors.reason ? 'refund-reason-error' : undefined}>
              <legend>Reason</legend>
              {REFUND_REASONS.map((option) => (
                <label key={option}>
                  <input
                    type="radio"
                    name={field.name}
                    value={option}
                    checked={field.value === option}
                    onChange={() => field.onChange(option)}
                    onBlur={field.onBlur}
                  />
                  <span>
                    <strong>{REFUND_REASON_LABELS[option]}</strong>
                    <br />
                    <span>{REASON_HINTS[option]}</span>
                  </span>
                </label>
              ))}
              {errors.reason ? (
                <ErrorText id="refund-reason-error" role="alert">
                  {errors.reason.message}
                </ErrorText>
              ) : null}
            </Fieldset>
          )}
        />
        {needsItemValue(reason || undefined) ? (
          <Field
            label="Value of the item (dollars)"
            error={errors.itemValue?.message}
            hint={`What the item cost. We check it against the items the retailer sent us: up to ${formatCents(AUTO_APPROVE_ITEM_LIMIT_CENTS)} within them is decided at once; anything else goes to a specialist.`}
          >
            {(ids) => (
              <Input
                {...ids}
                {...form.register('itemValue')}
                inputMode="decimal"
                $invalid={Boolean(errors.itemValue)}
              />
            )}
          </Field>
        ) : null}
        {reason === 'late' ? (
          <Controller
            control={form.control}
            name="destination"
            render={({ field }) => (
              <Fieldset>
                <legend>Where should the refund go?</legend>
                {REFUND_DESTINATIONS.map((option) => (
                  <label key={option}>
                    <input
                      type="radio"
                      name={field.name}
                      value={option}
                      checked={field.value === option}
                      onChange={() => field.onChange(option)}
                    />
                    <span>{REFUND_DESTINATION_LABELS[option]}</span>
                  </label>
                ))}
              </Fieldset>
            )}
          />
        ) : null}
        <Field
          label="What happened?"
          error={errors.description?.message}
          hint={`At most ${REFUND_DESCRIPTION_MAX} characters.`}
        >
          {(ids) => (
            <Textarea
              {...ids}
              {...form.register('description')}
              maxLength={REFUND_DESCRIPTION_MAX}
              $invalid={Boolean(errors.description)}
            />
          )}
        </Field>
        <PhotoPicker photos={photos} onChange={setPhotos} />
        <div>
          <Button type="submit" loading={submit.isPending} loadingLabel="Sending…">
            Send refund request
          </Button>
        </div>
      </Stack>
    </form>
  );
}

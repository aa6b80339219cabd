import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useAuth } from 'shared-auth';
import { type OrderDetailsStepInput, orderDetailsStepSchema } from 'shared-contracts/order-pickups';
import {
  MAX_BAGS,
  MIN_BAGS,
  WEIGHT_CLASS_INFO,
  WEIGHT_CLASSES,
  type WeightClass,
} from 'shared-contracts/quotes';
import { Field, Input, media, Stack, Textarea, useSubmitOnce } from 'shared-ui';
import { useNavigate } from 'shared-ui/router';
import styled from 'styled-components';
import { ChoiceCard, ChoiceGroup, FieldError } from '../../shared/choice-card';
import { stepPath } from '../../shared/schedule-steps';
import { useDraft } from './draft-context';
import { StepActions, StepLayout } from './step-layout';

// Not shared-ui's TwoColumns (from `lg` on): short fields pair up from `md` on.
const FieldColumns = styled.div`
  display: grid;
  gap: 16px;
  grid-template-columns: 1fr;
  ${media.md} {
    grid-template-columns: 1fr 1fr;
  }
`;

/** Step 2: the retailer's order number, the name on the order, bags, size and notes. */
export function OrderDetailsStep() {
  const { draft, update } = useDraft();
  const { user } = useAuth();
  const navigate = useNavigate();
  const saved = draft.orderDetails;
  const fullName = [user?.firstName, user?.lastName].filter(Boolean).join(' ');
  const form = useForm<OrderDetailsStepInput>({
    resolver: zodResolver(orderDetailsStepSchema),
    // Validate on submit first, then as fields are corrected: a message that appeared on blur
    // would move the submit button from under the pointer and lose the click.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: {
      retailerOrderNumber: saved?.retailerOrderNumber ?? '',
      customerName: saved?.customerName ?? fullName,
      bags: saved?.bags ?? 1,
      weightClass: (saved?.weightClass as WeightClass | undefined) ?? undefined,
      notes: saved?.notes ?? '',
    },
  });
  const { errors } = form.formState;

  // Everything typed goes into the draft at once, so a reload loses nothing.
  useEffect(() => {
    const subscription = form.watch((values) => {
      update(() => ({
        orderDetails: {
          retailerOrderNumber: values.retailerOrderNumber,
          customerName: values.customerName,
          bags:
            typeof values.bags === 'number' && !Number.isNaN(values.bags) ? values.bags : undefined,
          weightClass: values.weightClass,
          notes: values.notes,
        },
      }));
    });
    return () => subscription.unsubscribe();
  }, [form, update]);

  const submit = useSubmitOnce(
    form.handleSubmit((values) => {
      update(() => ({ orderDetails: values }));
      navigate(stepPath('delivery-details'));
    }),
  );

  return (
    <StepLayout
      title="Order Details"
      description="Tell us about the order the store is holding for you."
    >
      <form onSubmit={submit} noValidate aria-label="Order details">
        <Stack $gap={20}>
          <FieldColumns>
            <Field
              label="Retailer's order number"
              hint="From your order confirmation email or receipt."
              error={errors.retailerOrderNumber?.message}
            >
              {(ids) => (
                <Input
                  {...ids}
                  {...form.register('retailerOrderNumber')}
                  autoComplete="off"
                  $invalid={Boolean(errors.retailerOrderNumber)}
                />
              )}
            </Field>
            <Field label="Name on the order" error={errors.customerName?.message}>
              {(ids) => (
                <Input
                  {...ids}
                  {...form.register('customerName')}
                  autoComplete="name"
                  $invalid={Boolean(errors.customerName)}
                />
              )}
            </Field>
            <Field
              label="Number of bags"
              hint={`${MIN_BAGS} to ${MAX_BAGS}`}
              error={errors.bags?.message}
            >
              {(ids) => (
                <Input
                  {...ids}
                  {...form.register('bags', { valueAsNumber: true })}
                  type="number"
                  inputMode="numeric"
                  min={MIN_BAGS}
                  max={MAX_BAGS}
                  $invalid={Boolean(errors.bags)}
                />
              )}
            </Field>
          </FieldColumns>
          <Controller
            control={form.control}
            name="weightClass"
            render={({ field }) => (
              <ChoiceGroup>
                <legend>Size and weight</legend>
                {WEIGHT_CLASSES.map((weightClass) => (
                  <ChoiceCard
                    key={weightClass}
                    name={field.name}
                    value={weightClass}
                    checked={field.value === weightClass}
                    onChange={(value) => field.onChange(value)}
                    title={WEIGHT_CLASS_INFO[weightClass].label}
                    description={WEIGHT_CLASS_INFO[weightClass].description}
                  />
                ))}
                {errors.weightClass?.message ? (
                  <FieldError role="alert">{errors.weightClass.message}</FieldError>
                ) : null}
              </ChoiceGroup>
            )}
          />
          <Field label="Notes for the store (optional)" error={errors.notes?.message}>
            {(ids) => (
              <Textarea
                {...ids}
                {...form.register('notes')}
                rows={3}
                placeholder="e.g. two bags and a shoebox"
                $invalid={Boolean(errors.notes)}
              />
            )}
          </Field>
          <StepActions onBack={() => navigate(stepPath('store-details'))} nextType="submit" />
        </Stack>
      </form>
    </StepLayout>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { type AddressFormValues, addressInputSchema } from 'shared-contracts/addresses';
import { Button, Grid, Row, Stack, TextField, useSubmitOnce } from 'shared-ui';

export interface AddressFormProps {
  initial: AddressFormValues;
  submitLabel: string;
  pending: boolean;
  /** Shown under the fields (server errors). */
  error?: string | null;
  onSubmit: (values: AddressFormValues) => Promise<void>;
  onCancel?: () => void;
  idPrefix: string;
}

/** A Texas street address, validated like the scheduling flow's (shared-contracts). */
export function AddressForm({
  initial,
  submitLabel,
  pending,
  error,
  onSubmit,
  onCancel,
  idPrefix,
}: AddressFormProps) {
  const form = useForm<AddressFormValues>({
    resolver: zodResolver(addressInputSchema),
    defaultValues: initial,
  });
  const { errors } = form.formState;
  const submit = useSubmitOnce(form.handleSubmit(onSubmit));
  return (
    <form onSubmit={submit} noValidate aria-label={submitLabel} id={`${idPrefix}-form`}>
      <Stack $gap={12}>
        <Grid $min={200}>
          <TextField
            label="Label (optional)"
            placeholder="Home, Work…"
            {...form.register('label')}
            error={errors.label?.message}
          />
          <TextField
            label="Street address"
            autoComplete="address-line1"
            {...form.register('line1')}
            error={errors.line1?.message}
          />
          <TextField
            label="Apartment, suite or unit (optional)"
            autoComplete="address-line2"
            {...form.register('line2')}
            error={errors.line2?.message}
          />
          <TextField
            label="City"
            autoComplete="address-level2"
            {...form.register('city')}
            error={errors.city?.message}
          />
          <TextField
            label="State"
            autoComplete="address-level1"
            {...form.register('state')}
            error={errors.state?.message}
          />
          <TextField
            label="ZIP code"
            autoComplete="postal-code"
            inputMode="numeric"
            {...form.register('zip')}
            error={errors.zip?.message ?? error ?? undefined}
          />
        </Grid>
        <TextField
          label="Delivery instructions (optional)"
          {...form.register('instructions')}
          error={errors.instructions?.message}
        />
        <Row>
          <Button type="submit" loading={pending} loadingLabel="Saving…">
            {submitLabel}
          </Button>
          {onCancel ? (
            <Button variant="ghost" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
        </Row>
      </Stack>
    </form>
  );
}

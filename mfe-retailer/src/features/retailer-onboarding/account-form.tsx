import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { errorMessage } from 'shared-client';
import {
  type CreatedRetailerAccount,
  MAX_RETAILER_STORES,
  type RetailerAccountInput,
  retailerAccountInputSchema,
} from 'shared-contracts/retailer';
import { applyServerIssues, Button, Card, Notice, Row, TextField, useSubmitOnce } from 'shared-ui';
import styled from 'styled-components';
import { useCreateRetailerAccount } from '../../shared/retailer-api';
import { isSensitiveAuthRequired } from '../../shared/sensitive-auth';

const Fieldset = styled.fieldset`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  padding: 16px;
  margin: 0 0 16px;
  min-width: 0;
  legend {
    font-weight: 700;
    padding: 0 6px;
  }
`;

const Fields = styled.div`
  display: grid;
  gap: 12px;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 220px), 1fr));
`;

const Services = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 16px;
  align-items: center;
  label {
    display: inline-flex;
    gap: 6px;
    align-items: center;
    min-height: 44px;
  }
`;

const FieldError = styled.p`
  color: ${({ theme }) => theme.colors.danger};
  margin: 4px 0 0;
  font-size: 0.875rem;
`;

const EMPTY_STORE = {
  name: '',
  line1: '',
  city: '',
  state: 'TX',
  zip: '',
  services: ['curbside', 'home_delivery'] as ('curbside' | 'home_delivery')[],
};

/**
 * Onboarding form: the business, a contact and its store locations. The same zod schema
 * validates here and on the server; a server refusal (a ZIP outside the three metros) is shown
 * under the form with the server's message.
 */
export function AccountForm({
  onCreated,
}: {
  onCreated: (created: CreatedRetailerAccount) => void;
}) {
  const create = useCreateRetailerAccount();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<RetailerAccountInput>({
    resolver: zodResolver(retailerAccountInputSchema),
    defaultValues: {
      businessName: '',
      website: '',
      contactName: '',
      contactEmail: '',
      contactPhone: '',
      stores: [EMPTY_STORE],
    },
  });
  const stores = useFieldArray({ control: form.control, name: 'stores' });
  const { errors } = form.formState;

  const submit = useSubmitOnce(
    form.handleSubmit(async (values) => {
      setServerError(null);
      try {
        onCreated(await create.mutateAsync(values));
      } catch (error) {
        // Outside the re-check window the mutation already sent the person to confirm it.
        if (isSensitiveAuthRequired(error)) return;
        // A name already taken (or a partner's) is also marked on its field, which gets focus.
        await applyServerIssues(error, ['businessName'], form.setError);
        setServerError(errorMessage(error, 'Could not create your retailer account.'));
      }
    }),
  );

  return (
    <Card as="form" onSubmit={submit} noValidate aria-labelledby="account-form-title">
      <h2 id="account-form-title" style={{ marginTop: 0 }}>
        Create your retailer account
      </h2>
      <p>
        You become the account’s owner. We create test and live API keys right away; test mode never
        charges anyone.
      </p>
      <Fieldset>
        <legend>Business</legend>
        <Fields>
          <TextField
            label="Business name"
            autoComplete="organization"
            error={errors.businessName?.message}
            {...form.register('businessName')}
          />
          <TextField
            label="Website"
            type="url"
            placeholder="https://shop.example.com"
            autoComplete="url"
            error={errors.website?.message}
            {...form.register('website')}
          />
        </Fields>
      </Fieldset>
      <Fieldset>
        <legend>Contact</legend>
        <Fields>
          <TextField
            label="Contact name"
            autoComplete="name"
            error={errors.contactName?.message}
            {...form.register('contactName')}
          />
          <TextField
            label="Contact email"
            type="email"
            autoComplete="email"
            error={errors.contactEmail?.message}
            {...form.register('contactEmail')}
          />
          <TextField
            label="Contact phone"
            type="tel"
            autoComplete="tel"
            error={errors.contactPhone?.message}
            {...form.register('contactPhone')}
          />
        </Fields>
      </Fieldset>
      {stores.fields.map((field, index) => {
        const storeErrors = errors.stores?.[index];
        const number = index + 1;
        return (
          <Fieldset key={field.id}>
            <legend>Store location {number}</legend>
            <Fields>
              <TextField
                label="Store name"
                error={storeErrors?.name?.message}
                {...form.register(`stores.${index}.name`)}
              />
              <TextField
                label="Street address"
                autoComplete="address-line1"
                error={storeErrors?.line1?.message}
                {...form.register(`stores.${index}.line1`)}
              />
              <TextField
                label="City"
                autoComplete="address-level2"
                error={storeErrors?.city?.message}
                {...form.register(`stores.${index}.city`)}
              />
              <TextField
                label="State"
                maxLength={2}
                autoComplete="address-level1"
                error={storeErrors?.state?.message}
                {...form.register(`stores.${index}.state`)}
              />
              <TextField
                label="ZIP code"
                inputMode="numeric"
                maxLength={5}
                autoComplete="postal-code"
                error={storeErrors?.zip?.message}
                {...form.register(`stores.${index}.zip`)}
              />
            </Fields>
            <Services role="group" aria-label={`Services at store location ${number}`}>
              <label>
                <input
                  type="checkbox"
                  value="curbside"
                  {...form.register(`stores.${index}.services`)}
                />
                Curbside pickup
              </label>
              <label>
                <input
                  type="checkbox"
                  value="home_delivery"
                  {...form.register(`stores.${index}.services`)}
                />
                Home delivery
              </label>
              {stores.fields.length > 1 ? (
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  onClick={() => stores.remove(index)}
                  aria-label={`Remove store location ${number}`}
                >
                  Remove
                </Button>
              ) : null}
            </Services>
            {storeErrors?.services?.message ? (
              <FieldError role="alert">{storeErrors.services.message}</FieldError>
            ) : null}
          </Fieldset>
        );
      })}
      {errors.stores?.message ? (
        <FieldError role="alert">{errors.stores.message}</FieldError>
      ) : null}
      <Row $gap={12} $wrap>
        <Button
          type="button"
          variant="secondary"
          disabled={stores.fields.length >= MAX_RETAILER_STORES}
          onClick={() => stores.append({ ...EMPTY_STORE })}
        >
          Add another store
        </Button>
        <Button type="submit" loading={create.isPending} loadingLabel="Creating your account…">
          Create retailer account
        </Button>
      </Row>
      {serverError ? (
        <div style={{ marginTop: 16 }}>
          <Notice tone="danger" title="Your account was not created" role="alert">
            {serverError}
          </Notice>
        </div>
      ) : null}
    </Card>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { errorMessage } from 'shared-client';
import { type AddressFormValues, formatAddress } from 'shared-contracts/addresses';
import { formatCents } from 'shared-contracts/payments';
import {
  COVERAGE,
  DELIVERY_TYPE_LABELS,
  type DeliveryType,
  type DeliveryWindow,
  FEE_TABLE,
  type Quote,
} from 'shared-contracts/quotes';
import type { StoreService } from 'shared-contracts/stores';
import { Field, Input, media, Notice, Skeleton, Stack, Textarea } from 'shared-ui';
import styled from 'styled-components';
import { addressesQueryOptions } from './addresses-api';
import { ChoiceCard, ChoiceGroup, FieldError } from './choice-card';
import type { DeliveryErrors, DeliveryValue } from './delivery-value';
import { storeOffers } from './delivery-value';
import { formatWindow } from './format';

const AddressGrid = styled.div`
  display: grid;
  gap: 14px;
  grid-template-columns: 1fr;
  ${media.sm} {
    grid-template-columns: 2fr 1fr 1fr;
    .wide {
      grid-column: 1 / -1;
    }
  }
`;

const Checkbox = styled.label`
  display: flex;
  gap: 10px;
  align-items: center;
  input {
    width: 18px;
    height: 18px;
  }
`;

export interface DeliveryOptionsProps {
  storeName: string;
  services: readonly StoreService[];
  value: DeliveryValue;
  onChange: (value: DeliveryValue) => void;
  /** The live quote for the current choice (see useDeliveryQuote). */
  quote: Quote | undefined;
  quotePending: boolean;
  quoteError: unknown;
  /** Errors to show (after the person tried to go on). */
  errors: DeliveryErrors;
}

/**
 * Curbside or home delivery, the address (saved or new) and the time windows the address
 * qualifies for, each with its fee from the live quote.
 */
export function DeliveryOptions({
  storeName,
  services,
  value,
  onChange,
  quote,
  quotePending,
  quoteError,
  errors,
}: DeliveryOptionsProps) {
  const addresses = useQuery(addressesQueryOptions());
  const windowsHeading = useId();
  const set = (patch: Partial<DeliveryValue>) => onChange({ ...value, ...patch });

  // Sensible starting points: the only service a store offers; the default saved address (or a
  // new one when there is none).
  const onlyService =
    services.length === 1 ? (services[0] === 'curbside' ? 'curbside' : 'home') : undefined;
  const defaultAddress = addresses.data
    ? (addresses.data.find((address) => address.isDefault)?.id ?? 'new')
    : undefined;
  useEffect(() => {
    if (!value.deliveryType && onlyService) onChange({ ...value, deliveryType: onlyService });
    else if (value.deliveryType === 'home' && !value.addressChoice && defaultAddress) {
      onChange({ ...value, addressChoice: defaultAddress });
    }
  }, [value, onlyService, defaultAddress, onChange]);
  const setAddress = (field: keyof AddressFormValues, text: string) =>
    set({ newAddress: { ...value.newAddress, [field]: text } });

  const typeDescription: Record<DeliveryType, string> = {
    curbside: `From ${formatCents(FEE_TABLE.baseCents.curbside)}. Park at ${storeName} and a robot brings your order to your car.`,
    home: `From ${formatCents(FEE_TABLE.baseCents.home)}. A driver brings your order to your door; the fee depends on distance, weight and timing.`,
  };

  return (
    <Stack $gap={24}>
      <ChoiceGroup>
        <legend>How should we get it to you?</legend>
        {(['curbside', 'home'] as const).map((type) => {
          const offered = storeOffers(services, type);
          return (
            <ChoiceCard
              key={type}
              name="delivery-type"
              value={type}
              checked={value.deliveryType === type}
              disabled={!offered}
              onChange={() => set({ deliveryType: type, window: undefined })}
              title={DELIVERY_TYPE_LABELS[type]}
              description={
                offered
                  ? typeDescription[type]
                  : `${storeName} does not offer ${DELIVERY_TYPE_LABELS[type].toLowerCase()}.`
              }
            />
          );
        })}
        {errors.deliveryType ? <FieldError role="alert">{errors.deliveryType}</FieldError> : null}
      </ChoiceGroup>

      {value.deliveryType === 'home' ? (
        <ChoiceGroup>
          <legend>Delivery address</legend>
          {addresses.isPending ? <Skeleton $height="56px" /> : null}
          {addresses.data?.map((address) => (
            <ChoiceCard
              key={address.id}
              name="delivery-address"
              value={address.id}
              checked={value.addressChoice === address.id}
              onChange={() => set({ addressChoice: address.id, window: undefined })}
              title={address.label ?? address.line1}
              description={`${formatAddress(address)}${address.isDefault ? ' · Default' : ''}`}
            />
          ))}
          <ChoiceCard
            name="delivery-address"
            value="new"
            checked={value.addressChoice === 'new'}
            onChange={() => set({ addressChoice: 'new', window: undefined })}
            title="A new address"
            description="Dallas–Fort Worth, Houston or Austin area"
          />
          {errors.address ? <FieldError role="alert">{errors.address}</FieldError> : null}
          {value.addressChoice === 'new' ? (
            <Stack $gap={12}>
              <AddressGrid>
                <Field label="Street address" error={errors.addressFields?.line1} className="wide">
                  {(ids) => (
                    <Input
                      {...ids}
                      value={value.newAddress.line1}
                      onChange={(event) => setAddress('line1', event.target.value)}
                      autoComplete="address-line1"
                      $invalid={Boolean(errors.addressFields?.line1)}
                    />
                  )}
                </Field>
                <Field
                  label="Apartment, suite or unit (optional)"
                  error={errors.addressFields?.line2}
                  className="wide"
                >
                  {(ids) => (
                    <Input
                      {...ids}
                      value={value.newAddress.line2 ?? ''}
                      onChange={(event) => setAddress('line2', event.target.value)}
                      autoComplete="address-line2"
                    />
                  )}
                </Field>
                <Field label="City" error={errors.addressFields?.city}>
                  {(ids) => (
                    <Input
                      {...ids}
                      value={value.newAddress.city}
                      onChange={(event) => setAddress('city', event.target.value)}
                      autoComplete="address-level2"
                      $invalid={Boolean(errors.addressFields?.city)}
                    />
                  )}
                </Field>
                <Field label="State" error={errors.addressFields?.state}>
                  {(ids) => (
                    <Input
                      {...ids}
                      value={value.newAddress.state}
                      onChange={(event) => setAddress('state', event.target.value)}
                      autoComplete="address-level1"
                      maxLength={2}
                      $invalid={Boolean(errors.addressFields?.state)}
                    />
                  )}
                </Field>
                <Field label="ZIP code" error={errors.addressFields?.zip}>
                  {(ids) => (
                    <Input
                      {...ids}
                      value={value.newAddress.zip}
                      onChange={(event) => setAddress('zip', event.target.value)}
                      autoComplete="postal-code"
                      inputMode="numeric"
                      maxLength={5}
                      $invalid={Boolean(errors.addressFields?.zip)}
                    />
                  )}
                </Field>
                <Field
                  label="Delivery instructions (optional)"
                  error={errors.addressFields?.instructions}
                  className="wide"
                >
                  {(ids) => (
                    <Textarea
                      {...ids}
                      value={value.newAddress.instructions ?? ''}
                      onChange={(event) => setAddress('instructions', event.target.value)}
                      rows={2}
                    />
                  )}
                </Field>
              </AddressGrid>
              <Checkbox>
                <input
                  type="checkbox"
                  checked={value.saveAddress}
                  onChange={(event) => set({ saveAddress: event.target.checked })}
                />
                Save this address for next time
              </Checkbox>
            </Stack>
          ) : null}
        </ChoiceGroup>
      ) : null}

      {value.deliveryType ? (
        <ChoiceGroup aria-labelledby={windowsHeading} aria-busy={quotePending || undefined}>
          <legend id={windowsHeading}>When?</legend>
          {quoteError ? (
            <Notice tone="danger" role="alert" title="We can't deliver this order as chosen">
              {errorMessage(quoteError)}
            </Notice>
          ) : null}
          {!quote && !quoteError ? (
            quotePending ? (
              <Stack $gap={8} role="status" aria-live="polite">
                <Skeleton $height="56px" />
                <Skeleton $height="56px" />
              </Stack>
            ) : (
              <p>Enter the delivery address to see the times and prices available.</p>
            )
          ) : null}
          {quote && !quoteError
            ? quote.windows.map((option) => (
                <ChoiceCard
                  key={option.window}
                  name="delivery-window"
                  value={option.window}
                  checked={value.window === option.window}
                  disabled={!option.available}
                  onChange={(window) => set({ window: window as DeliveryWindow })}
                  title={option.label}
                  description={
                    option.available ? formatWindow(option.startsAt, option.endsAt) : option.reason
                  }
                  aside={option.feeCents !== null ? formatCents(option.feeCents) : undefined}
                />
              ))
            : null}
          {quote?.distanceMiles !== null && quote?.distanceMiles !== undefined && !quoteError ? (
            <p>
              {quote.distanceMiles.toFixed(1)} miles from the store.{' '}
              {quote.zone === 'core'
                ? `Inside our ${COVERAGE.coreZoneMiles}-mile core zone: ASAP delivery available.`
                : quote.zone === 'extended'
                  ? `Outside the ${COVERAGE.coreZoneMiles}-mile core zone: 2-, 4- or 6-hour windows.`
                  : `Outside our ${COVERAGE.coverageRadiusMiles}-mile same-day area: next-day delivery.`}
            </p>
          ) : null}
          {errors.window ? <FieldError role="alert">{errors.window}</FieldError> : null}
        </ChoiceGroup>
      ) : null}
    </Stack>
  );
}

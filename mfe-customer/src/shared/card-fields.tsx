import { useFormContext } from 'react-hook-form';
import { detectCardBrand } from 'shared-contracts/payments';
import { Field, Input, media } from 'shared-ui';
import styled from 'styled-components';

export interface CardFormValues {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

export const EMPTY_CARD: CardFormValues = { number: '', expiry: '', cvc: '', name: '' };

/** "4242424242424242" → "4242 4242 4242 4242" (American Express: 4-6-5). */
export function formatCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 19);
  const groups = detectCardBrand(digits) === 'amex' ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const parts: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  return parts.join(' ');
}

/** "1227" → "12/27"; a typed slash is kept. */
export function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  if (digits.length <= 2) return value.includes('/') && digits.length === 2 ? `${digits}/` : digits;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

const Grid = styled.div`
  display: grid;
  gap: 14px;
  grid-template-columns: 1fr;
  ${media.sm} {
    grid-template-columns: 1fr 1fr;
    .wide {
      grid-column: 1 / -1;
    }
  }
`;

/**
 * The card number, expiry, CVC and name fields of a form whose values hold a `card` object
 * (wrap in react-hook-form's FormProvider). Numbers are validated by `cardInputSchema` on submit;
 * they are never stored in the browser.
 */
export function CardFields() {
  const { register, setValue, formState } = useFormContext<{ card: CardFormValues }>();
  const errors = formState.errors.card;
  return (
    <Grid>
      <Field label="Card number" error={errors?.number?.message} className="wide">
        {(ids) => (
          <Input
            {...ids}
            {...register('card.number', {
              onChange: (event) => setValue('card.number', formatCardNumber(event.target.value)),
            })}
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            $invalid={Boolean(errors?.number)}
          />
        )}
      </Field>
      <Field label="Expiry (MM/YY)" error={errors?.expiry?.message}>
        {(ids) => (
          <Input
            {...ids}
            {...register('card.expiry', {
              onChange: (event) => setValue('card.expiry', formatExpiry(event.target.value)),
            })}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            maxLength={7}
            $invalid={Boolean(errors?.expiry)}
          />
        )}
      </Field>
      <Field label="CVC" error={errors?.cvc?.message}>
        {(ids) => (
          <Input
            {...ids}
            {...register('card.cvc')}
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            $invalid={Boolean(errors?.cvc)}
          />
        )}
      </Field>
      <Field label="Name on card" error={errors?.name?.message} className="wide">
        {(ids) => (
          <Input
            {...ids}
            {...register('card.name')}
            autoComplete="cc-name"
            $invalid={Boolean(errors?.name)}
          />
        )}
      </Field>
    </Grid>
  );
}

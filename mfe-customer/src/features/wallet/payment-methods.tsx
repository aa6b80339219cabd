import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useSignedInQuery } from 'shared-auth';
import { errorMessage } from 'shared-client';
import { CARD_BRAND_LABELS, cardInputSchema, type PaymentMethod } from 'shared-contracts/payments';
import { Badge, Button, Notice, Row, Skeleton, Stack, toast, useSubmitOnce } from 'shared-ui';
import { Dialog } from 'shared-ui/overlays';
import styled from 'styled-components';
import { z } from 'zod';
import { CardFields, type CardFormValues, EMPTY_CARD } from '../../shared/card-fields';
import {
  paymentMethodsQueryOptions,
  useAddPaymentMethodMutation,
  useRemovePaymentMethodMutation,
  useSetDefaultPaymentMethodMutation,
} from '../../shared/payments-api';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 10px;
  li {
    display: flex;
    flex-wrap: wrap;
    gap: 12px;
    align-items: center;
    justify-content: space-between;
    padding: 12px 14px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.md};
  }
`;

const DefaultBadge = styled(Badge)`
  margin-left: 8px;
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

function cardName(card: PaymentMethod): string {
  return `${CARD_BRAND_LABELS[card.brand]} •••• ${card.last4}`;
}

/** Saved cards: add (checked by the payment provider), make default, remove. */
export function PaymentMethods() {
  const cards = useSignedInQuery(paymentMethodsQueryOptions());
  const setDefault = useSetDefaultPaymentMethodMutation();
  const remove = useRemovePaymentMethodMutation();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<PaymentMethod | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  return (
    <Stack $gap={14}>
      {/* The skeleton is hidden from assistive technology; the status says what is happening. */}
      {cards.isPending ? (
        <div role="status" aria-label="Loading your cards">
          <Skeleton $height="56px" />
        </div>
      ) : null}
      {cards.isError ? (
        <Notice tone="danger" role="alert">
          {errorMessage(cards.error, 'We could not load your cards.')}
        </Notice>
      ) : null}
      {cards.data?.length === 0 ? <p>No saved cards yet.</p> : null}
      {cards.data && cards.data.length > 0 ? (
        <List aria-label="Saved cards">
          {cards.data.map((card) => (
            <li key={card.id}>
              <span>
                <strong>{cardName(card)}</strong>
                {card.isDefault ? <DefaultBadge tone="success">Default</DefaultBadge> : null}
                <br />
                <small>
                  Expires {String(card.expMonth).padStart(2, '0')}/{String(card.expYear).slice(-2)}{' '}
                  · {card.nameOnCard}
                </small>
              </span>
              <Row $gap={8}>
                {!card.isDefault ? (
                  <Button
                    variant="secondary"
                    size="sm"
                    loading={setDefault.isPending && setDefault.variables === card.id}
                    aria-label={`Make ${cardName(card)} the default`}
                    onClick={async () => {
                      setActionError(null);
                      try {
                        await setDefault.mutateAsync(card.id);
                      } catch (error) {
                        setActionError(errorMessage(error));
                      }
                    }}
                  >
                    Make default
                  </Button>
                ) : null}
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove ${cardName(card)}`}
                  onClick={() => setRemoving(card)}
                >
                  Remove
                </Button>
              </Row>
            </li>
          ))}
        </List>
      ) : null}
      {actionError ? (
        <Notice tone="danger" role="alert">
          {actionError}
        </Notice>
      ) : null}
      <div>
        <Button variant="secondary" onClick={() => setAdding(true)}>
          Add a card
        </Button>
      </div>
      <AddCardDialog open={adding} onOpenChange={setAdding} />
      <Dialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title="Remove this card?"
        description={
          removing ? `${cardName(removing)} will no longer be offered when you pay.` : undefined
        }
      >
        <Row $gap={8} $justify="flex-end">
          <Button variant="secondary" onClick={() => setRemoving(null)}>
            Keep it
          </Button>
          <Button
            variant="danger"
            loading={remove.isPending}
            onClick={async () => {
              if (!removing) return;
              try {
                await remove.mutateAsync(removing.id);
                toast({ title: 'Card removed', description: `${cardName(removing)} was removed.` });
                setRemoving(null);
              } catch (error) {
                setActionError(errorMessage(error));
                setRemoving(null);
              }
            }}
          >
            Remove card
          </Button>
        </Row>
      </Dialog>
    </Stack>
  );
}

const addCardSchema = z.object({ card: cardInputSchema, makeDefault: z.boolean() });
type AddCardValues = { card: CardFormValues; makeDefault: boolean };

function AddCardDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const add = useAddPaymentMethodMutation();
  const form = useForm<AddCardValues>({
    resolver: zodResolver(addCardSchema),
    defaultValues: { card: EMPTY_CARD, makeDefault: false },
  });
  const [serverError, setServerError] = useState<string | null>(null);

  const close = (next: boolean) => {
    if (!next) {
      form.reset();
      setServerError(null);
    }
    onOpenChange(next);
  };

  // Submitted once at a time: a second click while the first is validated would save the card
  // twice (this call has no Idempotency-Key).
  const submit = useSubmitOnce(
    form.handleSubmit(async (values) => {
      setServerError(null);
      try {
        const card = await add.mutateAsync(values);
        toast({ title: 'Card saved', description: `${cardName(card)} is ready to pay with.` });
        close(false);
      } catch (error) {
        setServerError(errorMessage(error, 'We could not save the card.'));
      }
    }),
  );

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Add a card"
      description="We check the card with our payment provider and keep only its brand and last 4 digits."
    >
      <FormProvider {...form}>
        <form onSubmit={submit} noValidate aria-label="Add a card">
          <Stack $gap={14}>
            <CardFields />
            <Checkbox>
              <input type="checkbox" {...form.register('makeDefault')} />
              Make this my default card
            </Checkbox>
            {serverError ? (
              <Notice tone="danger" role="alert" title="Card not saved">
                {serverError}
              </Notice>
            ) : null}
            <Row $gap={8} $justify="flex-end">
              <Button variant="secondary" onClick={() => close(false)}>
                Cancel
              </Button>
              <Button type="submit" loading={add.isPending} loadingLabel="Saving…">
                Save card
              </Button>
            </Row>
          </Stack>
        </form>
      </FormProvider>
    </Dialog>
  );
}

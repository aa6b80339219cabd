import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { RequireAuth } from 'shared-auth';
import { errorMessage, newIdempotencyKey } from 'shared-client';
import {
  createLeaseRequestSchema,
  findLeasePlan,
  findRobotModel,
  priceLease,
} from 'shared-contracts/leasing';
import { formatCents, TEST_CARDS } from 'shared-contracts/payments';
import {
  Button,
  ButtonLink,
  Card,
  Field,
  Lead,
  Loading,
  Muted,
  media,
  Notice,
  Page,
  PageTitle,
  Select,
  TextField,
  usePageMeta,
  useSubmitOnce,
} from 'shared-ui';
import { useNavigate, useSearchParams } from 'shared-ui/router';
import styled from 'styled-components';
import type { z } from 'zod';
import { retailerAccountQueryOptions } from '../../shared/retailer-api';
import {
  type LeaseSelection,
  selectionFromSearch,
  useCreateLease,
} from '../../shared/robot-leasing-api';

const Layout = styled.div`
  display: grid;
  gap: 20px;
  /* Grid items default to their content's width: long code lines would widen the page. */
  > * {
    min-width: 0;
  }
  ${media.lg} {
    grid-template-columns: minmax(0, 5fr) minmax(0, 7fr);
    align-items: start;
  }
`;

const Summary = styled.dl`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: 8px 16px;
  margin: 0;
  dd {
    margin: 0;
    text-align: right;
    font-weight: 700;
  }
`;

const CardRow = styled.div`
  display: grid;
  gap: 12px;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 140px), 1fr));
`;

const Check = styled.label`
  display: flex;
  gap: 8px;
  align-items: flex-start;
  margin: 16px 0 4px;
`;

const ErrorText = styled.p`
  color: ${({ theme }) => theme.colors.danger};
  margin: 4px 0 0;
`;

const paymentFormSchema = createLeaseRequestSchema.pick({
  storeId: true,
  card: true,
  acceptTerms: true,
});
type PaymentFormValues = z.input<typeof paymentFormSchema>;

function OrderSummary({ selection }: { selection: LeaseSelection }) {
  const price = priceLease(selection);
  const model = findRobotModel(selection.modelId);
  const plan = findLeasePlan(selection.planId);
  return (
    <Card aria-labelledby="summary-title">
      <h2 id="summary-title" style={{ marginTop: 0 }}>
        Order summary
      </h2>
      <Summary>
        <dt>Robot</dt>
        <dd>
          {selection.quantity} × {model.name}
        </dd>
        <dt>Plan</dt>
        <dd>
          {plan.name}, {plan.termMonths} months
        </dd>
        <dt>Per robot per month</dt>
        <dd>{formatCents(price.unitMonthlyCents)}</dd>
        <dt>Volume discount</dt>
        <dd>{price.volumeDiscountPercent}%</dd>
        <dt>Monthly payment</dt>
        <dd>{formatCents(price.monthlyCents)}</dd>
        <dt>Total over the term</dt>
        <dd>{formatCents(price.totalCents)}</dd>
        <dt>
          <strong>Due today</strong>
        </dt>
        <dd>
          <strong>{formatCents(price.dueTodayCents)}</strong>
        </dd>
      </Summary>
      <p>
        <ButtonLink to="/robot-leasing" variant="ghost" size="sm">
          Change selection
        </ButtonLink>
      </p>
    </Card>
  );
}

function PaymentForm({ selection }: { selection: LeaseSelection }) {
  const account = useQuery(retailerAccountQueryOptions());
  // One key per visit: a double click or a retry after a timeout never signs two leases.
  const idempotencyKey = useRef(newIdempotencyKey()).current;
  const create = useCreateLease(idempotencyKey);
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const price = priceLease(selection);
  const form = useForm<PaymentFormValues>({
    resolver: zodResolver(paymentFormSchema),
    defaultValues: {
      storeId: '',
      card: { number: '', expiry: '', cvc: '', name: '' },
      acceptTerms: false as unknown as true,
    },
  });
  const { errors } = form.formState;
  // A second click while the first is validated or sent is dropped: the button is disabled only
  // once the request is pending, and both clicks would otherwise each send a lease. The hook is
  // called before the early returns below (rules of hooks).
  const submit = useSubmitOnce(
    form.handleSubmit(async (values) => {
      setServerError(null);
      try {
        const lease = await create.mutateAsync({
          ...selection,
          storeId: values.storeId,
          card: values.card,
          acceptTerms: true,
          expectedDueTodayCents: price.dueTodayCents,
        });
        navigate(`/robot-leasing-success?lease=${encodeURIComponent(lease.id)}`);
      } catch (error) {
        setServerError(errorMessage(error, 'The payment did not go through.'));
      }
    }),
  );

  if (account.isPending) return <Loading label="Loading your retailer account…" />;
  if (account.isError) {
    return (
      <Notice tone="danger" role="alert">
        {errorMessage(account.error)}
      </Notice>
    );
  }
  if (!account.data) {
    return (
      <Notice tone="info" title="Create your retailer account first">
        <p>Leases belong to a retailer account and serve one of its stores.</p>
        <ButtonLink to="/retailer-onboarding">Create a retailer account</ButtonLink>
      </Notice>
    );
  }
  const stores = account.data.stores;

  return (
    <Card as="form" onSubmit={submit} noValidate aria-labelledby="payment-title">
      <h2 id="payment-title" style={{ marginTop: 0 }}>
        Payment
      </h2>
      <Muted>
        Payments run in test mode: use {TEST_CARDS.success} with any future expiry and CVC.
      </Muted>
      <Field label="Store the robots will serve" error={errors.storeId?.message}>
        {(ids) => (
          <Select {...ids} {...form.register('storeId')} $invalid={Boolean(errors.storeId)}>
            <option value="">Choose a store</option>
            {stores.map((store) => (
              <option key={store.id} value={store.id}>
                {store.name} ({store.city})
              </option>
            ))}
          </Select>
        )}
      </Field>
      <TextField
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        error={errors.card?.number?.message}
        {...form.register('card.number')}
      />
      <CardRow>
        <TextField
          label="Expiry (MM/YY)"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          error={errors.card?.expiry?.message}
          {...form.register('card.expiry')}
        />
        <TextField
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          error={errors.card?.cvc?.message}
          {...form.register('card.cvc')}
        />
      </CardRow>
      <TextField
        label="Name on card"
        autoComplete="cc-name"
        error={errors.card?.name?.message}
        {...form.register('card.name')}
      />
      <Check>
        <input
          type="checkbox"
          aria-invalid={errors.acceptTerms ? true : undefined}
          aria-describedby={errors.acceptTerms ? 'terms-error' : undefined}
          {...form.register('acceptTerms')}
        />
        <span>
          I accept the lease terms: {price.termMonths} monthly payments of{' '}
          {formatCents(price.monthlyCents)}, the first one charged today.
        </span>
      </Check>
      {errors.acceptTerms?.message ? (
        <ErrorText id="terms-error" role="alert">
          {errors.acceptTerms.message}
        </ErrorText>
      ) : null}
      {serverError ? (
        <div style={{ marginTop: 12 }}>
          <Notice tone="danger" title="Payment failed" role="alert">
            {serverError}
          </Notice>
        </div>
      ) : null}
      <div style={{ marginTop: 16 }}>
        <Button type="submit" size="lg" loading={create.isPending} loadingLabel="Paying…">
          Pay {formatCents(price.dueTodayCents)} and sign the lease
        </Button>
      </div>
    </Card>
  );
}

/** `/robot-leasing-payment?model=&plan=&quantity=`: order summary and payment. */
export function RobotLeasingPaymentPage() {
  usePageMeta('Robot Leasing Payment', 'Review your robot lease and pay the first month.');
  const [search] = useSearchParams();
  const selection = selectionFromSearch(search);
  return (
    <Page>
      <PageTitle>Robot Leasing Payment</PageTitle>
      <Lead>Review your lease and pay the first month to start it.</Lead>
      {selection ? (
        <RequireAuth>
          <Layout>
            <OrderSummary selection={selection} />
            <PaymentForm selection={selection} />
          </Layout>
        </RequireAuth>
      ) : (
        <Notice tone="warning" title="No lease selected" role="alert">
          <p>Choose a robot model, a plan and a number of robots first.</p>
          <ButtonLink to="/robot-leasing">Choose a lease</ButtonLink>
        </Notice>
      )}
    </Page>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useAuth, useNavigateOrSignIn } from 'shared-auth';
import { errorMessage, newIdempotencyKey } from 'shared-client';
import { formatCents } from 'shared-contracts/payments';
import { formatServiceDay } from 'shared-contracts/service-time';
import type { Subscription, SubscriptionPlan } from 'shared-contracts/subscriptions';
import {
  Badge,
  Button,
  Card,
  Grid,
  Lead,
  Notice,
  Page,
  PageTitle,
  Row,
  Skeleton,
  Stack,
  toast,
  usePageMeta,
  VisuallyHidden,
} from 'shared-ui';
import { Dialog } from 'shared-ui/overlays';
import styled from 'styled-components';
import { PaymentForm } from '../../shared/payment-form';
import {
  currentSubscriptionQueryOptions,
  plansQueryOptions,
  useCancelSubscriptionMutation,
  useSubscribeMutation,
} from './api';

const Price = styled.p`
  margin: 0;
  font-size: 1.875rem;
  font-weight: 700;
  span {
    font-size: 1rem;
    font-weight: 400;
    color: ${({ theme }) => theme.colors.muted};
  }
`;

const Perks = styled.ul`
  margin: 0;
  padding-left: 1.2rem;
  display: flex;
  flex-direction: column;
  gap: 4px;
`;

/** `/subscribe`: the plans, the current plan, subscribing (with payment) and cancelling. */
export function SubscribePage() {
  usePageMeta('Subscribe', 'Save on every delivery with a plan.');
  const { status } = useAuth();
  const plans = useQuery(plansQueryOptions());
  const current = useQuery({
    ...currentSubscriptionQueryOptions(),
    enabled: status === 'authenticated',
  });
  const navigateOrSignIn = useNavigateOrSignIn();
  const [chosen, setChosen] = useState<SubscriptionPlan | null>(null);
  const subscription = current.data?.subscription ?? null;
  const renewing = subscription?.status === 'active' ? subscription : null;

  return (
    <Page>
      <PageTitle>Subscribe</PageTitle>
      <Lead>Save on every delivery with a monthly plan. Cancel any time.</Lead>
      <Stack $gap={24}>
        {status === 'authenticated' ? (
          <CurrentPlan loading={current.isPending} subscription={subscription} />
        ) : null}
        {plans.isError ? (
          <Notice tone="danger" role="alert">
            {errorMessage(plans.error, 'We could not load the plans.')}
          </Notice>
        ) : null}
        <Grid $min={280} $gap={20}>
          {plans.isPending ? (
            <>
              <Skeleton $height="260px" />
              <Skeleton $height="260px" />
              {/* Skeletons are hidden from assistive technology; this says what is happening
                  (out of the grid's flow, so the two placeholders keep their cells). */}
              <VisuallyHidden role="status" aria-label="Loading plans" />
            </>
          ) : null}
          {plans.data?.map((plan) => {
            const isCurrent = subscription?.plan.id === plan.id && subscription.benefitsActive;
            return (
              <Card key={plan.id} aria-labelledby={`plan-${plan.id}`}>
                <Stack $gap={12}>
                  <Row $justify="space-between">
                    <h2 id={`plan-${plan.id}`}>{plan.name}</h2>
                    {isCurrent ? <Badge tone="success">Your plan</Badge> : null}
                  </Row>
                  <Price>
                    {formatCents(plan.priceCents)} <span>/ month</span>
                  </Price>
                  <p>{plan.description}</p>
                  <Perks>
                    {plan.perks.map((perk) => (
                      <li key={perk}>{perk}</li>
                    ))}
                  </Perks>
                  <div>
                    <Button
                      disabled={Boolean(renewing) || isCurrent}
                      // The name starts with the visible words (axe: label-content-name-mismatch)
                      // and says which plan, since every card has the same button.
                      aria-label={
                        status === 'authenticated'
                          ? `Choose ${plan.name}`
                          : `Log in to subscribe to ${plan.name}`
                      }
                      onClick={() => {
                        if (status !== 'authenticated') {
                          navigateOrSignIn('/subscribe');
                          return;
                        }
                        setChosen(plan);
                      }}
                    >
                      {status === 'authenticated' ? `Choose ${plan.name}` : 'Log in to subscribe'}
                    </Button>
                  </div>
                </Stack>
              </Card>
            );
          })}
        </Grid>
        {renewing ? (
          <p>
            To switch plans, cancel your current plan first; it stays active until the end of the
            month you paid.
          </p>
        ) : null}
        {chosen ? (
          <SubscribeForm key={chosen.id} plan={chosen} onDone={() => setChosen(null)} />
        ) : null}
      </Stack>
    </Page>
  );
}

function CurrentPlan({
  loading,
  subscription,
}: {
  loading: boolean;
  subscription: Subscription | null;
}) {
  const cancel = useCancelSubscriptionMutation();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (loading) {
    return (
      <div role="status" aria-label="Loading your plan">
        <Skeleton $height="96px" />
      </div>
    );
  }
  if (!subscription || subscription.status === 'expired') {
    return (
      <Notice title="You don't have a plan">
        {subscription
          ? `Your ${subscription.plan.name} plan ended on ${formatServiceDay(subscription.currentPeriodEnd)}. `
          : ''}
        Choose a plan below for free curbside pickup and cheaper home delivery.
      </Notice>
    );
  }
  const ends = formatServiceDay(subscription.currentPeriodEnd);
  return (
    <Card aria-labelledby="current-plan-heading">
      <Stack $gap={10}>
        <h2 id="current-plan-heading">Your plan: {subscription.plan.name}</h2>
        <p aria-live="polite">
          {subscription.status === 'active'
            ? `Active. Renews on ${ends} for ${formatCents(subscription.plan.priceCents)}.`
            : `Cancelled. Your benefits last until ${ends}; it will not renew.`}
        </p>
        {error ? (
          <Notice tone="danger" role="alert">
            {error}
          </Notice>
        ) : null}
        {subscription.status === 'active' ? (
          <div>
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              Cancel plan
            </Button>
          </div>
        ) : null}
        <Dialog
          open={confirming}
          onOpenChange={setConfirming}
          title={`Cancel ${subscription.plan.name}?`}
          description={`You keep free curbside pickup and your home-delivery discount until ${ends}. It will not renew.`}
        >
          <Row $gap={8} $justify="flex-end">
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Keep my plan
            </Button>
            <Button
              variant="danger"
              loading={cancel.isPending}
              onClick={async () => {
                setError(null);
                try {
                  await cancel.mutateAsync();
                  toast({
                    title: 'Plan cancelled',
                    description: `Your benefits last until ${ends}.`,
                  });
                } catch (failure) {
                  setError(errorMessage(failure));
                }
                setConfirming(false);
              }}
            >
              Cancel plan
            </Button>
          </Row>
        </Dialog>
      </Stack>
    </Card>
  );
}

function SubscribeForm({ plan, onDone }: { plan: SubscriptionPlan; onDone: () => void }) {
  const subscribe = useSubscribeMutation();
  // One key per plan chosen: a retried payment never subscribes twice.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const heading = useRef<HTMLHeadingElement>(null);
  // The form opens below the plans: bring it into view and start there.
  useEffect(() => {
    heading.current?.scrollIntoView({ block: 'start' });
    heading.current?.focus();
  }, []);
  return (
    <Card aria-labelledby="subscribe-heading">
      <Stack $gap={12}>
        <h2 id="subscribe-heading" ref={heading} tabIndex={-1}>
          Subscribe to {plan.name}
        </h2>
        <p>
          The first month is charged now; the plan renews monthly with the same card or wallet until
          you cancel. A card used here is saved for renewals.
        </p>
        <PaymentForm
          key={plan.id}
          withTip={false}
          feeLines={[
            { code: 'base', label: `${plan.name}, first month`, amountCents: plan.priceCents },
          ]}
          payLabel={(total) => `Subscribe for ${formatCents(total ?? plan.priceCents)}/month`}
          onPay={async ({ source }) => {
            await subscribe.mutateAsync({
              idempotencyKey,
              body: { planId: plan.id, payment: source },
            });
            toast({
              title: `Welcome to ${plan.name}`,
              description: 'Your benefits apply to your next pickup.',
            });
            onDone();
          }}
        />
        <div>
          <Button variant="ghost" onClick={onDone}>
            Not now
          </Button>
        </div>
      </Stack>
    </Card>
  );
}

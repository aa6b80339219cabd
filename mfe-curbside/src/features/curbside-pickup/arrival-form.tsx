import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type BaseSyntheticEvent, useEffect, useId, useRef } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { useAuth } from 'shared-auth';
import { errorMessage } from 'shared-client';
import {
  CURBSIDE_TOASTS,
  type CurbsideArrival,
  type CurbsideArrivalInput,
  curbsideArrivalSchema,
  PARKING_SPOT_MAX_LENGTH,
  PHONE_MAX_LENGTH,
  SPECIAL_INSTRUCTIONS_MAX_LENGTH,
  VEHICLE_DESCRIPTION_MAX_LENGTH,
} from 'shared-contracts/curbside';
import {
  applyServerIssues,
  Button,
  Card,
  Field,
  Muted,
  Notice,
  Row,
  Select,
  Skeleton,
  Stack,
  Textarea,
  TextField,
  toast,
  useSubmitOnce,
} from 'shared-ui';
import { Link } from 'shared-ui/router';
import styled from 'styled-components';
import { arrivalAnswer, eligibleOrdersQueryOptions, useInvalidateEligibleOrders } from './api';
import {
  ARRIVAL_MUTATION_KEY,
  arrivalWrite,
  markStartedHere,
  usePendingArrivals,
  useSendArrival,
} from './arrival-queue';

/**
 * Resolves once the browser has painted what the current task changed, or after 100 ms at most:
 * a hidden page paints nothing, and what follows must not wait for it to be shown again.
 */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, 100);
    if (typeof requestAnimationFrame === 'function') {
      requestAnimationFrame(() => setTimeout(resolve, 0));
    }
  });
}

/** The form's order: the first field in it with a problem (the client's or the server's) gets focus. */
const FIELDS = [
  'orderNumber',
  'customerName',
  'parkingSpotNumber',
  'phoneNumber',
  'vehicleDescription',
  'specialInstructions',
] as const;

const Form = styled.form`
  display: grid;
  gap: 18px;
`;

// Not shared-ui's TwoColumns (two columns from `lg` on): these fields wrap as soon as two fit.
const FieldGrid = styled.div`
  display: grid;
  gap: 18px;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 220px), 1fr));
`;

function fullName(user: { firstName: string | null; lastName: string | null } | null): string {
  return [user?.firstName, user?.lastName].filter(Boolean).join(' ');
}

const formatStatus = (status: string) =>
  status.replaceAll('_', ' ').replace(/^./, (first) => first.toUpperCase());

/**
 * The arrival form (docs/product.md, "Curbside pickup"). The order comes from `?orderNumber=`
 * when the person arrived from an order, otherwise from a selector of their orders that can be
 * collected now.
 * Validated with the shared schema (CURBSIDE_MESSAGES) on submit, then as fields change.
 */
export function ArrivalForm({
  presetOrderNumber,
  onBack,
  onCreated,
}: {
  presetOrderNumber?: string;
  onBack: () => void;
  onCreated: (pickupId: string) => void;
}) {
  const { user } = useAuth();
  const form = useForm<CurbsideArrivalInput, unknown, CurbsideArrival>({
    resolver: zodResolver(curbsideArrivalSchema),
    defaultValues: {
      orderNumber: presetOrderNumber ?? '',
      customerName: fullName(user),
      parkingSpotNumber: '',
      phoneNumber: '',
      vehicleDescription: '',
      specialInstructions: '',
    },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // The order field registers late (after the order list loads), so react-hook-form's own
    // focus, in registration order, would skip it: the invalid handler below focuses instead.
    shouldFocusError: false,
  });
  const { errors } = form.formState;
  const nameTouched = useRef(false);
  // The signed-in user's name is a good default; it may arrive after the first render.
  useEffect(() => {
    const name = fullName(user);
    if (name && !nameTouched.current && !form.getValues('customerName')) {
      form.setValue('customerName', name);
    }
  }, [user, form]);
  const headingId = useId();
  const queryClient = useQueryClient();
  const send = useSendArrival();
  const pending = usePendingArrivals();
  const sending = pending.some((arrival) => !arrival.waiting);
  const waiting = pending.some((arrival) => arrival.waiting);
  const invalidateOrders = useInvalidateEligibleOrders();
  // The selector is only needed when no order number was passed.
  const orders = useQuery({ ...eligibleOrdersQueryOptions(), enabled: !presetOrderNumber });
  const typeOrderNumber = Boolean(presetOrderNumber) || orders.isError;

  const focusFirstError = (found: FieldErrors<CurbsideArrivalInput>) => {
    const first = FIELDS.find((field) => found[field]);
    if (first) form.setFocus(first);
  };

  const submitArrival = form.handleSubmit(async (data) => {
    // One arrival at a time: a second tap, or one while an earlier arrival waits for the
    // signal, sends nothing.
    if (queryClient.isMutating({ mutationKey: ARRIVAL_MUTATION_KEY }) > 0) return;
    const write = arrivalWrite(data);
    markStartedHere(write);
    // Not awaited: without a connection (now, or lost on the way) the arrival waits for one,
    // and the page says so and offers to cancel it; the form must not wait with it.
    void settle(send.mutateAsync(write).then(arrivalAnswer));
  }, focusFirstError);
  // The tap is answered on screen first: validating, the arrival's write and the renders they
  // cause (tens of milliseconds on a slow phone) start after the next paint.
  const onSubmit = useSubmitOnce(async (event?: BaseSyntheticEvent) => {
    event?.preventDefault();
    await afterNextPaint();
    await submitArrival(event);
  });

  async function settle(answered: Promise<{ id: string }>) {
    try {
      const { id } = await answered;
      void invalidateOrders();
      toast({ ...CURBSIDE_TOASTS.notified, variant: 'success' });
      onCreated(id);
    } catch (error) {
      // Field problems the server found (same rules) go next to their fields too.
      await applyServerIssues(error, FIELDS, form.setError);
      toast({
        title: CURBSIDE_TOASTS.notifyFailed.title,
        description: errorMessage(error, CURBSIDE_TOASTS.notifyFailed.description),
        variant: 'destructive',
      });
    }
  }

  const eligible = orders.data ?? [];

  return (
    <Stack $gap={20}>
      <Row $justify="space-between">
        <Button variant="ghost" onClick={onBack}>
          <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
            <path d="M10 3L5 8l5 5" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
          Back to Info
        </Button>
      </Row>
      <Card aria-labelledby={headingId}>
        <Stack $gap={18}>
          <div>
            <h2 id={headingId} tabIndex={-1}>
              Notify the store of your arrival
            </h2>
            <Muted>
              Park in a free curbside spot first. We text your 4-digit PIN to the phone number you
              enter.
            </Muted>
          </div>
          <Form onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
            {typeOrderNumber ? (
              <Stack $gap={8}>
                {orders.isError ? (
                  <Notice tone="warning" role="status">
                    We could not load your orders right now. Type your order number instead.
                  </Notice>
                ) : null}
                <TextField
                  label="Order number"
                  placeholder="CR-100234"
                  autoComplete="off"
                  autoCapitalize="characters"
                  {...form.register('orderNumber')}
                  error={errors.orderNumber?.message}
                />
              </Stack>
            ) : orders.isPending ? (
              <Stack $gap={6} aria-busy="true">
                <Muted>Loading your orders…</Muted>
                <Skeleton style={{ height: 44 }} />
              </Stack>
            ) : eligible.length === 0 ? (
              <Notice tone="info" title="No orders ready for curbside pickup" role="status">
                Orders appear here once the store has confirmed them.{' '}
                <Link to="/schedule-pickup">Schedule a pickup</Link>
              </Notice>
            ) : (
              <Field label="Order" error={errors.orderNumber?.message}>
                {(ids) => (
                  <Select
                    {...ids}
                    {...form.register('orderNumber')}
                    $invalid={Boolean(errors.orderNumber)}
                  >
                    <option value="">Choose your order</option>
                    {eligible.map((order) => (
                      <option key={order.id} value={order.orderNumber}>
                        {`${order.orderNumber} · ${order.storeName} (${formatStatus(order.status)})`}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
            )}
            <FieldGrid>
              <TextField
                label="Your name"
                autoComplete="name"
                {...form.register('customerName', {
                  onChange: () => {
                    nameTouched.current = true;
                  },
                })}
                error={errors.customerName?.message}
              />
              <TextField
                label="Parking spot number"
                autoComplete="off"
                maxLength={PARKING_SPOT_MAX_LENGTH}
                {...form.register('parkingSpotNumber')}
                error={errors.parkingSpotNumber?.message}
              />
            </FieldGrid>
            <FieldGrid>
              <TextField
                label="Phone number"
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                maxLength={PHONE_MAX_LENGTH}
                hint="Your PIN is sent here by text message."
                {...form.register('phoneNumber')}
                error={errors.phoneNumber?.message}
              />
              <TextField
                label="Vehicle description (optional)"
                placeholder="Blue Honda Civic"
                maxLength={VEHICLE_DESCRIPTION_MAX_LENGTH}
                {...form.register('vehicleDescription')}
                error={errors.vehicleDescription?.message}
              />
            </FieldGrid>
            <Field
              label="Special instructions (optional)"
              error={errors.specialInstructions?.message}
            >
              {(ids) => (
                <Textarea
                  {...ids}
                  maxLength={SPECIAL_INSTRUCTIONS_MAX_LENGTH}
                  placeholder="Trunk is open"
                  {...form.register('specialInstructions')}
                  $invalid={Boolean(errors.specialInstructions)}
                />
              )}
            </Field>
            <div>
              <Button
                type="submit"
                size="lg"
                loading={sending}
                loadingLabel="Notifying the store…"
                // Without an order to choose there is nothing to send yet; an arrival waiting for
                // the signal is the one to send (the page offers to cancel it).
                disabled={waiting || (!typeOrderNumber && eligible.length === 0)}
              >
                Notify Store
              </Button>
            </div>
          </Form>
        </Stack>
      </Card>
    </Stack>
  );
}

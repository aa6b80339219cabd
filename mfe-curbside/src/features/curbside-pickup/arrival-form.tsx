import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useAuth } from 'shared-auth';
import { ApiError, errorMessage } from 'shared-client';
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
import { type ApiError as ApiErrorBody, apiErrorSchema } from 'shared-contracts/errors';
import {
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
} from 'shared-ui';
import { Link } from 'shared-ui/router';
import styled from 'styled-components';
import { eligibleOrdersQueryOptions, useCreateCurbsidePickup } from './api';

/**
 * The server's error body (DESIGN.md section 4), or null when it is not that shape (the toast
 * still says what happened).
 */
function parseApiError(error: ApiError): ApiErrorBody | null {
  try {
    const parsed = apiErrorSchema.safeParse(JSON.parse(error.body));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

type Values = Required<{ [K in keyof CurbsideArrivalInput]: string }>;
type FieldName = keyof Values;
type Errors = Partial<Record<FieldName, string>>;

const FIELD_ORDER: FieldName[] = [
  'orderNumber',
  'customerName',
  'parkingSpotNumber',
  'phoneNumber',
  'vehicleDescription',
  'specialInstructions',
];

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

/** The first message of each field, in the form's order (SPEC section 5's texts). */
function validate(values: Values): { errors: Errors; data?: CurbsideArrival } {
  const result = curbsideArrivalSchema.safeParse(values);
  if (result.success) return { errors: {}, data: result.data };
  const errors: Errors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as FieldName | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { errors };
}

function fullName(user: { firstName: string | null; lastName: string | null } | null): string {
  return [user?.firstName, user?.lastName].filter(Boolean).join(' ');
}

const formatStatus = (status: string) =>
  status.replaceAll('_', ' ').replace(/^./, (first) => first.toUpperCase());

/**
 * SPEC section 2, view 2: the arrival form. The order comes from `?orderNumber=` when the person
 * arrived from an order, otherwise from a selector of their orders that can be collected now.
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
  const [values, setValues] = useState<Values>(() => ({
    orderNumber: presetOrderNumber ?? '',
    customerName: fullName(user),
    parkingSpotNumber: '',
    phoneNumber: '',
    vehicleDescription: '',
    specialInstructions: '',
  }));
  const [errors, setErrors] = useState<Errors>({});
  const nameTouched = useRef(false);
  // The signed-in user's name is a good default; it may arrive after the first render.
  useEffect(() => {
    const name = fullName(user);
    if (name && !nameTouched.current) {
      setValues((current) => (current.customerName ? current : { ...current, customerName: name }));
    }
  }, [user]);
  const formRef = useRef<HTMLFormElement>(null);
  const headingId = useId();
  const create = useCreateCurbsidePickup();
  // The selector is only needed when no order number was passed (SPEC section 7).
  const orders = useQuery({ ...eligibleOrdersQueryOptions(), enabled: !presetOrderNumber });
  const typeOrderNumber = Boolean(presetOrderNumber) || orders.isError;

  const update = (field: FieldName) => (value: string) => {
    if (field === 'customerName') nameTouched.current = true;
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const focusFirstError = (found: Errors) => {
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const { errors: found, data } = validate(values);
    setErrors(found);
    if (!data) {
      focusFirstError(found);
      return;
    }
    create.mutate(data, {
      onSuccess: ({ id }) => {
        toast({ ...CURBSIDE_TOASTS.notified, variant: 'success' });
        onCreated(id);
      },
      onError: (error) => {
        // Field problems the server found (same rules) go next to their fields too.
        const body =
          error instanceof ApiError && error.status === 400 ? parseApiError(error) : null;
        if (body) {
          const serverErrors: Errors = {};
          for (const issue of body.issues ?? []) {
            const field = issue.path.split('.')[0] as FieldName;
            if (FIELD_ORDER.includes(field) && !serverErrors[field])
              serverErrors[field] = issue.message;
          }
          setErrors(serverErrors);
          focusFirstError(serverErrors);
        }
        toast({
          title: CURBSIDE_TOASTS.notifyFailed.title,
          description: errorMessage(error, CURBSIDE_TOASTS.notifyFailed.description),
          variant: 'destructive',
        });
      },
    });
  };

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
          <Form ref={formRef} onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
            {typeOrderNumber ? (
              <Stack $gap={8}>
                {orders.isError ? (
                  <Notice tone="warning" role="status">
                    We could not load your orders right now. Type your order number instead.
                  </Notice>
                ) : null}
                <TextField
                  label="Order number"
                  name="orderNumber"
                  placeholder="CR-100234"
                  autoComplete="off"
                  autoCapitalize="characters"
                  value={values.orderNumber}
                  onChange={(event) => update('orderNumber')(event.target.value)}
                  error={errors.orderNumber}
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
              <Field label="Order" error={errors.orderNumber}>
                {(ids) => (
                  <Select
                    {...ids}
                    name="orderNumber"
                    value={values.orderNumber}
                    $invalid={Boolean(errors.orderNumber)}
                    onChange={(event) => update('orderNumber')(event.target.value)}
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
                name="customerName"
                autoComplete="name"
                value={values.customerName}
                onChange={(event) => update('customerName')(event.target.value)}
                error={errors.customerName}
              />
              <TextField
                label="Parking spot number"
                name="parkingSpotNumber"
                autoComplete="off"
                maxLength={PARKING_SPOT_MAX_LENGTH}
                value={values.parkingSpotNumber}
                onChange={(event) => update('parkingSpotNumber')(event.target.value)}
                error={errors.parkingSpotNumber}
              />
            </FieldGrid>
            <FieldGrid>
              <TextField
                label="Phone number"
                name="phoneNumber"
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                maxLength={PHONE_MAX_LENGTH}
                hint="Your PIN is sent here by text message."
                value={values.phoneNumber}
                onChange={(event) => update('phoneNumber')(event.target.value)}
                error={errors.phoneNumber}
              />
              <TextField
                label="Vehicle description (optional)"
                name="vehicleDescription"
                placeholder="Blue Honda Civic"
                maxLength={VEHICLE_DESCRIPTION_MAX_LENGTH}
                value={values.vehicleDescription}
                onChange={(event) => update('vehicleDescription')(event.target.value)}
                error={errors.vehicleDescription}
              />
            </FieldGrid>
            <Field label="Special instructions (optional)" error={errors.specialInstructions}>
              {(ids) => (
                <Textarea
                  {...ids}
                  name="specialInstructions"
                  maxLength={SPECIAL_INSTRUCTIONS_MAX_LENGTH}
                  placeholder="Trunk is open"
                  value={values.specialInstructions}
                  $invalid={Boolean(errors.specialInstructions)}
                  onChange={(event) => update('specialInstructions')(event.target.value)}
                />
              )}
            </Field>
            <div>
              <Button
                type="submit"
                size="lg"
                loading={create.isPending}
                loadingLabel="Notifying the store…"
                // Without an order to choose there is nothing to send yet.
                disabled={!typeOrderNumber && eligible.length === 0}
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

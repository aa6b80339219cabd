/** The five steps of the pickup flow, in order, each with its own URL. */
export const STEPS = [
  { id: 'store-details', label: 'Store Details', path: '/schedule-pickup/store-details' },
  { id: 'order-details', label: 'Order Details', path: '/schedule-pickup/order-details' },
  { id: 'delivery-details', label: 'Delivery Details', path: '/schedule-pickup/delivery-details' },
  { id: 'payment', label: 'Payment', path: '/schedule-pickup/payment' },
  { id: 'complete', label: 'Complete', path: '/schedule-pickup/complete' },
] as const;

export type StepId = (typeof STEPS)[number]['id'];

export function stepIndex(id: StepId): number {
  return STEPS.findIndex((step) => step.id === id);
}

export function stepPath(id: StepId): string {
  return STEPS[stepIndex(id)]?.path ?? STEPS[0].path;
}

export function stepLabel(id: StepId): string {
  return STEPS[stepIndex(id)]?.label ?? id;
}

export function stepFromPath(pathname: string): StepId | null {
  return STEPS.find((step) => pathname.replace(/\/+$/, '') === step.path)?.id ?? null;
}

/**
 * Whether a path is `/schedule-pickup` or one of its five steps. Anything else under it is the
 * 404 page, signed in or out: it must not first send a signed-out
 * visitor to /auth. Router paths match case-insensitively, so this does too.
 */
export function isSchedulePickupPath(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '').toLowerCase();
  return path === '/schedule-pickup' || STEPS.some((step) => step.path === path);
}

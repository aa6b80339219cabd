import { describe, expect, it } from 'vitest';
import { EMPTY_ADDRESS } from './delivery-value';
import {
  allowedStep,
  firstIncompleteStep,
  isStepComplete,
  newDraft,
  type ScheduleDraft,
} from './schedule-draft';
import { DRAFT_MAX_AGE_MS, draftKey, loadDraft, saveDraft } from './schedule-draft-storage';

const store = { retailerId: 'nike', storeId: 'nike-south-congress' };
const order = { retailerOrderNumber: 'NK-1', customerName: 'Ada', bags: 2, weightClass: 'small' };
const curbside = {
  deliveryType: 'curbside' as const,
  newAddress: EMPTY_ADDRESS,
  saveAddress: true,
  window: '6h' as const,
};

function draft(parts: Partial<ScheduleDraft> = {}): ScheduleDraft {
  return { ...newDraft('key-1', 1), ...parts };
}

describe('the draft guard', () => {
  it('sends an empty draft to Store Details from anywhere', () => {
    for (const step of [
      'store-details',
      'order-details',
      'delivery-details',
      'payment',
      'complete',
    ] as const) {
      expect(allowedStep(draft(), step)).toBe('store-details');
    }
  });

  it('lets a person reach every step up to the first incomplete one, and no further', () => {
    const d = draft({ storeDetails: store, orderDetails: order });
    expect(firstIncompleteStep(d)).toBe('delivery-details');
    expect(allowedStep(d, 'store-details')).toBe('store-details');
    expect(allowedStep(d, 'order-details')).toBe('order-details');
    expect(allowedStep(d, 'delivery-details')).toBe('delivery-details');
    expect(allowedStep(d, 'payment')).toBe('delivery-details');
    expect(allowedStep(d, 'complete')).toBe('delivery-details');
  });

  it('checks each step with its schema, not just its presence', () => {
    expect(isStepComplete(draft({ storeDetails: { retailerId: 'nike' } }), 'store-details')).toBe(
      false,
    );
    expect(isStepComplete(draft({ orderDetails: { ...order, bags: 0 } }), 'order-details')).toBe(
      false,
    );
    expect(
      isStepComplete(
        draft({ orderDetails: { ...order, retailerOrderNumber: ' ' } }),
        'order-details',
      ),
    ).toBe(false);
    expect(isStepComplete(draft({ orderDetails: order }), 'order-details')).toBe(true);
  });

  it('needs an address for home delivery, saved or complete', () => {
    const home = { ...curbside, deliveryType: 'home' as const };
    expect(isStepComplete(draft({ delivery: home }), 'delivery-details')).toBe(false);
    expect(
      isStepComplete(
        draft({ delivery: { ...home, addressChoice: 'saved-id' } }),
        'delivery-details',
      ),
    ).toBe(true);
    const typed = {
      ...home,
      addressChoice: 'new',
      newAddress: { ...EMPTY_ADDRESS, line1: '1 Main St', city: 'Austin' },
    };
    expect(isStepComplete(draft({ delivery: typed }), 'delivery-details')).toBe(false);
    expect(
      isStepComplete(
        draft({ delivery: { ...typed, newAddress: { ...typed.newAddress, zip: '78701' } } }),
        'delivery-details',
      ),
    ).toBe(true);
    expect(
      isStepComplete(draft({ delivery: { ...curbside, window: undefined } }), 'delivery-details'),
    ).toBe(false);
  });

  it('opens Payment once the first three steps are complete', () => {
    const d = draft({ storeDetails: store, orderDetails: order, delivery: curbside });
    expect(firstIncompleteStep(d)).toBe('payment');
    expect(allowedStep(d, 'payment')).toBe('payment');
    expect(allowedStep(d, 'complete')).toBe('payment');
  });

  it('shows Complete only for a paid order, and lets a new pickup start', () => {
    const paid = draft({
      completed: { orderId: 'o1', orderNumber: 'CR-100600', deliveryType: 'curbside' },
    });
    expect(allowedStep(paid, 'complete')).toBe('complete');
    expect(allowedStep(paid, 'payment')).toBe('complete');
    expect(allowedStep(paid, 'store-details')).toBe('store-details');
  });
});

describe('draft storage', () => {
  it('keeps one draft per user and survives a reload', () => {
    const d = draft({ storeDetails: store, updatedAt: Date.now() });
    saveDraft('user-a', d);
    expect(loadDraft('user-a')).toEqual(d);
    expect(loadDraft('user-b').storeDetails).toBeUndefined();
  });

  it('starts afresh from a broken or stale draft, with a new key', () => {
    localStorage.setItem(draftKey('user-c'), '{not json');
    const fresh = loadDraft('user-c');
    expect(fresh.version).toBe(1);
    expect(fresh.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);

    saveDraft(
      'user-d',
      draft({ storeDetails: store, updatedAt: Date.now() - DRAFT_MAX_AGE_MS - 1 }),
    );
    expect(loadDraft('user-d').storeDetails).toBeUndefined();
  });
});

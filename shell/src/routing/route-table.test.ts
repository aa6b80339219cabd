import { normalisePath } from 'shared-contracts/pages';
import { describe, expect, it } from 'vitest';
import { findOwner, ROUTE_OWNERS } from './route-table';

// Every route of docs/product.md, "Routes", with the remote that owns it.
const DOCUMENTED_ROUTES: Array<[string, string | null]> = [
  ['/', 'marketing'],
  ['/auth', null],
  ['/re-authenticate', null],
  ['/schedule-pickup', 'customer'],
  ['/schedule-pickup/store-details', 'customer'],
  ['/schedule-pickup/order-details', 'customer'],
  ['/schedule-pickup/delivery-details', 'customer'],
  ['/schedule-pickup/payment', 'customer'],
  ['/schedule-pickup/complete', 'customer'],
  ['/store-selection', 'customer'],
  ['/checkout', 'customer'],
  ['/subscribe', 'customer'],
  ['/pickup-history', 'customer'],
  ['/delivery-tracking/abc-123', 'customer'],
  ['/wallet', 'customer'],
  ['/settings', 'customer'],
  ['/refund-request', 'customer'],
  ['/verify-email', null],
  ['/curbside-pickup', 'curbside'],
  ['/landing', 'retailer'],
  ['/checkout-widget', 'retailer'],
  ['/api-docs', 'retailer'],
  ['/delivery-tracking-dashboard', 'retailer'],
  ['/about-us', 'marketing'],
  ['/platform-services', 'marketing'],
  ['/how-it-works', 'marketing'],
  ['/team', 'marketing'],
  ['/help-center', 'marketing'],
  ['/delivery-info', 'marketing'],
  ['/robot-leasing', 'retailer'],
  ['/retailer-onboarding', 'retailer'],
  ['/robot-leasing-payment', 'retailer'],
  ['/robot-leasing-success', 'retailer'],
];

describe('findOwner', () => {
  it.each(DOCUMENTED_ROUTES)('%s belongs to %s', (path, owner) => {
    expect(findOwner(path)).toBe(owner);
  });

  it('gives unknown sub-paths to the remote that owns the parent, so it can show its 404', () => {
    expect(findOwner('/wallet/unknown')).toBe('customer');
    expect(findOwner('/curbside-pickup/x/y')).toBe('curbside');
  });

  it('matches whole segments only', () => {
    expect(findOwner('/robot-leasing-payment')).toBe('retailer');
    expect(findOwner('/wallets')).toBeNull();
    expect(findOwner('/landing-page')).toBeNull();
  });

  it('owns nothing under the home page', () => {
    expect(findOwner('/nope')).toBeNull();
    expect(findOwner('/help/getting-started')).toBeNull();
  });

  it('ignores a trailing slash and letter case', () => {
    expect(findOwner('/wallet/')).toBe('customer');
    expect(findOwner('/About-Us')).toBe('marketing');
    expect(normalisePath('///')).toBe('/');
  });

  it('assigns every path to exactly one remote', () => {
    const all = Object.values(ROUTE_OWNERS).flat();
    expect(new Set(all).size).toBe(all.length);
  });
});

import { describe, expect, it } from 'vitest';
import { loadSitePages, loadSiteRoutes } from './site-pages.ts';

describe("the site's page declarations", () => {
  it('route every page of every app to one owner, as the shell and the server read them', async () => {
    const routes = await loadSiteRoutes();
    expect(Object.keys(routes.owners)).toEqual(['marketing', 'customer', 'curbside', 'retailer']);
    expect(routes.owners.customer).toContain('/delivery-tracking');
    expect(routes.owners.marketing?.[0]).toBe('/');
    expect(routes.shellPaths).toEqual([
      '/auth',
      '/re-authenticate',
      '/verify-email',
      '/dev/outbox',
    ]);
    // Only the pages that read the customer's own data may read it while rendered for them.
    expect(routes.signedInData['/wallet']).toEqual([
      '/api/wallet',
      '/api/wallet/entries',
      '/api/payment-methods',
    ]);
    expect(routes.signedInData['/about-us']).toBeUndefined();
    // The pages whose first visit without a session the server answers with the sign-in page.
    expect(routes.signedInOnly).toEqual([
      '/checkout',
      '/pickup-history',
      '/delivery-tracking/:id',
      '/wallet',
      '/settings',
      '/refund-request',
      '/curbside-pickup',
      '/retailer-onboarding',
    ]);
  });

  it('keep the recent-password check on the wallet', async () => {
    const { customer = [] } = await loadSitePages();
    expect(customer.find((page) => page.path === '/wallet')?.sensitive).toBe(true);
  });
});

/**
 * Every route of docs/product.md, "Routes", with the remote that owns it (null: the shell's own
 * page), and whether the page is for signed-in people only (a visitor without a session gets the
 * sign-in page from the server, without the remote's code). One list for the suites that walk
 * every route (routing, 320 px, axe).
 */
export const ROUTES: ReadonlyArray<{ path: string; owner: string | null; signedInOnly?: true }> = [
  { path: '/', owner: 'marketing' },
  { path: '/auth', owner: null },
  { path: '/re-authenticate', owner: null },
  { path: '/schedule-pickup', owner: 'customer' },
  { path: '/schedule-pickup/store-details', owner: 'customer' },
  { path: '/schedule-pickup/order-details', owner: 'customer' },
  { path: '/schedule-pickup/delivery-details', owner: 'customer' },
  { path: '/schedule-pickup/payment', owner: 'customer' },
  { path: '/schedule-pickup/complete', owner: 'customer' },
  { path: '/store-selection', owner: 'customer' },
  { path: '/checkout', owner: 'customer', signedInOnly: true },
  { path: '/subscribe', owner: 'customer' },
  { path: '/pickup-history', owner: 'customer', signedInOnly: true },
  {
    path: '/delivery-tracking/00000000-0000-4000-8000-000000000000',
    owner: 'customer',
    signedInOnly: true,
  },
  { path: '/wallet', owner: 'customer', signedInOnly: true },
  { path: '/settings', owner: 'customer', signedInOnly: true },
  { path: '/refund-request', owner: 'customer', signedInOnly: true },
  { path: '/verify-email', owner: null },
  { path: '/curbside-pickup', owner: 'curbside', signedInOnly: true },
  { path: '/landing', owner: 'retailer' },
  { path: '/checkout-widget', owner: 'retailer' },
  { path: '/api-docs', owner: 'retailer' },
  { path: '/delivery-tracking-dashboard', owner: 'retailer' },
  { path: '/about-us', owner: 'marketing' },
  { path: '/platform-services', owner: 'marketing' },
  { path: '/how-it-works', owner: 'marketing' },
  { path: '/team', owner: 'marketing' },
  { path: '/help-center', owner: 'marketing' },
  { path: '/delivery-info', owner: 'marketing' },
  { path: '/robot-leasing', owner: 'retailer' },
  { path: '/retailer-onboarding', owner: 'retailer', signedInOnly: true },
  { path: '/robot-leasing-payment', owner: 'retailer' },
  { path: '/robot-leasing-success', owner: 'retailer' },
  // Linked from the team page, and the 404 page itself.
  { path: '/careers', owner: 'marketing' },
  { path: '/contact', owner: 'marketing' },
];

/** Unknown sub-paths of every remote: each shows the 404 page, signed in or out. */
export const UNKNOWN_PATHS: readonly string[] = [
  '/no-such-page',
  '/schedule-pickup/not-a-step',
  '/wallet/x',
  '/delivery-tracking/a/b',
  '/settings/x',
  '/about-us/nothing-here',
  '/curbside-pickup/x/y',
  '/landing/old',
  '/robot-leasing/x',
];

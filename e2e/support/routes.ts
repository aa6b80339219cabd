/**
 * Every route of docs/product.md, "Routes", with the remote that owns it (null: the shell's own
 * page). One list for the suites that walk every route (routing, 320 px, axe).
 */
export const ROUTES: ReadonlyArray<{ path: string; owner: string | null }> = [
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
  { path: '/checkout', owner: 'customer' },
  { path: '/subscribe', owner: 'customer' },
  { path: '/pickup-history', owner: 'customer' },
  { path: '/delivery-tracking/00000000-0000-4000-8000-000000000000', owner: 'customer' },
  { path: '/wallet', owner: 'customer' },
  { path: '/settings', owner: 'customer' },
  { path: '/refund-request', owner: 'customer' },
  { path: '/verify-email', owner: null },
  { path: '/curbside-pickup', owner: 'curbside' },
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
  { path: '/retailer-onboarding', owner: 'retailer' },
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

/**
 * The API routes a page may read while it is rendered on the server (issue 13): public data, the
 * same for every visitor, which then travels with the page's HTML. Anything else a page's code
 * fetches on the server fails, and that section renders in the browser.
 */
export const SERVER_RENDER_DATA_PATHS: ReadonlySet<string> = new Set(['/api/retailers']);

/**
 * The routes a page rendered for a signed-in visitor (ADR 015) may also read, with that visitor's
 * session: the customer's own data that /pickup-history, /wallet and /settings show. Their guards
 * answer as they do for the browser (the wallet's only inside the sensitive window).
 */
export const SIGNED_IN_DATA_PATHS: ReadonlySet<string> = new Set([
  '/api/pickup-history',
  '/api/wallet',
  '/api/wallet/entries',
  '/api/payment-methods',
  '/api/users/me',
  '/api/addresses',
]);

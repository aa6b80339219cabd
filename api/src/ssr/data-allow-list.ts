/**
 * The API routes a page may read while it is rendered on the server: public data, the
 * same for every visitor, which then travels with the page's HTML. Anything else a page's code
 * fetches on the server fails, and that section renders in the browser.
 */
export const SERVER_RENDER_DATA_PATHS: ReadonlySet<string> = new Set(['/api/retailers']);

/**
 * The checkout-initialize example (`{ retailer_id, order_items, customer_info }`
 * with a bearer API key), shown on the landing page and in the API docs.
 */
export const SAMPLE_BODY = {
  retailer_id: 'your-retailer-id',
  order_items: [
    { sku: 'TEE-M-BLK', name: 'Organic tee (M, black)', quantity: 2, unit_price_cents: 2500 },
  ],
  customer_info: { name: 'Ada Lovelace', email: 'ada@example.com', phone: '512 555 0100' },
};

import { useSyncExternalStore } from 'react';

const SERVER_BASE_URL = 'https://curbrun.example';

export function apiBaseUrl(): string {
  return typeof window === 'undefined' ? SERVER_BASE_URL : window.location.origin;
}

const neverChanges = () => () => {};

/**
 * This site's origin for the examples. A server-rendered page shows the neutral example origin
 * first, like the server's HTML, and this site's own right after hydration, so the two
 * never disagree while React takes the HTML over.
 */
export function useApiBaseUrl(): string {
  return useSyncExternalStore(neverChanges, apiBaseUrl, () => SERVER_BASE_URL);
}

export function checkoutCurl(
  options: { apiKey?: string; retailerId?: string; base?: string } = {},
) {
  const body = { ...SAMPLE_BODY, retailer_id: options.retailerId ?? SAMPLE_BODY.retailer_id };
  return [
    `curl -X POST ${options.base ?? apiBaseUrl()}/api/checkout/initialize \\`,
    `  -H "Authorization: Bearer ${options.apiKey ?? '<api key>'}" \\`,
    '  -H "Content-Type: application/json" \\',
    '  -H "Idempotency-Key: order-1001" \\',
    `  -d '${JSON.stringify(body, null, 2).replace(/\n/g, '\n  ')}'`,
  ].join('\n');
}

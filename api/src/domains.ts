import { addressesDomain } from './addresses/routes.ts';
import { analyticsDomain } from './analytics/plugin.ts';
import { apiKeysDomain } from './api-keys/routes.ts';
import { authDomain } from './auth/plugin.ts';
import { checkoutSessionsDomain, devCheckoutSessionsDomain } from './checkout-sessions/routes.ts';
import { curbsideDomain } from './curbside/routes.ts';
import { deliveriesDomain } from './deliveries/plugin.ts';
import { healthDomain } from './health/routes.ts';
import type { ApiDomain } from './http/api-domain.ts';
import { leasingDomain } from './leasing/routes.ts';
import { orderPickupEventsDomain } from './order-pickups/plugin.ts';
import { orderPickupsDomain } from './order-pickups/routes.ts';
import { outboxDomain } from './outbox/plugin.ts';
import { devOutboxDomain } from './outbox/routes.ts';
import { paymentProviderDomain } from './payments/plugin.ts';
import { paymentsDomain } from './payments/routes.ts';
import { quotesDomain } from './quotes/routes.ts';
import { refundsDomain } from './refunds/routes.ts';
import { releasesDomain } from './releases/plugin.ts';
import { remotesDomain } from './remotes/routes.ts';
import { retailerAccountsDomain } from './retailer-accounts/routes.ts';
import { retailerApiDomain } from './retailer-api/plugin.ts';
import { retailersDomain } from './retailers/routes.ts';
import { storesDomain } from './stores/routes.ts';
import { subscriptionsDomain } from './subscriptions/routes.ts';
import { supportDomain } from './support/routes.ts';
import { usersDomain } from './users/routes.ts';
import { walletDomain } from './wallet/routes.ts';
import { webhooksDomain } from './webhooks/plugin.ts';

/**
 * Every domain of the API, by layer, in the order the app registers them. A domain may use what
 * an earlier one decorates (the payment provider, the order pickups' status events) and listen
 * to it; a domain's folder imports only from the folders of earlier layers, never back up
 * (scripts/check-import-directions.mjs checks that no two domain folders import each other).
 */
export const DOMAIN_LAYERS = {
  // The releases before `/remotes.json` and the pages, which ask it for each visitor's releases.
  platform: [healthDomain, releasesDomain, remotesDomain],
  identity: [authDomain],
  catalogue: [retailersDomain, storesDomain, supportDomain],
  commerce: [
    paymentProviderDomain,
    orderPickupEventsDomain,
    addressesDomain,
    quotesDomain,
    paymentsDomain,
    walletDomain,
    subscriptionsDomain,
    orderPickupsDomain,
    checkoutSessionsDomain,
  ],
  // After commerce: curbside guards cancellations, deliveries listen to order status changes
  // and mirror curbside pickups.
  fulfilment: [curbsideDomain, deliveriesDomain, refundsDomain],
  account: [usersDomain],
  // The retailer API builds on commerce and fulfilment; the dashboard (analytics) on its sync.
  retailer: [
    retailerAccountsDomain,
    apiKeysDomain,
    retailerApiDomain,
    webhooksDomain,
    leasingDomain,
    analyticsDomain,
  ],
  housekeeping: [outboxDomain],
  development: [devOutboxDomain, devCheckoutSessionsDomain],
} as const satisfies Record<string, readonly ApiDomain[]>;

export const API_DOMAINS: readonly ApiDomain[] = Object.values(DOMAIN_LAYERS).flat();

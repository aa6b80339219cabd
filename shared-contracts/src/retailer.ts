import { z } from 'zod';
import { METRO_AREAS, STORE_SERVICES } from './stores.ts';
import { safeText } from './text.ts';
import { safeUrl } from './url.ts';

/**
 * Retailer accounts, API keys and the widget's allowed domains: what the
 * `/retailer-onboarding` page and the dashboard send to `/api/retailer/*` with the signed-in
 * user's session. The public retailer API itself (API-key auth, snake_case) is `retailer-api.ts`.
 */

export const API_MODES = ['test', 'live'] as const;
export const apiModeSchema = z.enum(API_MODES, { error: 'Mode must be test or live' });
export type ApiMode = z.infer<typeof apiModeSchema>;

export const API_KEY_KINDS = ['secret', 'publishable'] as const;
export type ApiKeyKind = (typeof API_KEY_KINDS)[number];

/** `sk_test_…`, `sk_live_…` (secret) and `pk_test_…`, `pk_live_…` (publishable, for the widget). */
export const API_KEY_PREFIXES = {
  secret: { test: 'sk_test_', live: 'sk_live_' },
  publishable: { test: 'pk_test_', live: 'pk_live_' },
} as const satisfies Record<ApiKeyKind, Record<ApiMode, string>>;

export const MAX_RETAILER_STORES = 20;
export const MAX_ALLOWED_DOMAINS = 20;
/**
 * One-hour test keys for the API docs console, active at once per account: enough for
 * a few tabs, not a way to multiply keys. They share the account's rate limit anyway.
 */
export const MAX_ACTIVE_CONSOLE_KEYS = 3;

export const RETAILER_MESSAGES = {
  businessNameRequired: 'Business name is required',
  businessNameMax: 'Business name must be at most 80 characters',
  websiteInvalid: 'Enter the website as a full URL, e.g. https://shop.example.com',
  contactNameRequired: 'Contact name is required',
  contactEmailInvalid: 'Invalid email address',
  contactPhoneInvalid: 'Valid phone number is required',
  storesRequired: 'Add at least one store location',
  storesMax: `You can add up to ${MAX_RETAILER_STORES} store locations`,
  storeNameRequired: 'Store name is required',
  storeServicesRequired: 'Choose at least one service for this store',
  accountExists: 'You already have a retailer account.',
  businessNameTaken:
    'A retailer with this name is already on CurbRun. Use your own business name, or add your city or district to it.',
  businessNameIsPartner:
    'This is the name of a CurbRun partner retailer. Use your own business name.',
  noAccount: 'You do not have a retailer account yet. Create one on the onboarding page.',
  keyNotFound: 'API key not found',
  keyAlreadyRevoked: 'This key is already revoked.',
  domainInvalid:
    'Enter a domain such as shop.example.com, *.example.com or localhost:3000 (no path or scheme)',
  domainsMax: `You can allow up to ${MAX_ALLOWED_DOMAINS} domains`,
  consoleKeysMax: `You already have ${MAX_ACTIVE_CONSOLE_KEYS} active console keys. Revoke one in the API keys list on the onboarding page, or wait for one to expire (they last an hour).`,
} as const;

export const retailerStoreInputSchema = z.object({
  name: safeText('Name').min(1, RETAILER_MESSAGES.storeNameRequired).max(80),
  line1: safeText('Street address').min(1, 'Street address is required').max(120),
  city: safeText('City').min(1, 'City is required').max(60),
  state: safeText('State')
    .toUpperCase()
    .refine((value) => value === 'TX', 'We deliver in Texas only; the state must be TX'),
  zip: safeText('ZIP code').regex(/^\d{5}$/, 'ZIP code must be 5 digits'),
  services: z
    .array(z.enum(STORE_SERVICES))
    .min(1, RETAILER_MESSAGES.storeServicesRequired)
    .max(STORE_SERVICES.length),
});
export type RetailerStoreInput = z.input<typeof retailerStoreInputSchema>;

export const retailerAccountInputSchema = z
  .object({
    businessName: safeText('Business name')
      .min(1, RETAILER_MESSAGES.businessNameRequired)
      .max(80, RETAILER_MESSAGES.businessNameMax),
    website: safeUrl('Website', { error: RETAILER_MESSAGES.websiteInvalid }).max(200),
    contactName: safeText('Contact name').min(1, RETAILER_MESSAGES.contactNameRequired).max(80),
    contactEmail: z.email(RETAILER_MESSAGES.contactEmailInvalid).max(254),
    contactPhone: safeText('Contact phone')
      .min(10, RETAILER_MESSAGES.contactPhoneInvalid)
      .max(30, RETAILER_MESSAGES.contactPhoneInvalid)
      .regex(/^[\d\s()+.-]+$/, RETAILER_MESSAGES.contactPhoneInvalid),
    stores: z
      .array(retailerStoreInputSchema)
      .min(1, RETAILER_MESSAGES.storesRequired)
      .max(MAX_RETAILER_STORES, RETAILER_MESSAGES.storesMax),
  })
  .meta({ id: 'RetailerAccountCreate' });
export type RetailerAccountInput = z.input<typeof retailerAccountInputSchema>;

export const retailerStoreSchema = z.object({
  id: z.string(),
  name: z.string(),
  addressLine: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  metroArea: z.enum(METRO_AREAS),
  location: z.object({ lat: z.number(), lng: z.number() }),
  services: z.array(z.enum(STORE_SERVICES)),
});
export type RetailerStore = z.infer<typeof retailerStoreSchema>;

/**
 * Allowed origins of the widget: a host (`shop.example.com`), a host and port
 * (`localhost:3000`), or every subdomain (`*.example.com`). Lower-cased, no scheme or path.
 */
export const allowedDomainSchema = safeText('Domain')
  .toLowerCase()
  .regex(
    /^(\*\.)?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*(?::\d{1,5})?$/,
    RETAILER_MESSAGES.domainInvalid,
  );

export const allowedDomainsInputSchema = z
  .object({
    domains: z.array(allowedDomainSchema).max(MAX_ALLOWED_DOMAINS, RETAILER_MESSAGES.domainsMax),
  })
  .meta({ id: 'AllowedDomainsInput' });

export const retailerAccountSchema = z
  .object({
    id: z.uuid(),
    /** The id the retailer API expects as `retailer_id`. */
    retailerId: z.string(),
    businessName: z.string(),
    website: z.string(),
    contactName: z.string(),
    contactEmail: z.string(),
    contactPhone: z.string(),
    stores: z.array(retailerStoreSchema),
    allowedDomains: z.array(z.string()),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'RetailerAccount' });
export type RetailerAccount = z.infer<typeof retailerAccountSchema>;

export const apiKeySchema = z
  .object({
    id: z.uuid(),
    mode: apiModeSchema,
    kind: z.enum(API_KEY_KINDS),
    /** Secret keys: prefix and last 4 only (`sk_test_…a1b2`); publishable keys: the whole key. */
    display: z.string(),
    createdAt: z.iso.datetime({ offset: true }),
    lastUsedAt: z.iso.datetime({ offset: true }).nullable(),
    /** A rolled key keeps working until then (a grace period), unless revoked. */
    expiresAt: z.iso.datetime({ offset: true }).nullable(),
    revokedAt: z.iso.datetime({ offset: true }).nullable(),
    active: z.boolean(),
  })
  .meta({ id: 'ApiKey' });
export type ApiKey = z.infer<typeof apiKeySchema>;
export const apiKeyListSchema = z.array(apiKeySchema);

/** A new key: for a secret key, the only answer that ever carries the whole secret. */
export const createdApiKeySchema = z
  .object({ key: apiKeySchema, secret: z.string() })
  .meta({ id: 'CreatedApiKey' });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const createdRetailerAccountSchema = z
  .object({
    account: retailerAccountSchema,
    /** Shown once: the server keeps only their hashes. */
    secretKeys: z.object({ test: z.string(), live: z.string() }),
  })
  .meta({ id: 'CreatedRetailerAccount' });
export type CreatedRetailerAccount = z.infer<typeof createdRetailerAccountSchema>;

export const MAX_ROLL_GRACE_HOURS = 7 * 24;

export const rollApiKeyInputSchema = z
  .object({
    mode: apiModeSchema,
    kind: z.enum(API_KEY_KINDS).default('secret'),
    /** Keep the current key working this long (0 = revoke it now). */
    graceHours: z
      .number()
      .int()
      .min(0, 'Grace period must be 0 to 168 hours')
      .max(MAX_ROLL_GRACE_HOURS, 'Grace period must be 0 to 168 hours')
      .default(0),
  })
  .meta({ id: 'RollApiKeyInput' });
export type RollApiKeyInput = z.input<typeof rollApiKeyInputSchema>;

export const apiKeyParamsSchema = z.object({ id: z.uuid(RETAILER_MESSAGES.keyNotFound) });

/**
 * `GET /api/demo/widget-key`: the demo store's test publishable key, so a visitor can preview the
 * checkout widget; null while the demo store has no active one.
 */
export const demoWidgetKeySchema = z.object({ publishableKey: z.string().nullable() });
export type DemoWidgetKey = z.infer<typeof demoWidgetKeySchema>;

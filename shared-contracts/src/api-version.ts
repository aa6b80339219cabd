/**
 * The retailer API's version, as its answers and the API reference name it. Zod-free, apart from
 * retailer-api.ts (which re-exports it), so `/api-docs` prints it without loading the schemas.
 */
export const RETAILER_API_VERSION = '2026-11-01';

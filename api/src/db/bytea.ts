import { customType } from 'drizzle-orm/pg-core';

/**
 * A `bytea` column as a Node Buffer. node-postgres answers Buffers and PGlite Uint8Arrays; both
 * accept either as a parameter. Used for the small images the server stores itself (proof of
 * delivery, refund photos), which are served only to their owner.
 */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => Buffer.from(value),
});

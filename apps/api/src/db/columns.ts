import { customType, pgEnum, timestamp } from 'drizzle-orm/pg-core';

/**
 * What the modules' schemas share (issue 28, decision 416): the enums more than one module's tables use, and the
 * column helpers. Imports no schema, so every `modules/<m>/schema.ts` can import it without a circle.
 */

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const currencyEnum = pgEnum('currency', ['USD', 'EURO']);

export const languageEnum = pgEnum('language', ['en', 'fr']);

/** A stored file's bytes: PostgreSQL bytea (node-postgres answers a Buffer); exported for the modules' own schemas. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

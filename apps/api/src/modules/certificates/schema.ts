import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { languageEnum } from '../../db/columns';
import { users } from '../account/schema';
import { paintings } from '../catalogue-admin/schema';
import { purchases } from '../purchases/schema';

/**
 * Ownership certificates. Owned by modules/certificates: only its files write these tables (issue 28, decision 416).
 * Re-exported by db/schema.ts; drizzle-kit reads this file (drizzle.config.ts).
 */

/** A co-ownership certificate: one per paid purchase, verifiable by its number without revealing the buyer. */
export const certificates = pgTable(
  'certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull(),
    purchaseId: uuid('purchase_id')
      .notNull()
      .references(() => purchases.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    paintingId: uuid('painting_id')
      .notNull()
      .references(() => paintings.id),
    holderName: text('holder_name').notNull(),
    quantity: integer('quantity').notNull(),
    language: languageEnum('language').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Issue 30: when the purchase was revoked in its reflection period, the certificate is void from then on (set
     * once, by certificates/service.ts `voidCertificate`, in the revocation's transaction; never cleared).
     */
    voidedAt: timestamp('voided_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('certificates_number_unique').on(table.number),
    uniqueIndex('certificates_purchase_unique').on(table.purchaseId),
    index('certificates_user_idx').on(table.userId, table.issuedAt),
  ],
);

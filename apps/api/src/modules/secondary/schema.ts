import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, uuid } from 'drizzle-orm/pg-core';
import { listings } from '../market/schema';
import { purchases } from '../purchases/schema';

/**
 * A secondary purchase's fills. Owned by modules/secondary: only its files write these tables (issue 28, decision 408).
 * Re-exported by db/schema.ts; drizzle-kit reads this file (drizzle.config.ts).
 */

// listings, bids and trades: modules/market/schema.ts (decision 397), re-exported at the end of this file.
/** Which listings a secondary purchase takes its parts from (oldest first), at which price. */
export const purchaseFills = pgTable(
  'purchase_fills',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purchaseId: uuid('purchase_id')
      .notNull()
      .references(() => purchases.id),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id),
    quantity: integer('quantity').notNull(),
    unitPriceMinor: bigint('unit_price_minor', { mode: 'number' }).notNull(),
  },
  (table) => [
    index('purchase_fills_purchase_idx').on(table.purchaseId),
    index('purchase_fills_listing_idx').on(table.listingId),
    check('purchase_fills_quantity_positive', sql`${table.quantity} > 0`),
  ],
);

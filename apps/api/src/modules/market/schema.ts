import { BID_STATUSES, LISTING_STATUSES } from '@parcelle/shared/market';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { users } from '../account/schema';
import { paintings } from '../catalogue-admin/schema';

/**
 * The order book's tables, owned by the market module (decisions 396, 397, 416): only modules/market writes them
 * (test/market-tables.test.ts). db/schema.ts re-exports them; the register's entries and a secondary purchase's
 * fills reference `listings` from here. Their keys point at `users` and `paintings`, imported from their owners'
 * schemas (decision 416; the stand-ins of decision 397 are gone).
 */

/**
 * A member's offer of parts on the secondary market, at the part price of the day it was listed. The parts sit
 * with the `listed` holder of the register while the listing is open; `remaining` falls as buyers take them.
 */
export const listingStatusEnum = pgEnum('listing_status', LISTING_STATUSES);
export const listings = pgTable(
  'listings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id),
    paintingId: uuid('painting_id')
      .notNull()
      .references(() => paintings.id),
    quantity: integer('quantity').notNull(),
    remaining: integer('remaining').notNull(),
    /** Price of one part in EUR minor units (the base currency), fixed when listed. */
    unitPriceMinor: bigint('unit_price_minor', { mode: 'number' }).notNull(),
    status: listingStatusEnum('status').notNull().default('open'),
    createdAt: createdAt(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('listings_reference_unique').on(table.reference),
    index('listings_open_fifo_idx').on(table.paintingId, table.createdAt).where(sql`${table.status} = 'open'`),
    index('listings_open_price_idx')
      .on(table.paintingId, table.unitPriceMinor, table.createdAt)
      .where(sql`${table.status} = 'open'`),
    index('listings_seller_idx').on(table.sellerId, table.createdAt),
    check(
      'listings_quantities_valid',
      sql`${table.quantity} > 0 AND ${table.remaining} >= 0 AND ${table.remaining} <= ${table.quantity}`,
    ),
  ],
);

/**
 * A member's bid on the secondary market (issue 17): up to `quantity` parts of a work at up to `unitPriceMinor` (EUR
 * minor units, the base currency) until `expiresAt`. The money of what is left (`remaining` × price) is held from the
 * member's wallet (exchanged into euros for a dollar wallet) in their `bid_hold` ledger account while the bid is
 * open; it is consumed by fills and goes back to the wallet when the bid is cancelled or expires.
 */
export const bidStatusEnum = pgEnum('bid_status', BID_STATUSES);
export const bids = pgTable(
  'bids',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull(),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id),
    paintingId: uuid('painting_id')
      .notNull()
      .references(() => paintings.id),
    quantity: integer('quantity').notNull(),
    remaining: integer('remaining').notNull(),
    unitPriceMinor: bigint('unit_price_minor', { mode: 'number' }).notNull(),
    status: bidStatusEnum('status').notNull().default('open'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('bids_reference_unique').on(table.reference),
    index('bids_open_price_idx')
      .on(table.paintingId, table.unitPriceMinor, table.createdAt)
      .where(sql`${table.status} = 'open'`),
    index('bids_buyer_idx').on(table.buyerId, table.createdAt),
    index('bids_open_expiry_idx').on(table.expiresAt).where(sql`${table.status} = 'open'`),
    check(
      'bids_quantities_valid',
      sql`${table.quantity} > 0 AND ${table.remaining} >= 0 AND ${table.remaining} <= ${table.quantity}
        AND ${table.unitPriceMinor} > 0`,
    ),
  ],
);

/**
 * A trade of the order book: `quantity` parts of a listing bought by a bid, at the resting order's price (EUR minor
 * units). `listingId` is null when a seller accepted a bid directly from their holding (bulletin-board mode).
 */
export const trades = pgTable(
  'trades',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull(),
    paintingId: uuid('painting_id')
      .notNull()
      .references(() => paintings.id),
    bidId: uuid('bid_id').references(() => bids.id),
    listingId: uuid('listing_id').references(() => listings.id),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id),
    quantity: integer('quantity').notNull(),
    unitPriceMinor: bigint('unit_price_minor', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('trades_reference_unique').on(table.reference),
    index('trades_painting_idx').on(table.paintingId, table.createdAt),
    // The member's history and true numbers read their trades on each side, newest first.
    index('trades_buyer_idx').on(table.buyerId, table.createdAt),
    index('trades_seller_idx').on(table.sellerId, table.createdAt),
    check('trades_quantity_positive', sql`${table.quantity} > 0 AND ${table.unitPriceMinor} > 0`),
  ],
);

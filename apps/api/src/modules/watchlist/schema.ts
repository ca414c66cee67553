import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, currencyEnum } from '../../db/columns';
import { users } from '../account/schema';
import { paintings } from '../catalogue-admin/schema';

/**
 * The watchlist and price alerts. Owned by modules/watchlist: only its files write these tables (issue 28, decision
 * 416). Re-exported by db/schema.ts; drizzle-kit reads this file (drizzle.config.ts).
 */

/** The works a member watches (issue 17): told when one opens for purchase, and where price alerts live. */
export const watchlist = pgTable(
  'watchlist',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    paintingId: uuid('painting_id')
      .notNull()
      .references(() => paintings.id),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.paintingId] }),
    index('watchlist_painting_idx').on(table.paintingId),
  ],
);

/**
 * A price alert on a watched work: told once when the value of one part (in `currency`, minor units) crosses the
 * threshold after a valuation or a rate change, then marked triggered and kept. At most one untriggered alert per
 * member and work; setting another replaces it.
 */
export const priceAlerts = pgTable(
  'price_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    paintingId: uuid('painting_id')
      .notNull()
      .references(() => paintings.id),
    direction: text('direction').notNull(),
    thresholdMinor: bigint('threshold_minor', { mode: 'number' }).notNull(),
    currency: currencyEnum('currency').notNull(),
    triggeredAt: timestamp('triggered_at', { withTimezone: true }),
    /** Set when the member removes or replaces it before it fired: kept, never deleted. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('price_alerts_active_unique')
      .on(table.userId, table.paintingId)
      .where(sql`${table.triggeredAt} IS NULL AND ${table.cancelledAt} IS NULL`),
    index('price_alerts_painting_active_idx')
      .on(table.paintingId)
      .where(sql`${table.triggeredAt} IS NULL AND ${table.cancelledAt} IS NULL`),
    check('price_alerts_direction_valid', sql`${table.direction} IN ('above', 'below')`),
    check('price_alerts_threshold_positive', sql`${table.thresholdMinor} > 0`),
  ],
);

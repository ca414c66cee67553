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
import { createdAt, currencyEnum } from '../../db/columns';
import { users } from '../account/schema';
import { paintings } from '../catalogue-admin/schema';

/**
 * Dividends and their payments. Owned by modules/dividends: only its files write these tables (issue 28, decision 416).
 * Re-exported by db/schema.ts; drizzle-kit reads this file (drizzle.config.ts).
 */

export const dividendStatusEnum = pgEnum('dividend_status', ['declared', 'paid']);

/**
 * A dividend declared by an operator for a painting and a year: declared with every holder's share at the record
 * date computed and frozen (the preview), then approved by a second operator, which pays it (issue 15).
 */
export const dividends = pgTable(
  'dividends',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull(),
    paintingId: uuid('painting_id')
      .notNull()
      .references(() => paintings.id),
    year: integer('year').notNull(),
    currency: currencyEnum('currency').notNull(),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    recordDate: timestamp('record_date', { withTimezone: true }).notNull(),
    declaredBy: uuid('declared_by')
      .notNull()
      .references(() => users.id),
    /** What was asked: a total split by the largest remainder (null) or an amount per part. */
    perPartMinor: bigint('per_part_minor', { mode: 'number' }),
    status: dividendStatusEnum('status').notNull().default('declared'),
    /** The second operator, whose approval paid it (never the declarer). */
    approvedBy: uuid('approved_by').references(() => users.id),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('dividends_reference_unique').on(table.reference),
    uniqueIndex('dividends_painting_year_unique').on(table.paintingId, table.year),
    check('dividends_total_positive', sql`${table.totalMinor} > 0`),
    check('dividends_four_eyes', sql`${table.approvedBy} IS NULL OR ${table.approvedBy} <> ${table.declaredBy}`),
    check('dividends_paid_shape', sql`(${table.status}::text = 'paid') = (${table.paidAt} IS NOT NULL)`),
  ],
);

/** Each holder's share of a dividend (parts held at the record date and the amount credited). */
export const dividendPayments = pgTable(
  'dividend_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dividendId: uuid('dividend_id')
      .notNull()
      .references(() => dividends.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    parts: integer('parts').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('dividend_payments_unique').on(table.dividendId, table.userId),
    index('dividend_payments_user_idx').on(table.userId, table.createdAt),
    check('dividend_payments_valid', sql`${table.parts} > 0 AND ${table.amountMinor} >= 0`),
  ],
);

import { date, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { currencyEnum } from '../../db/columns';

/**
 * The exchange rates (decision 407). Owned by modules/fx: only its files write these tables (issue 28, decision 416).
 * Re-exported by db/schema.ts; drizzle-kit reads this file (drizzle.config.ts).
 */

/** Dated exchange rates: 1 unit of `base` is worth `rate` units of `quote` from `day` on. */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    day: date('day', { mode: 'string' }).notNull(),
    base: currencyEnum('base').notNull(),
    quote: currencyEnum('quote').notNull(),
    /** Exact decimal text ("1.0842"), converted with integer arithmetic (convertMinor). */
    rate: text('rate').notNull(),
    /** Where the rate came from (issue 15): 'ecb' (the daily reference job), 'manual' (an operator), 'seed'. */
    source: text('source').notNull().default('seed'),
  },
  (table) => [uniqueIndex('exchange_rates_pair_day_unique').on(table.base, table.quote, table.day)],
);

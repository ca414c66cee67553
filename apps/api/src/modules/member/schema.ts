import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bytea, createdAt, currencyEnum, languageEnum } from '../../db/columns';
import { users } from '../account/schema';

/**
 * The members' rendered statements and yearly statement notices. Owned by modules/member: only its files write these
 * tables (issue 28, decision 416). Re-exported by db/schema.ts; drizzle-kit reads this file (drizzle.config.ts).
 */

/**
 * The statements the statement job rendered (issue 13 §4; YEARLY: the yearly tax statement, issue 17), one row per
 * file of a download request: `id` is the job's id, carried by the signed links, so a link serves the file rendered for it and only that one. Personal data:
 * kept until the links expire (`expires_at`), then deleted by the statement sweep.
 */
export const memberStatements = pgTable(
  'member_statements',
  {
    id: uuid('id').notNull(),
    format: text('format').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    language: languageEnum('language').notNull(),
    content: bytea('content').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.id, table.format] }),
    check('member_statements_format', sql`${table.format} IN ('pdf', 'csv')`),
    check(
      'member_statements_type',
      sql`${table.type} IN ('PURCHASE', 'SALE', 'DIVIDEND', 'ARTWORK', 'YEARLY', 'ANNUAL')`,
    ),
    index('member_statements_user_idx').on(table.userId, table.type, table.format, table.language),
    index('member_statements_expires_idx').on(table.expiresAt),
  ],
);

/**
 * The annual statements sent (issue 30, modules/member/annual-statement-jobs.ts): one row per member and year, written
 * with the email that tells them, so each investor is told once a year; what the statement said (works, total value,
 * currency, language) is kept as sent. Append-only (a trigger refuses UPDATE and DELETE).
 */
export const annualStatementNotices = pgTable(
  'annual_statement_notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    year: integer('year').notNull(),
    language: languageEnum('language').notNull(),
    currency: currencyEnum('currency').notNull(),
    works: integer('works').notNull(),
    totalValueMinor: bigint('total_value_minor', { mode: 'number' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('annual_statement_notices_unique').on(table.userId, table.year)],
);

import { sql } from 'drizzle-orm';
import { integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { users } from '../account/schema';

/**
 * One-time codes. Owned by modules/codes: only its files write these tables (issue 28, decision 416). Re-exported by
 * db/schema.ts; drizzle-kit reads this file (drizzle.config.ts).
 */

export const codePurposeEnum = pgEnum('code_purpose', [
  'email_verification',
  'phone_verification',
  'email_change',
  'purchase',
  'withdrawal',
  'account_change',
]);

/** One-time codes: HMAC-hashed, expiring, with bounded attempts; one live code per user and purpose. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    purpose: codePurposeEnum('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    /** What the code confirms, when it is not the account itself (a new email or phone). */
    target: text('target'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('verification_codes_live_unique')
      .on(table.userId, table.purpose)
      .where(sql`${table.consumedAt} IS NULL`),
  ],
);

import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { users } from '../users/schema';

/**
 * A member's bank account and the links that freeze an account. Owned by modules/account: only its files write these
 * tables (issue 28, decision 408). Re-exported by db/schema.ts; drizzle-kit reads this file (drizzle.config.ts).
 */

/** A member's bank account for withdrawals: the IBAN is encrypted at rest (AES-256-GCM); only its last 4 are shown. */
export const bankAccounts = pgTable('bank_accounts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  accountOwner: text('account_owner').notNull(),
  ibanEncrypted: text('iban_encrypted').notNull(),
  ibanLast4: text('iban_last4').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Single-use links sent to the previous email and phone after a contact or payout change: opening one freezes the
 * account (stored as SHA-256, like password resets).
 */
export const accountFreezeTokens = pgTable(
  'account_freeze_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull(),
    /** What changed: email, phone, bank or paypal. */
    change: text('change').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('account_freeze_tokens_hash_unique').on(table.tokenHash),
    index('account_freeze_tokens_user_idx').on(table.userId),
  ],
);

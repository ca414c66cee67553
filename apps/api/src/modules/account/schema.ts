import { sql } from 'drizzle-orm';
import { boolean, check, date, index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, currencyEnum, languageEnum } from '../../db/columns';

/**
 * A member's account (decision 442): the members and operators (users), their bank accounts and the links that freeze
 * an account. Owned by modules/account: only its files write these tables (issue 28, decision 416). Re-exported by db/schema.ts; drizzle-kit reads this file (drizzle.config.ts).
 */

export const roleEnum = pgEnum('role', ['member', 'admin']);

/**
 * What an operator (users.role = 'admin') may do (issue 15): admin everything, catalogue the works and artists,
 * finance the money, support reads members, compliance reviews identity verifications (issue 29). Null for members.
 */
export const operatorRoleEnum = pgEnum('operator_role', ['admin', 'catalogue', 'finance', 'support', 'compliance']);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased; unique. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    country: text('country'),
    birthDate: date('birth_date', { mode: 'string' }),
    phoneCode: text('phone_code'),
    phoneNumber: text('phone_number'),
    phoneSlug: text('phone_slug'),
    currency: currencyEnum('currency').notNull().default('USD'),
    language: languageEnum('language').notNull().default('en'),
    role: roleEnum('role').notNull().default('member'),
    operatorRole: operatorRoleEnum('operator_role'),
    quickSignUp: boolean('quick_sign_up').notNull().default(false),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    disabledReason: text('disabled_reason'),
    /** Storage key of the profile picture (e.g. avatars/<uuid>.webp), served under /media/. */
    img: text('img'),
    paypalEmail: text('paypal_email'),
    /** Last change of email, phone, bank account or PayPal address: withdrawals wait PAYOUT_HOLD_HOURS after it. */
    contactChangedAt: timestamp('contact_changed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(table.email),
    check('users_operator_role_only_operators', sql`(${table.role} = 'admin') = (${table.operatorRole} IS NOT NULL)`),
  ],
);

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

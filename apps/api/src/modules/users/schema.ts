import { sql } from 'drizzle-orm';
import { boolean, check, date, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, currencyEnum, languageEnum } from '../../db/columns';

/**
 * The members and operators (users). Owned by modules/users: only its files write these tables (issue 28, decision
 * 408). Re-exported by db/schema.ts; drizzle-kit reads this file (drizzle.config.ts).
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

import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const currencyEnum = pgEnum('currency', ['USD', 'EURO']);
export const languageEnum = pgEnum('language', ['en', 'fr']);
export const roleEnum = pgEnum('role', ['member', 'admin']);

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
    quickSignUp: boolean('quick_sign_up').notNull().default(false),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    disabledReason: text('disabled_reason'),
    /** Storage key of the profile picture (e.g. avatars/<uuid>.webp), served under /media/. */
    img: text('img'),
    paypalEmail: text('paypal_email'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('users_email_unique').on(table.email)],
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

export const socialProviderEnum = pgEnum('social_provider', ['google', 'microsoft']);

/** A Google or Microsoft identity (the ID token's `sub`) linked to a member. */
export const socialAccounts = pgTable(
  'social_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: socialProviderEnum('provider').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** The email the provider gave at the first sign-in (for support; the member's email may change). */
    email: text('email'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('social_accounts_provider_subject_unique').on(table.provider, table.subject),
    index('social_accounts_user_idx').on(table.userId),
  ],
);

/** One sign-in on one device: a family of rotated refresh tokens. Revoking it ends the session at once. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    deviceToken: text('device_token').notNull(),
    deviceType: text('device_type').notNull(),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

/** Opaque refresh tokens, stored as SHA-256 hashes. A token is used once; reuse revokes its session. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('refresh_tokens_hash_unique').on(table.tokenHash),
    index('refresh_tokens_session_idx').on(table.sessionId),
  ],
);

export const codePurposeEnum = pgEnum('code_purpose', ['email_verification', 'phone_verification', 'email_change']);

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

export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('password_resets_hash_unique').on(table.tokenHash),
    index('password_resets_user_idx').on(table.userId),
  ],
);

export const outboxChannelEnum = pgEnum('outbox_channel', ['email', 'sms']);

/** Every email and SMS the platform sends, kept when no SMTP server is configured (development outbox). */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order: several messages can share a timestamp. */
    sequence: bigint('sequence', { mode: 'number' }).generatedAlwaysAsIdentity(),
    channel: outboxChannelEnum('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: createdAt(),
  },
  (table) => [index('outbox_recipient_sequence_idx').on(table.recipient, table.sequence)],
);

/** Solved captcha challenges, so one solution cannot be replayed before it expires. */
export const captchaSolutions = pgTable('captcha_solutions', {
  signature: text('signature').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

// ---------------------------------------------------------------- ledger

export const accountKindEnum = pgEnum('account_kind', [
  'member_wallet',
  'platform_cash',
  'platform_revenue',
  'external',
]);

/** A ledger account. Each member has one wallet account per currency; balances are sums of entries. */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: accountKindEnum('kind').notNull(),
    userId: uuid('user_id').references(() => users.id),
    currency: currencyEnum('currency').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('ledger_accounts_owner_unique').on(table.kind, table.userId, table.currency)],
);

/** A balanced money movement. Immutable: mistakes are corrected by a new transaction. */
export const ledgerTransactions = pgTable('ledger_transactions', {
  id: uuid('id').primaryKey().defaultRandom(),
  reference: text('reference').notNull(),
  description: text('description').notNull(),
  createdAt: createdAt(),
});

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    /** Signed amount in minor units (cents): positive is a credit to the account. */
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    currency: currencyEnum('currency').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('ledger_entries_account_idx').on(table.accountId),
    index('ledger_entries_transaction_idx').on(table.transactionId),
    check('ledger_entries_nonzero', sql`${table.amountMinor} <> 0`),
  ],
);

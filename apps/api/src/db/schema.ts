import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { listings } from '../modules/market/schema';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const currencyEnum = pgEnum('currency', ['USD', 'EURO']);
export const languageEnum = pgEnum('language', ['en', 'fr']);
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

export const sessionScopeEnum = pgEnum('session_scope', ['quick_signup', 'totp_enrolment']);

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
    /**
     * What a restricted session may do (null: everything its member may do). 'quick_signup': the session quick
     * sign-up made may finish one purchase (`scopePurchaseId`, bound when it is created) and move no money or
     * contact detail until the mailbox is proved. 'totp_enrolment': an operator without a second factor may only
     * enrol one.
     */
    scope: sessionScopeEnum('scope'),
    scopePurchaseId: uuid('scope_purchase_id').references((): AnyPgColumn => purchases.id),
    /** When the session's operator proved the second factor (TOTP or a recovery code); admin routes need it. */
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
    /** When the member last re-entered their password in this session ("sudo mode", valid 5 minutes). */
    reauthenticatedAt: timestamp('reauthenticated_at', { withTimezone: true }),
    /**
     * When an operator's session was last used (to the minute; null: not since it started): it ends after
     * OPERATOR_IDLE_MINUTES without use (issue 26). Members' sessions do not record it.
     */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
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

export const passwordLinkPurposeEnum = pgEnum('password_link_purpose', ['reset', 'set']);

/**
 * Emailed password links: 'reset' (forgot password, one hour) and 'set' (the first password of a quick sign-up,
 * 24 hours). Single use; setting a password spends every other live link of the member.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    purpose: passwordLinkPurposeEnum('purpose').notNull().default('reset'),
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

/**
 * An operator's TOTP second factor (RFC 6238, SHA-1, 6 digits, 30 s): the secret is encrypted at rest; it counts
 * once confirmed with a first code. `lastUsedStep` refuses a code replayed within (or before) its step.
 */
export const operatorTotp = pgTable('operator_totp', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  secretEncrypted: text('secret_encrypted').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** Single-use recovery codes of an operator's second factor, HMAC-hashed with the server secret. */
export const operatorRecoveryCodes = pgTable(
  'operator_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('operator_recovery_codes_hash_unique').on(table.codeHash),
    index('operator_recovery_codes_user_idx').on(table.userId),
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
  'withdrawals_payable',
  'refunds_payable',
  'bid_hold',
  'fx_clearing',
  'exit_escrow',
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
  // NULLs are distinct in a unique index: the platform's own accounts (no user) get their own partial index.
  (table) => [
    uniqueIndex('ledger_accounts_owner_unique').on(table.kind, table.userId, table.currency),
    uniqueIndex('ledger_accounts_platform_unique').on(table.kind, table.currency).where(sql`${table.userId} IS NULL`),
  ],
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

// ---------------------------------------------------------------- ledger: exchange settlements (issue 32)

/**
 * Parcelle's exchanges with its bank that close the `fx_clearing` position (modules/ledger/fx-settlement.ts): the
 * currency sold and the amount, the currency bought and the amount, as the bank's advice says, and the ledger
 * transaction that recorded them. Append-only, as the ledger: a mistake is corrected by another settlement.
 */
export const fxSettlements = pgTable(
  'fx_settlements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    soldCurrency: currencyEnum('sold_currency').notNull(),
    soldMinor: bigint('sold_minor', { mode: 'number' }).notNull(),
    boughtCurrency: currencyEnum('bought_currency').notNull(),
    boughtMinor: bigint('bought_minor', { mode: 'number' }).notNull(),
    /**
     * When the settlement closed the position: what was left in the currency bought, taken into Parcelle's revenue in
     * that currency (positive a gain: the bank gave more than was owed; negative a loss). 0 when not closed.
     */
    resultMinor: bigint('result_minor', { mode: 'number' }).notNull().default(0),
    closed: boolean('closed').notNull().default(false),
    /** The bank's reference of the exchange: one settlement per reference. */
    bankReference: text('bank_reference').notNull(),
    /** The value date of the exchange (the bank's). */
    settledOn: date('settled_on', { mode: 'string' }).notNull(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    recordedBy: uuid('recorded_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('fx_settlements_bank_reference_unique').on(table.bankReference),
    index('fx_settlements_created_idx').on(table.createdAt),
    check(
      'fx_settlements_exchange',
      sql`${table.soldMinor} > 0 AND ${table.boughtMinor} > 0 AND ${table.soldCurrency} <> ${table.boughtCurrency}`,
    ),
  ],
);

// ---------------------------------------------------------------- catalogue (issue 4)

export const artists = pgTable(
  'artists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stable text identifier (the seed uses it to stay idempotent). */
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    birthDate: date('birth_date', { mode: 'string' }),
    deathDate: date('death_date', { mode: 'string' }),
    bioEn: text('bio_en').notNull(),
    bioFr: text('bio_fr').notNull(),
    /** Storage key of the portrait or emblematic work, served under /media/. */
    imageKey: text('image_key'),
    /** All-time record auction price, in minor units of its own currency. */
    recordPriceMinor: bigint('record_price_minor', { mode: 'number' }),
    recordPriceCurrency: currencyEnum('record_price_currency').notNull().default('EURO'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('artists_slug_unique').on(table.slug), index('artists_name_id_idx').on(table.name, table.id)],
);

/** One row per artist and year: the auction data the rating index IC and the artist charts are computed from. */
export const artistYearlyStats = pgTable(
  'artist_yearly_stats',
  {
    artistId: uuid('artist_id')
      .notNull()
      .references(() => artists.id),
    year: integer('year').notNull(),
    /** Auction turnover of the year, EUR minor units. */
    turnoverMinor: bigint('turnover_minor', { mode: 'number' }).notNull(),
    lotsSold: integer('lots_sold').notNull(),
    lotsUnsold: integer('lots_unsold').notNull(),
    /** Average hammer price per cm², EUR minor units. */
    avgPriceCm2Minor: bigint('avg_price_cm2_minor', { mode: 'number' }).notNull(),
    /** The year's record auction price, EUR minor units (issue 15; null when not known). */
    recordPriceMinor: bigint('record_price_minor', { mode: 'number' }),
  },
  (table) => [
    uniqueIndex('artist_yearly_stats_artist_year_unique').on(table.artistId, table.year),
    check(
      'artist_yearly_stats_positive',
      sql`${table.avgPriceCm2Minor} > 0 AND ${table.lotsSold} >= 0 AND ${table.lotsUnsold} >= 0`,
    ),
  ],
);

export const paintings = pgTable(
  'paintings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    artistId: uuid('artist_id')
      .notNull()
      .references(() => artists.id),
    titleEn: text('title_en').notNull(),
    titleFr: text('title_fr').notNull(),
    descriptionEn: text('description_en').notNull(),
    descriptionFr: text('description_fr').notNull(),
    typeEn: text('type_en').notNull(),
    typeFr: text('type_fr').notNull(),
    year: integer('year').notNull(),
    widthCm: integer('width_cm').notNull(),
    heightCm: integer('height_cm').notNull(),
    /**
     * The market state (MARKET in @parcelle/shared): 0 = draft (never public), 1 = shown, not buyable, 2 = primary
     * market, 3 = secondary market (spec §3), 4 = sold (exit). Changed only by the guarded transitions (issue 15).
     */
    market: smallint('market').notNull(),
    /** When the primary sale opens (market 2): purchases before it are refused. Null: open as soon as in market 2. */
    opensAt: timestamp('opens_at', { withTimezone: true }),
    /** Price of one part, EUR minor units (the base currency). */
    pricePerPartMinor: bigint('price_per_part_minor', { mode: 'number' }).notNull(),
    totalParts: integer('total_parts').notNull(),
    soldParts: integer('sold_parts').notNull().default(0),
    /** Empty only while a draft has no cover yet (publishing needs one). */
    coverKey: text('cover_key').notNull().default(''),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    /** The co-ownership certificate wording of this work (issue 15), shown on every certificate of it. */
    certificateWordingEn: text('certificate_wording_en').notNull().default(''),
    certificateWordingFr: text('certificate_wording_fr').notNull().default(''),
    /**
     * Fees and facts shown to members (issue 15). Money in EUR minor units; null when not set. The entry fee is the
     * platform's share included in the price of each part (issue 17), so never above it.
     */
    entryFeeMinor: bigint('entry_fee_minor', { mode: 'number' }),
    storageCostYearlyMinor: bigint('storage_cost_yearly_minor', { mode: 'number' }),
    insuranceCostYearlyMinor: bigint('insurance_cost_yearly_minor', { mode: 'number' }),
    exitFeeMinor: bigint('exit_fee_minor', { mode: 'number' }),
    /** Or, instead of a fixed exit fee, a share of the sale price in basis points (250 = 2.5 %). */
    exitShareBps: integer('exit_share_bps'),
    custodyPlaceEn: text('custody_place_en'),
    custodyPlaceFr: text('custody_place_fr'),
    insurer: text('insurer'),
    targetHoldingYears: integer('target_holding_years'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('paintings_slug_unique').on(table.slug),
    index('paintings_market_created_idx').on(table.market, table.createdAt, table.id),
    index('paintings_artist_created_idx').on(table.artistId, table.createdAt, table.id),
    check('paintings_market_valid', sql`${table.market} IN (0, 1, 2, 3, 4)`),
    check(
      'paintings_fees_valid',
      sql`coalesce(${table.entryFeeMinor}, 0) >= 0 AND coalesce(${table.storageCostYearlyMinor}, 0) >= 0
        AND coalesce(${table.insuranceCostYearlyMinor}, 0) >= 0 AND coalesce(${table.exitFeeMinor}, 0) >= 0
        AND coalesce(${table.exitShareBps}, 0) BETWEEN 0 AND 10000 AND coalesce(${table.targetHoldingYears}, 1) > 0
        AND coalesce(${table.entryFeeMinor}, 0) <= ${table.pricePerPartMinor}`,
    ),
    check(
      'paintings_parts_valid',
      sql`${table.totalParts} > 0 AND ${table.soldParts} >= 0 AND ${table.soldParts} <= ${table.totalParts}`,
    ),
    check('paintings_dimensions_positive', sql`${table.widthCm} > 0 AND ${table.heightCm} > 0`),
    check('paintings_price_positive', sql`${table.pricePerPartMinor} > 0`),
  ],
);

/**
 * Value of the whole work by year (EUR minor units). No longer read or written: the painting's value history, chart and
 * change come from its appraisals (`painting_valuations`, decision 167). Kept so the rows of existing databases are not
 * dropped unseen; to be removed with a migration once they are carried over or known to be seed data.
 */
export const paintingValueHistory = pgTable(
  'painting_value_history',
  {
    paintingId: uuid('painting_id')
      .notNull()
      .references(() => paintings.id),
    year: integer('year').notNull(),
    valueMinor: bigint('value_minor', { mode: 'number' }).notNull(),
  },
  (table) => [uniqueIndex('painting_value_history_painting_year_unique').on(table.paintingId, table.year)],
);

export const documentKindEnum = pgEnum('document_kind', [
  'client_pdf',
  'technical_file',
  'auth_certif',
  'property_title',
  'notice',
]);

export const paintingDocuments = pgTable(
  'painting_documents',
  {
    paintingId: uuid('painting_id')
      .notNull()
      .references(() => paintings.id),
    kind: documentKindEnum('kind').notNull(),
    lang: languageEnum('lang').notNull(),
    storageKey: text('storage_key').notNull(),
  },
  (table) => [uniqueIndex('painting_documents_unique').on(table.paintingId, table.kind, table.lang)],
);

/**
 * Dated appraisals of a work (issue 15). Append-only: a correction is a new row naming the row it supersedes, so
 * the current appraisals are the rows nothing supersedes, and the history keeps every figure ever entered.
 */
export const paintingValuations = pgTable(
  'painting_valuations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paintingId: uuid('painting_id')
      .notNull()
      .references(() => paintings.id),
    valuedOn: date('valued_on', { mode: 'string' }).notNull(),
    valueMinor: bigint('value_minor', { mode: 'number' }).notNull(),
    currency: currencyEnum('currency').notNull(),
    appraiser: text('appraiser').notNull(),
    /** How the value was reached, in each language (members read it in theirs; issue 32). */
    methodEn: text('method_en').notNull(),
    methodFr: text('method_fr').notNull(),
    /** Storage key of the supporting PDF, if any. */
    documentKey: text('document_key'),
    supersedesId: uuid('supersedes_id').references((): AnyPgColumn => paintingValuations.id),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (table) => [
    index('painting_valuations_painting_idx').on(table.paintingId, table.valuedOn),
    uniqueIndex('painting_valuations_supersedes_unique').on(table.supersedesId),
    check('painting_valuations_value_positive', sql`${table.valueMinor} > 0`),
  ],
);

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

/** Editorial pages of spec §2 (about, faqs, terms…), bilingual, as lists of blocks. */
export const contentPages = pgTable('content_pages', {
  type: text('type').primaryKey(),
  titleEn: text('title_en').notNull(),
  titleFr: text('title_fr').notNull(),
  bodyEn: jsonb('body_en').notNull(),
  bodyFr: jsonb('body_fr').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const galleries = pgTable(
  'galleries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    titleEn: text('title_en').notNull(),
    titleFr: text('title_fr').notNull(),
    imageKey: text('image_key').notNull(),
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('galleries_slug_unique').on(table.slug),
    index('galleries_position_idx').on(table.position, table.id),
  ],
);

/** Site-wide settings (social links, registration number, weexDocs links), one JSON value per key. */
export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone').notNull(),
    object: text('object').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('contact_messages_created_idx').on(table.createdAt)],
);

/** Newsletter with double opt-in: tokens are stored as SHA-256 hashes. */
export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    lang: languageEnum('lang').notNull().default('en'),
    confirmTokenHash: text('confirm_token_hash'),
    unsubscribeTokenHash: text('unsubscribe_token_hash').notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('newsletter_subscribers_email_unique').on(table.email),
    uniqueIndex('newsletter_subscribers_confirm_unique').on(table.confirmTokenHash),
    uniqueIndex('newsletter_subscribers_unsubscribe_unique').on(table.unsubscribeTokenHash),
  ],
);

// ---------------------------------------------------------------- purchases (issue 5)

/**
 * The parts register is kept like the money ledger: a movement moves parts of one painting between holders and
 * its entries sum to zero. Holders: the `issuer` (the work itself, −total at issue), `available` (the primary
 * stock still for sale), `reserved` (parts held for a pending purchase) and `member` (a co-owner, with the lot
 * the parts came from). A holding is the sum of its entries; nothing is updated or deleted.
 */
/** `exited`: parts that left their holders with the work when an exit sold it (issue 17); nobody holds them any more. */
export const partHolderKindEnum = pgEnum('part_holder_kind', [
  'issuer',
  'available',
  'reserved',
  'member',
  'listed',
  'exited',
]);
export const partLotEnum = pgEnum('part_lot', ['primary', 'secondary']);

export const partMovements = pgTable(
  'part_movements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paintingId: uuid('painting_id')
      .notNull()
      .references(() => paintings.id),
    /** issue, seed, reserve, release, settle… */
    reason: text('reason').notNull(),
    reference: text('reference').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('part_movements_painting_idx').on(table.paintingId, table.createdAt)],
);

export const partEntries = pgTable(
  'part_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    movementId: uuid('movement_id')
      .notNull()
      .references(() => partMovements.id),
    paintingId: uuid('painting_id')
      .notNull()
      .references(() => paintings.id),
    holderKind: partHolderKindEnum('holder_kind').notNull(),
    /** The co-owner (member entries only). */
    userId: uuid('user_id').references(() => users.id),
    /** The lot the parts came from (member entries only). */
    lot: partLotEnum('lot'),
    /** The purchase holding the parts (reserved entries only). */
    purchaseId: uuid('purchase_id').references((): AnyPgColumn => purchases.id),
    /** The secondary-market listing holding the parts (listed entries only). */
    listingId: uuid('listing_id').references((): AnyPgColumn => listings.id),
    /** Signed number of parts: positive adds to the holder. */
    quantity: integer('quantity').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('part_entries_movement_idx').on(table.movementId),
    index('part_entries_painting_holder_idx').on(table.paintingId, table.holderKind),
    index('part_entries_user_idx').on(table.userId, table.paintingId),
    index('part_entries_listing_idx').on(table.listingId),
    check('part_entries_nonzero', sql`${table.quantity} <> 0`),
    check(
      'part_entries_holder_shape',
      // Compared as text: a value added to the enum cannot be used as an enum literal in the migration that adds it.
      sql`(${table.holderKind}::text = 'member') = (${table.userId} IS NOT NULL AND ${table.lot} IS NOT NULL)
        AND (${table.holderKind}::text = 'reserved') = (${table.purchaseId} IS NOT NULL)
        AND (${table.holderKind}::text = 'listed') = (${table.listingId} IS NOT NULL)`,
    ),
  ],
);

export const paymentMethodEnum = pgEnum('payment_method', ['card', 'paypal', 'smart_amount']);
export const purchaseStatusEnum = pgEnum('purchase_status', [
  'pending',
  'paid',
  'expired',
  'failed',
  'refund_pending',
  'refunded',
  // Issue 30: a paid primary purchase revoked within the reflection period (see purchase_revocations).
  'revoked',
]);

/**
 * A purchase on the primary market: created with its parts reserved (pending), then paid (parts settled to the
 * buyer, certificate issued) or expired / failed (parts released). A payment that arrives after the release and
 * can no longer be settled is refunded: refund_pending (the provider has not yet confirmed the refund) → refunded.
 * Amounts are integer minor units of `currency`.
 */
export const purchases = pgTable(
  'purchases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Shown to the member and the payment providers (reference_id). */
    reference: text('reference').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    paintingId: uuid('painting_id')
      .notNull()
      .references(() => paintings.id),
    quantity: integer('quantity').notNull(),
    currency: currencyEnum('currency').notNull(),
    unitPriceMinor: bigint('unit_price_minor', { mode: 'number' }).notNull(),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    paymentMethod: paymentMethodEnum('payment_method').notNull(),
    /** 2: bought on the primary market; 3: bought from members' listings (see purchase_fills). */
    market: smallint('market').notNull().default(2),
    /** The certificate holder's name; may differ from the buyer (spec §1). */
    ownerName: text('owner_name').notNull(),
    language: languageEnum('language').notNull(),
    status: purchaseStatusEnum('status').notNull().default('pending'),
    /** The provider's id of the payment (card intent, PayPal order). */
    providerRef: text('provider_ref'),
    failureReason: text('failure_reason'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('purchases_reference_unique').on(table.reference),
    uniqueIndex('purchases_provider_ref_unique').on(table.providerRef),
    index('purchases_pending_expiry_idx').on(table.expiresAt).where(sql`${table.status} = 'pending'`),
    index('purchases_user_created_idx').on(table.userId, table.createdAt),
    // One unpaid card or PayPal purchase per member and work (decision 84): the last guard when two requests race.
    // A wallet purchase is paid in the transaction that reserves it, so it never waits pending.
    uniqueIndex('purchases_one_pending_per_member_work')
      .on(table.userId, table.paintingId)
      .where(sql`${table.status} = 'pending' AND ${table.paymentMethod} <> 'smart_amount'`),
    check('purchases_quantity_positive', sql`${table.quantity} > 0`),
    // A secondary purchase may fill listings at different prices: its total is the sum of its fills (checked by
    // the invariants), and its unit price is the first fill's.
    check(
      'purchases_amounts_valid',
      sql`${table.unitPriceMinor} > 0 AND ${table.market} IN (2, 3)
        AND (${table.market} = 3 OR ${table.totalMinor} = ${table.unitPriceMinor} * ${table.quantity})`,
    ),
  ],
);

/** A co-ownership certificate: one per paid purchase, verifiable by its number without revealing the buyer. */
export const certificates = pgTable(
  'certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull(),
    purchaseId: uuid('purchase_id')
      .notNull()
      .references(() => purchases.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    paintingId: uuid('painting_id')
      .notNull()
      .references(() => paintings.id),
    holderName: text('holder_name').notNull(),
    quantity: integer('quantity').notNull(),
    language: languageEnum('language').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Issue 30: when the purchase was revoked in its reflection period, the certificate is void from then on (set
     * once, by certificates/service.ts `voidCertificate`, in the revocation's transaction; never cleared).
     */
    voidedAt: timestamp('voided_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('certificates_number_unique').on(table.number),
    uniqueIndex('certificates_purchase_unique').on(table.purchaseId),
    index('certificates_user_idx').on(table.userId, table.issuedAt),
  ],
);

/** Answers of state-changing money calls by Idempotency-Key: a retry replays the first answer. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    key: text('key').notNull(),
    route: text('route').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    responseBody: jsonb('response_body'),
    /** The purchase the keyed request created, recorded in the transaction that created it (decision: soak). */
    purchaseId: uuid('purchase_id').references(() => purchases.id),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('idempotency_keys_unique').on(table.userId, table.key)],
);

/** Payment provider events already handled (webhooks are delivered at least once, in any order). */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    /**
     * For reconciliation (issue 15): the provider's payment id, the amount it reported, and the purchase it was
     * matched to (null: no purchase has this payment, which an operator looks into).
     */
    paymentRef: text('payment_ref'),
    amountMinor: bigint('amount_minor', { mode: 'number' }),
    currency: currencyEnum('currency'),
    purchaseId: uuid('purchase_id').references((): AnyPgColumn => purchases.id),
    receivedAt: createdAt(),
  },
  (table) => [
    uniqueIndex('payment_events_unique').on(table.provider, table.eventId),
    index('payment_events_purchase_idx').on(table.purchaseId),
  ],
);

// ---------------------------------------------------------------- member area (issue 6)

// listings, bids and trades: modules/market/schema.ts (decision 397), re-exported at the end of this file.

/** Which listings a secondary purchase takes its parts from (oldest first), at which price. */
export const purchaseFills = pgTable(
  'purchase_fills',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purchaseId: uuid('purchase_id')
      .notNull()
      .references(() => purchases.id),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id),
    quantity: integer('quantity').notNull(),
    unitPriceMinor: bigint('unit_price_minor', { mode: 'number' }).notNull(),
  },
  (table) => [
    index('purchase_fills_purchase_idx').on(table.purchaseId),
    index('purchase_fills_listing_idx').on(table.listingId),
    check('purchase_fills_quantity_positive', sql`${table.quantity} > 0`),
  ],
);

export const refundStatusEnum = pgEnum('refund_status', ['pending', 'succeeded']);

/**
 * A payment sent back to where it came from (a late payment for parts no longer available): one per purchase,
 * so a retried webhook can never refund twice. Pending until the provider accepts the refund; the reservation
 * job retries pending ones (attempts, next_attempt_at) until it does.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purchaseId: uuid('purchase_id')
      .notNull()
      .references(() => purchases.id),
    /** The adapter that took the money ('stripe', 'paypal' or 'sandbox') with the purchase's payment method. */
    provider: text('provider').notNull(),
    /** What the provider refunds: the PaymentIntent id (card) or the capture id (PayPal). */
    paymentRef: text('payment_ref').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: currencyEnum('currency').notNull(),
    status: refundStatusEnum('status').notNull().default('pending'),
    /** The provider's id of the refund, once accepted. */
    providerRefundId: text('provider_refund_id'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('refunds_purchase_unique').on(table.purchaseId),
    index('refunds_pending_idx').on(table.nextAttemptAt).where(sql`${table.status} = 'pending'`),
    check('refunds_amount_positive', sql`${table.amountMinor} > 0`),
  ],
);

/**
 * Issue 30: a primary purchase revoked in its reflection period (EU 2020/1503 art. 22), one row per purchase (the
 * unique index is the last guard against a double revocation). Append-only: what was revoked, by whom, through which
 * channel, when, and where the money went back. The money and parts themselves are the reversing ledger transaction
 * `<reference>:revocation` and the part movement `revoke` under the purchase's reference.
 */
export const purchaseRevocations = pgTable(
  'purchase_revocations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purchaseId: uuid('purchase_id')
      .notNull()
      .references(() => purchases.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** `member_area` (portfolio or history, signed in) or `email_link` (the signed link of the confirmation). */
    channel: text('channel').notNull(),
    /** Where the money goes back: `card`, `paypal` (through the provider, see refunds) or `wallet`. */
    refundTo: text('refund_to').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: currencyEnum('currency').notNull(),
    /** The end of the reflection period the revocation was checked against. */
    periodEndsAt: timestamp('period_ends_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('purchase_revocations_purchase_unique').on(table.purchaseId),
    index('purchase_revocations_created_idx').on(table.createdAt),
    check('purchase_revocations_amount_positive', sql`${table.amountMinor} > 0`),
  ],
);

export const withdrawalStatusEnum = pgEnum('withdrawal_status', ['PENDING', 'APPROVED', 'REJECTED']);

/**
 * A withdrawal request: its amount leaves the wallet at once (held as payable) until operators decide. Four eyes
 * (issue 15): one operator approves (PENDING → APPROVED, the money stays held), a different one releases (an APPROVED
 * one gets `released_at`: the money leaves to the outside world; operators see the state RELEASED, members still
 * APPROVED); PENDING or APPROVED not released may be rejected (the hold returns to the wallet). Released bank payouts are exported once in a SEPA credit-transfer file (`exported_at`).
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    currency: currencyEnum('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    paymentMethod: text('payment_method').notNull(),
    /** Where the money goes, as shown to the member (account owner and the IBAN's last 4). */
    account: text('account').notNull(),
    status: withdrawalStatusEnum('status').notNull().default('PENDING'),
    /** The operator who approved or rejected it, and when. */
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    reason: text('reason'),
    /** The second operator, who released the approved payout (never the approver). */
    releasedBy: uuid('released_by').references(() => users.id),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    /**
     * A bank payout's creditor, copied from the member's saved account when the withdrawal is requested (the IBAN
     * still encrypted under the member's key), so that a later change of account cannot redirect it.
     */
    creditorName: text('creditor_name'),
    creditorIbanEncrypted: text('creditor_iban_encrypted'),
    /** When the payout went into a SEPA file for the bank, and that file's message id. */
    exportedAt: timestamp('exported_at', { withTimezone: true }),
    exportId: text('export_id'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('withdrawals_reference_unique').on(table.reference),
    check('withdrawals_four_eyes', sql`${table.releasedBy} IS NULL OR ${table.releasedBy} <> ${table.decidedBy}`),
    // No operator approves or releases their own withdrawal (issue 26); rejecting one's own harms nobody.
    check(
      'withdrawals_not_own',
      sql`(${table.decidedBy} IS NULL OR ${table.status}::text = 'REJECTED' OR ${table.decidedBy} <> ${table.userId})
        AND (${table.releasedBy} IS NULL OR ${table.releasedBy} <> ${table.userId})`,
    ),
    index('withdrawals_user_status_idx').on(table.userId, table.status, table.createdAt),
    index('withdrawals_status_idx').on(table.status, table.createdAt),
    check('withdrawals_amount_positive', sql`${table.amountMinor} > 0`),
  ],
);

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

/** Support notes on a member (issue 15): append-only, written by operators, read by support and admins. */
export const memberNotes = pgTable(
  'member_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('member_notes_user_idx').on(table.userId, table.createdAt)],
);

/** Every operator action, append-only. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id')
      .notNull()
      .references(() => users.id),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    details: jsonb('details').notNull().default({}),
    /** The object's values before and after the action (null where it created or only read something). */
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (table) => [
    index('audit_log_created_idx').on(table.createdAt),
    index('audit_log_actor_idx').on(table.actorId, table.createdAt),
    index('audit_log_target_idx').on(table.targetType, table.targetId),
  ],
);

// ---------------------------------------------------------------- statements

/** A stored file's bytes: PostgreSQL bytea (node-postgres answers a Buffer); exported for the modules' own schemas. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

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

// ---------------------------------------------------------------- exits (issue 17)

/** EXIT_OFFER_STATUSES in @parcelle/shared. */
export const exitOfferStatusEnum = pgEnum('exit_offer_status', ['recorded', 'voting', 'accepted', 'rejected']);
export const exitVoteChoiceEnum = pgEnum('exit_vote_choice', ['accept', 'reject']);

/**
 * A buyer's offer for a whole work, recorded by an operator and put to its co-owners' vote. The terms (quorum,
 * majority, in basis points) are frozen on the offer; the fee is the work's exit fee on this amount, computed when the
 * offer is recorded. At most one offer per work is recorded or being voted on at a time, and a work is sold once.
 */
export const exitOffers = pgTable(
  'exit_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull(),
    paintingId: uuid('painting_id')
      .notNull()
      .references(() => paintings.id),
    buyerName: text('buyer_name').notNull(),
    currency: currencyEnum('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    feeMinor: bigint('fee_minor', { mode: 'number' }).notNull(),
    quorumBps: integer('quorum_bps').notNull(),
    majorityBps: integer('majority_bps').notNull(),
    status: exitOfferStatusEnum('status').notNull().default('recorded'),
    /** The earliest instant the vote may open (null: whenever an operator opens it). */
    voteOpensAt: timestamp('vote_opens_at', { withTimezone: true }),
    voteClosesAt: timestamp('vote_closes_at', { withTimezone: true }).notNull(),
    /** When the vote opened: the weights are the parts held at this instant. */
    openedAt: timestamp('opened_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by').references(() => users.id),
    /** The whole work's first sale price (parts × first part price), in the offer's currency, set when sold. */
    firstSaleMinor: bigint('first_sale_minor', { mode: 'number' }),
    recordedBy: uuid('recorded_by')
      .notNull()
      .references(() => users.id),
    /**
     * The work's latest appraisal when the offer was recorded, in the offer's currency (null: the work has none), and
     * whether the offer lies outside the configured band around it (or there was none to compare): then the second
     * operator's approval must acknowledge it (issue 26).
     */
    appraisalMinor: bigint('appraisal_minor', { mode: 'number' }),
    appraisalFlagged: boolean('appraisal_flagged').notNull().default(false),
    /** The buyer's money recorded as received (bank receipts, held in `exit_escrow` until the offer is resolved). */
    fundsReceivedMinor: bigint('funds_received_minor', { mode: 'number' }).notNull().default(0),
    /** The second operator, who approved the offer's terms (never its recorder): settlement needs it. */
    approvedBy: uuid('approved_by').references(() => users.id),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    /** The approval said it saw the appraisal flag. */
    flagAcknowledged: boolean('flag_acknowledged').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('exit_offers_reference_unique').on(table.reference),
    uniqueIndex('exit_offers_one_in_progress')
      .on(table.paintingId)
      .where(sql`${table.status} IN ('recorded', 'voting')`),
    uniqueIndex('exit_offers_one_accepted').on(table.paintingId).where(sql`${table.status} = 'accepted'`),
    index('exit_offers_status_idx').on(table.status, table.createdAt),
    check(
      'exit_offers_amounts_valid',
      sql`${table.amountMinor} > 0 AND ${table.feeMinor} >= 0 AND ${table.feeMinor} < ${table.amountMinor}`,
    ),
    check(
      'exit_offers_terms_valid',
      sql`${table.quorumBps} BETWEEN 1 AND 10000 AND ${table.majorityBps} BETWEEN 1 AND 10000`,
    ),
    check(
      'exit_offers_resolved_shape',
      sql`(${table.status}::text IN ('accepted', 'rejected')) = (${table.resolvedAt} IS NOT NULL)`,
    ),
    // Four eyes (issue 26): the approver is never the recorder; a sale is settled only approved, with the flag
    // acknowledged when there is one, and against the buyer's funds received.
    check('exit_offers_four_eyes', sql`${table.approvedBy} IS NULL OR ${table.approvedBy} <> ${table.recordedBy}`),
    check('exit_offers_approval_shape', sql`(${table.approvedBy} IS NULL) = (${table.approvedAt} IS NULL)`),
    check('exit_offers_funds_valid', sql`${table.fundsReceivedMinor} >= 0`),
    check(
      'exit_offers_settled_approved',
      sql`${table.status}::text <> 'accepted' OR (${table.approvedBy} IS NOT NULL
        AND ${table.fundsReceivedMinor} >= ${table.amountMinor}
        AND (NOT ${table.appraisalFlagged} OR ${table.flagAcknowledged}))`,
    ),
  ],
);

/** A co-owner's vote on an offer: the weight is frozen when the vote opens; the choice may change until it closes. */
export const exitVotes = pgTable(
  'exit_votes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => exitOffers.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    parts: integer('parts').notNull(),
    choice: exitVoteChoiceEnum('choice'),
    votedAt: timestamp('voted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('exit_votes_unique').on(table.offerId, table.userId),
    index('exit_votes_user_idx').on(table.userId),
    check('exit_votes_parts_positive', sql`${table.parts} > 0`),
  ],
);

/** What each holder was paid when an accepted offer was settled, and what their parts had cost them. */
export const exitPayouts = pgTable(
  'exit_payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => exitOffers.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    parts: integer('parts').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    /**
     * The holder's share of the exit fee, kept by Parcelle before the payout (`amount_minor` is net of it): the fee
     * shared by parts to the cent as the payouts are, so the shares add up to the offer's fee. For the yearly statement.
     */
    feeMinor: bigint('fee_minor', { mode: 'number' }).notNull().default(0),
    /** What the holder paid for these parts, in the offer's currency (average cost of the parts they bought). */
    costBasisMinor: bigint('cost_basis_minor', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('exit_payouts_unique').on(table.offerId, table.userId),
    index('exit_payouts_user_idx').on(table.userId, table.createdAt),
    check(
      'exit_payouts_valid',
      sql`${table.parts} > 0 AND ${table.amountMinor} >= 0 AND ${table.feeMinor} >= 0 AND ${table.costBasisMinor} >= 0`,
    ),
  ],
);

/**
 * Staying informed (issue 17): what a member was told, one row per notification, written inside the transaction of
 * the event it tells about (notifications/notify.ts). `kind` is one of NOTIFICATION_KINDS; `payload` holds ids and
 * integer minor units only (the words are written when read, in the reader's language). Never deleted by the member:
 * read_at is set once.
 */
export const memberNotifications = pgTable(
  'member_notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** The work it is about, when there is one (the list names it and links to its page). */
    paintingId: uuid('painting_id').references(() => paintings.id),
    /** Whether an email was queued with it (the member's preference for its kind when it was written). */
    emailed: boolean('emailed').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('member_notifications_user_created_idx').on(table.userId, table.createdAt, table.id),
    index('member_notifications_unread_idx').on(table.userId).where(sql`${table.readAt} IS NULL`),
    check(
      'member_notifications_kind_valid',
      sql`${table.kind} IN ('purchase_settled', 'order_filled', 'bid_expired', 'dividend_paid', 'withdrawal_approved', 'vote_opened', 'watched_work_opened', 'price_alert_reached', 'verification_decided', 'vote_closed', 'exit_paid', 'deposit_credited', 'top_up_credited')`,
    ),
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

/** A member's choice of email per notification kind; no row: the email is sent (the app always shows it). */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    email: boolean('email').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.kind] })],
);

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

// ---------------------------------------------------------------- sanctions module (issue 29)

/**
 * Each version of the EU consolidated financial sanctions list ever loaded, whole: a new row whenever the content
 * (`sha256` of the file's bytes) differs from the current version's; never updated but for `rescreened_at` and the
 * cache validators. `source` says where it came from (the URL, or
 * `file:<name>` for `npm run admin -- sanctions:load`); `generated_at` is the file's own `generationDate`; `etag` and
 * `last_modified` are the server's answer, sent back on the next fetch so an unchanged list is not downloaded again.
 */
export const sanctionsListVersions = pgTable(
  'sanctions_list_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    source: text('source').notNull(),
    sha256: text('sha256').notNull(),
    generatedAt: timestamp('generated_at', { withTimezone: true }).notNull(),
    entryCount: integer('entry_count').notNull(),
    etag: text('etag'),
    lastModified: text('last_modified'),
    loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull().defaultNow(),
    /** When every member was screened against this version (null: still to do, see rescreenPending). */
    rescreenedAt: timestamp('rescreened_at', { withTimezone: true }),
  },
  (table) => [
    index('sanctions_list_versions_loaded_idx').on(table.loadedAt),
    check('sanctions_list_versions_count_valid', sql`${table.entryCount} > 0`),
  ],
);

/**
 * The entities of one list version (a version's entries are written with it and never change). `names` holds every
 * name as the list writes it and normalised for matching (the first is the entity's name, the others aliases);
 * `birth_dates` the list's dates, years, circa years and year ranges; `nationalities` ISO 3166 alpha-2 codes.
 * `fingerprint` (sha256 of what the screening reads) tells an entity unchanged from one version to the next.
 */
export const sanctionsEntries = pgTable(
  'sanctions_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    versionId: uuid('version_id')
      .notNull()
      .references(() => sanctionsListVersions.id),
    logicalId: text('logical_id').notNull(),
    euReferenceNumber: text('eu_reference_number'),
    subjectType: text('subject_type').notNull(),
    names: jsonb('names')
      .$type<{ original: string; normalised: string; alias: boolean; strong: boolean }[]>()
      .notNull(),
    birthDates: jsonb('birth_dates')
      .$type<
        { date: string | null; year: number | null; circa: boolean; yearFrom: number | null; yearTo: number | null }[]
      >()
      .notNull(),
    nationalities: text('nationalities').array().notNull(),
    regulation: text('regulation'),
    programme: text('programme'),
    designationDate: date('designation_date'),
    fingerprint: text('fingerprint').notNull(),
  },
  (table) => [
    uniqueIndex('sanctions_entries_version_logical_unique').on(table.versionId, table.logicalId),
    check('sanctions_entries_subject_valid', sql`${table.subjectType} IN ('person', 'enterprise')`),
  ],
);

/**
 * Every screening of a person against a list version, hit or not: the record that they were screened, when, why
 * (`reason`: submission, withdrawal, list_update, …) and with what data (`person`: the name, aliases, birth date and
 * nationality screened, as given).
 */
export const sanctionsScreenings = pgTable(
  'sanctions_screenings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id),
    listVersionId: uuid('list_version_id')
      .notNull()
      .references(() => sanctionsListVersions.id),
    reason: text('reason').notNull(),
    person: jsonb('person')
      .$type<{ fullName: string; aliases: string[]; birthDate: string | null; nationality: string | null }>()
      .notNull(),
    hitCount: integer('hit_count').notNull(),
    screenedAt: timestamp('screened_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sanctions_screenings_member_idx').on(table.memberId, table.screenedAt)],
);

/**
 * A list entry a screening matched at or above REVIEW_THRESHOLD (modules/sanctions/rules.ts): its score, the fields
 * that matched and the entry's name that did, and where its review stands (`state`: open, confirmed, dismissed; set
 * only with a row of sanctions_hit_decisions). A hit found again on a later version, for the same person data and an
 * unchanged entry, starts in the state decided before (`carried_from`: the hit it was decided on).
 */
export const sanctionsHits = pgTable(
  'sanctions_hits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    screeningId: uuid('screening_id')
      .notNull()
      .references(() => sanctionsScreenings.id),
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id),
    listVersionId: uuid('list_version_id')
      .notNull()
      .references(() => sanctionsListVersions.id),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => sanctionsEntries.id),
    entryLogicalId: text('entry_logical_id').notNull(),
    score: smallint('score').notNull(),
    matchedFields: text('matched_fields').array().notNull(),
    matchedName: text('matched_name').notNull(),
    /** sha256 of the screened person's data and of the entry: what must be unchanged for a decision to carry over. */
    personFingerprint: text('person_fingerprint').notNull(),
    entryFingerprint: text('entry_fingerprint').notNull(),
    state: text('state').notNull().default('open'),
    carriedFrom: uuid('carried_from').references((): AnyPgColumn => sanctionsHits.id),
    createdAt: createdAt(),
  },
  (table) => [
    index('sanctions_hits_member_idx').on(table.memberId, table.createdAt),
    index('sanctions_hits_open_idx').on(table.createdAt).where(sql`${table.state} = 'open'`),
    check('sanctions_hits_state_valid', sql`${table.state} IN ('open', 'confirmed', 'dismissed')`),
    check('sanctions_hits_score_valid', sql`${table.score} BETWEEN 0 AND 100`),
  ],
);

/** An operator's decision on a hit, with their reason: append-only (a trigger refuses UPDATE and DELETE). */
export const sanctionsHitDecisions = pgTable(
  'sanctions_hit_decisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    hitId: uuid('hit_id')
      .notNull()
      .references(() => sanctionsHits.id),
    state: text('state').notNull(),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => users.id),
    reason: text('reason').notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('sanctions_hit_decisions_hit_idx').on(table.hitId, table.decidedAt),
    check('sanctions_hit_decisions_state_valid', sql`${table.state} IN ('confirmed', 'dismissed')`),
    check('sanctions_hit_decisions_reason_present', sql`length(btrim(${table.reason})) > 0`),
  ],
);

// ---------------------------------------------------------------- verification (modules/verification, issue 29)

export const verificationStateEnum = pgEnum('verification_state', [
  'not_started',
  'collecting',
  'submitted',
  'in_review',
  'approved',
  'rejected',
  'resubmission_requested',
  'suspended',
  'closed',
]);
export const verificationActorEnum = pgEnum('verification_actor', ['member', 'operator', 'system']);
export const riskLevelEnum = pgEnum('risk_level', ['low', 'standard', 'high']);
export const verificationDocumentKindEnum = pgEnum('verification_document_kind', [
  'identity_front',
  'identity_back',
  'proof_of_address',
]);

/**
 * A member's identity verification case (issue 29), one row per member: the current state (packages/shared
 * verification.ts), changed only under this row's lock and in the transaction that appends its event. The declared
 * data is what the member last saved; the risk rating is computed at submission from the written rules
 * (modules/verification/risk-rules.ts) and stored with their version. High risk needs two different compliance
 * operators: the first approval is kept in `first_approved_by`, the deciding one in `approved_by` (four eyes, enforced
 * here like dividends'). Both are cleared when the case leaves approval (suspension, a new review).
 */
export const verifications = pgTable(
  'verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    state: verificationStateEnum('state').notNull().default('not_started'),
    declaration: jsonb('declaration').$type<Record<string, unknown>>(),
    declaredAt: timestamp('declared_at', { withTimezone: true }),
    riskLevel: riskLevelEnum('risk_level'),
    riskRuleVersion: text('risk_rule_version'),
    riskReasons: jsonb('risk_reasons').$type<string[]>(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    firstApprovedBy: uuid('first_approved_by').references(() => users.id),
    approvedBy: uuid('approved_by').references(() => users.id),
    /** When the relationship ended (the case closed): the retention period of its documents runs from here. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('verifications_user_unique').on(table.userId),
    index('verifications_queue_idx').on(table.state, table.submittedAt),
    check(
      'verifications_four_eyes',
      sql`${table.approvedBy} IS NULL OR ${table.firstApprovedBy} IS NULL OR ${table.approvedBy} <> ${table.firstApprovedBy}`,
    ),
    check(
      'verifications_high_risk_two_approvals',
      sql`${table.state}::text <> 'approved' OR ${table.riskLevel} IS DISTINCT FROM 'high'
        OR (${table.firstApprovedBy} IS NOT NULL AND ${table.approvedBy} IS NOT NULL)`,
    ),
    check('verifications_risk_versioned', sql`(${table.riskLevel} IS NULL) = (${table.riskRuleVersion} IS NULL)`),
    check(
      'verifications_not_own',
      sql`${table.approvedBy} IS DISTINCT FROM ${table.userId}
        AND ${table.firstApprovedBy} IS DISTINCT FROM ${table.userId}`,
    ),
  ],
);

/**
 * Every transition of a verification case, append-only (a trigger refuses UPDATE and DELETE): who (member, operator
 * or the platform), from which state to which, why (a reason code), and the message the member was sent. A first
 * approval of a high-risk case is recorded too (from and to in_review, reason `first_approval`). An operator's request
 * for new documents names their kinds (`document_kinds`).
 */
export const verificationEvents = pgTable(
  'verification_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order of the case's events (several are written in one transaction, at one `created_at`). */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    verificationId: uuid('verification_id')
      .notNull()
      .references(() => verifications.id),
    fromState: verificationStateEnum('from_state').notNull(),
    toState: verificationStateEnum('to_state').notNull(),
    actor: verificationActorEnum('actor').notNull(),
    actorId: uuid('actor_id').references(() => users.id),
    reasonCode: text('reason_code').notNull(),
    message: text('message').notNull().default(''),
    /** A request for new documents names the kinds to send again (decision 411); empty for every other event. */
    documentKinds: verificationDocumentKindEnum('document_kinds').array().notNull().default(sql`'{}'`),
    createdAt: createdAt(),
  },
  (table) => [
    index('verification_events_case_idx').on(table.verificationId, table.seq),
    check('verification_events_actor_shape', sql`(${table.actor}::text = 'system') = (${table.actorId} IS NULL)`),
    check(
      'verification_events_kinds_asked',
      sql`cardinality(${table.documentKinds}) = 0 OR ${table.toState}::text = 'resubmission_requested'`,
    ),
  ],
);

/**
 * The member's documents (identity front and back, proof of address), encrypted at rest with the IBAN's scheme
 * (account/secrets.ts, bound to the member and the document's id) and kept here, never in the public media store. A
 * replaced document stays (`replaced_at`): it is what an earlier review saw. Deleted by the retention job 5 years after
 * the relationship ends.
 */
export const verificationDocuments = pgTable(
  'verification_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    verificationId: uuid('verification_id')
      .notNull()
      .references(() => verifications.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: verificationDocumentKindEnum('kind').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    width: integer('width'),
    height: integer('height'),
    /** SHA-256 of the plaintext (hex): the member's export and the audit name the file without holding it. */
    sha256: text('sha256').notNull(),
    contentEncrypted: bytea('content_encrypted').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('verification_documents_current_unique')
      .on(table.verificationId, table.kind)
      .where(sql`${table.replacedAt} IS NULL`),
    index('verification_documents_user_idx').on(table.userId),
    check(
      'verification_documents_type_valid',
      sql`${table.contentType} IN ('image/jpeg', 'image/png', 'application/pdf')`,
    ),
  ],
);

// ------------------------------------ verification providers (modules/verification/providers, issue 29, decisions 290+)

/**
 * A case handed to a hosted verification provider (Sumsub): the provider's applicant (created on the member's first
 * session, `external_user_id` = the member's id), when the case was last sent to it, and the last review fetched from
 * its API. The poll job reads `sent_at`/`checked_at` to ask for decisions whose webhook is late.
 */
export const verificationProviderCases = pgTable(
  'verification_provider_cases',
  {
    verificationId: uuid('verification_id')
      .primaryKey()
      .references(() => verifications.id),
    provider: text('provider').notNull(),
    externalUserId: uuid('external_user_id')
      .notNull()
      .references(() => users.id),
    applicantId: text('applicant_id'),
    /** When the case was (last) submitted to the provider; a new submission clears the decision below. */
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    sessionOpenedAt: timestamp('session_opened_at', { withTimezone: true }),
    /** The last review read from the provider's API (never from a webhook's body). */
    reviewStatus: text('review_status'),
    reviewAnswer: text('review_answer'),
    rejectType: text('reject_type'),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    /** The provider's id of the last review applied to the case: a review acts once, whoever reports it. */
    appliedReviewId: text('applied_review_id'),
    /** When a completed review was applied to the case for the current submission (null: still awaited). */
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('verification_provider_cases_applicant_unique').on(table.provider, table.applicantId),
    index('verification_provider_cases_awaiting_idx')
      .on(table.provider, table.sentAt)
      .where(sql`${table.decidedAt} IS NULL`),
  ],
);

/**
 * Every webhook a provider sent whose signature verified, as received (the raw body), append-only (a trigger refuses
 * UPDATE and DELETE). `digest` (SHA-256 of the raw body) de-duplicates: a replay or a provider's retry of the same
 * event is stored once and acted on once. What the event caused is in `verification_events`.
 */
export const verificationProviderEvents = pgTable(
  'verification_provider_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    digest: text('digest').notNull(),
    type: text('type').notNull(),
    applicantId: text('applicant_id'),
    rawBody: text('raw_body').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('verification_provider_events_digest_unique').on(table.provider, table.digest),
    index('verification_provider_events_applicant_idx').on(table.provider, table.applicantId),
  ],
);

// complaints (issue 30) and deposits (issue 31): modules/complaints/schema.ts and modules/deposits/schema.ts, read by
// drizzle-kit beside this file (not re-exported: those schemas import `users` from here, and a re-export would make
// the files import each other).

// The order book's tables (decision 397): declared by their owner, the market module, and re-exported here so that
// every reader keeps one place to import tables from. market/schema.ts imports nothing from this file (no circle).
export * from '../modules/market/schema';

import {
  type AnyPgColumn,
  bigint,
  index,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { users } from '../account/schema';
import { purchases } from '../purchases/schema';

/**
 * Sign-in: sessions, refresh tokens, linked social accounts, password links and operators' second factor (written by
 * auth/totp.ts; modules/admin only reads it). Owned by modules/auth: only its files write these tables (issue 28,
 * decision 416). Re-exported by db/schema.ts; drizzle-kit reads this file (drizzle.config.ts).
 */

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

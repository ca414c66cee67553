import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { users } from '../users/schema';

/**
 * Operators' second factor and the audit log. Owned by modules/admin: only its files write these tables (issue 28,
 * decision 408). Re-exported by db/schema.ts; drizzle-kit reads this file (drizzle.config.ts).
 */

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

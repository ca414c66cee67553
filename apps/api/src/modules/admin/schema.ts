import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { users } from '../account/schema';

/**
 * The audit log. Owned by modules/admin: only its files write it (issue 28, decision 416). Re-exported by db/schema.ts;
 * drizzle-kit reads this file (drizzle.config.ts). Operators' second factor is auth's (modules/auth/schema.ts).
 */

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

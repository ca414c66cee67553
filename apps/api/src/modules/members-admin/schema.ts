import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { users } from '../account/schema';

/**
 * Operators' notes on members. Owned by modules/members-admin: only its files write these tables (issue 28, decision
 * 416). Re-exported by db/schema.ts; drizzle-kit reads this file (drizzle.config.ts).
 */

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

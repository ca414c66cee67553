import type { Language } from '@parcelle/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  jsonb,
  pgEnum,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../account/schema';

/**
 * Complaints (issue 30), owned by modules/complaints: only its files write these tables. Re-exported by db/schema.ts
 * so drizzle-kit and the typed client see them; `users` comes from its owner's schema (decision 416).
 */

export const complaintStateEnum = pgEnum('complaint_state', [
  'received',
  'acknowledged',
  'escalated',
  'answered',
  'closed',
]);
export const complaintOutcomeEnum = pgEnum('complaint_outcome', ['upheld', 'partially_upheld', 'rejected']);
export const complaintEventKindEnum = pgEnum('complaint_event_kind', [
  'received',
  'acknowledged',
  'escalated',
  'answered',
  'closed',
  'note',
]);
export const complaintActorEnum = pgEnum('complaint_actor', ['member', 'visitor', 'operator', 'system']);

/** Numbers the references (RC-<year>-<number>): one sequence, never reused. */
export const complaintNumberSeq = pgSequence('complaint_number_seq', { startWith: 1 });

/**
 * One complaint: who filed it (a member, or a visitor by their email address), what about, and where it stands. The
 * due days are computed once at receipt (packages/shared complaints.ts) and stored, so the export shows what the
 * queue showed. The state changes only under this row's lock, in the transaction that appends its event.
 */
export const complaints = pgTable(
  'complaints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull(),
    /** The member who filed it; null for a visitor (then email and name are theirs as typed). */
    userId: uuid('user_id').references(() => users.id),
    email: text('email').notNull(),
    name: text('name').notNull(),
    /** The complainant's language (en, fr): every message to them is in it. Text, as it was created when this file could not import the enum. */
    language: text('language').$type<Language>().notNull(),
    category: text('category').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    state: complaintStateEnum('state').notNull().default('received'),
    outcome: complaintOutcomeEnum('outcome'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    acknowledgeDueOn: date('acknowledge_due_on', { mode: 'string' }).notNull(),
    answerDueOn: date('answer_due_on', { mode: 'string' }).notNull(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('complaints_reference_unique').on(table.reference),
    index('complaints_user_idx').on(table.userId, table.receivedAt),
    index('complaints_queue_idx').on(table.state, table.receivedAt),
    check(
      'complaints_category_valid',
      sql`${table.category} IN ('purchase', 'secondary_market', 'payment', 'withdrawal', 'dividend_or_exit', 'account', 'information', 'other')`,
    ),
    check('complaints_language_valid', sql`${table.language} IN ('en', 'fr')`),
    check('complaints_answered_has_outcome', sql`(${table.answeredAt} IS NULL) = (${table.outcome} IS NULL)`),
  ],
);

/**
 * Every event of a complaint, append-only (a trigger refuses UPDATE and DELETE): its receipt, each operator's action
 * with the message sent to the complainant (`message`, in their language) and the internal note (`note`, never shown
 * to them).
 */
export const complaintEvents = pgTable(
  'complaint_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    complaintId: uuid('complaint_id')
      .notNull()
      .references(() => complaints.id),
    kind: complaintEventKindEnum('kind').notNull(),
    fromState: complaintStateEnum('from_state').notNull(),
    toState: complaintStateEnum('to_state').notNull(),
    actor: complaintActorEnum('actor').notNull(),
    actorId: uuid('actor_id').references(() => users.id),
    message: text('message').notNull().default(''),
    note: text('note').notNull().default(''),
    outcome: complaintOutcomeEnum('outcome'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('complaint_events_case_idx').on(table.complaintId, table.seq),
    check('complaint_events_operator_named', sql`${table.actor}::text <> 'operator' OR ${table.actorId} IS NOT NULL`),
  ],
);

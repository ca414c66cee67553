import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { users } from '../account/schema';
import { paintings } from '../catalogue-admin/schema';

/**
 * The outbox, the members' notifications and their preferences. Owned by modules/notifications: only its files write
 * these tables (issue 28, decision 416). Re-exported by db/schema.ts; drizzle-kit reads this file (drizzle.config.ts).
 */

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
      sql`${table.kind} IN ('purchase_settled', 'order_filled', 'bid_expired', 'dividend_paid', 'withdrawal_approved', 'vote_opened', 'watched_work_opened', 'price_alert_reached', 'verification_decided', 'vote_closed', 'exit_paid', 'deposit_credited', 'top_up_credited', 'parts_sold')`,
    ),
  ],
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

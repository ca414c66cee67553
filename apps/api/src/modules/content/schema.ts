import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, languageEnum } from '../../db/columns';

/**
 * Contact messages and the newsletter, owned by modules/content (issue 28, decision 416). The editorial tables it
 * reads (pages, galleries, site settings) are content-admin's, which writes them. Re-exported by db/schema.ts;
 * drizzle-kit reads this file (drizzle.config.ts).
 */

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

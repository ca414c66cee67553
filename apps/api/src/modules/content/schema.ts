import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, languageEnum } from '../../db/columns';

/**
 * Editorial content, galleries, site settings, contact messages and the newsletter. Owned by modules/content, and
 * written by content-admin too (the console's editorial screens); issue 28, decision 416. Re-exported by
 * db/schema.ts; drizzle-kit reads this file (drizzle.config.ts).
 */

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

import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';

/**
 * The editorial tables: pages, galleries and site settings, owned by modules/content-admin, the console's editorial
 * screens that write them (issue 28, decision 416); the public content module and the market settings read them.
 * Re-exported by db/schema.ts; drizzle-kit reads this file (drizzle.config.ts).
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

import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { languageEnum } from '../../db/columns';
import { users } from '../account/schema';
import { paintings } from '../catalogue-admin/schema';
import { purchases } from '../purchases/schema';
import type { KeyInformationContent } from './content';

/**
 * The key information module's tables (issue 30). Only this module writes them; all three are append-only (a trigger
 * in the migration refuses UPDATE and DELETE): a published version is frozen as it was shown, an acknowledgement is
 * a record of what a member read, and a purchase's link says which version it was bought under.
 */

/**
 * One published version of a work's key information document: the content in both languages as it was generated
 * and shown (never regenerated), its SHA-256 over the canonical JSON, the regulator's registration number when the
 * regime asks for one, who published it and when. Version numbers count from 1 per work; the highest is current.
 */
export const keyInformationVersions = pgTable(
  'key_information_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paintingId: uuid('painting_id')
      .notNull()
      .references(() => paintings.id),
    version: integer('version').notNull(),
    content: jsonb('content').$type<KeyInformationContent>().notNull(),
    contentHash: text('content_hash').notNull(),
    registrationNumber: text('registration_number'),
    publishedBy: uuid('published_by')
      .notNull()
      .references(() => users.id),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('key_information_versions_painting_version_unique').on(table.paintingId, table.version),
    check('key_information_versions_version_positive', sql`${table.version} > 0`),
    check('key_information_versions_hash_valid', sql`${table.contentHash} ~ '^[0-9a-f]{64}$'`),
  ],
);

/**
 * A member opened and acknowledged one version: the version, its content hash, the language they read it in, the
 * session they were signed in with and when. A new version of the work needs a new acknowledgement.
 */
export const keyInformationAcknowledgements = pgTable(
  'key_information_acknowledgements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    paintingId: uuid('painting_id')
      .notNull()
      .references(() => paintings.id),
    versionId: uuid('version_id')
      .notNull()
      .references(() => keyInformationVersions.id),
    contentHash: text('content_hash').notNull(),
    language: languageEnum('language').notNull(),
    sessionId: uuid('session_id').notNull(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('key_information_acknowledgements_member_idx').on(table.userId, table.versionId)],
);

/** The acknowledgement a primary purchase was made under (written in the purchase's own transaction). */
export const keyInformationPurchases = pgTable(
  'key_information_purchases',
  {
    purchaseId: uuid('purchase_id')
      .primaryKey()
      .references(() => purchases.id),
    acknowledgementId: uuid('acknowledgement_id')
      .notNull()
      .references(() => keyInformationAcknowledgements.id),
    versionId: uuid('version_id')
      .notNull()
      .references(() => keyInformationVersions.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('key_information_purchases_version_idx').on(table.versionId)],
);

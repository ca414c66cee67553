import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { users } from '../account/schema';

/**
 * The sanctions lists, screenings, hits and decisions. Owned by modules/sanctions: only its files write these tables
 * (issue 28, decision 416). Re-exported by db/schema.ts; drizzle-kit reads this file (drizzle.config.ts).
 */

/**
 * Each version of the EU consolidated financial sanctions list ever loaded, whole: a new row whenever the content
 * (`sha256` of the file's bytes) differs from the current version's; never updated but for `rescreened_at` and the
 * cache validators. `source` says where it came from (the URL, or
 * `file:<name>` for `npm run admin -- sanctions:load`); `generated_at` is the file's own `generationDate`; `etag` and
 * `last_modified` are the server's answer, sent back on the next fetch so an unchanged list is not downloaded again.
 */
export const sanctionsListVersions = pgTable(
  'sanctions_list_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    source: text('source').notNull(),
    sha256: text('sha256').notNull(),
    generatedAt: timestamp('generated_at', { withTimezone: true }).notNull(),
    entryCount: integer('entry_count').notNull(),
    etag: text('etag'),
    lastModified: text('last_modified'),
    loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull().defaultNow(),
    /** When every member was screened against this version (null: still to do, see rescreenPending). */
    rescreenedAt: timestamp('rescreened_at', { withTimezone: true }),
  },
  (table) => [
    index('sanctions_list_versions_loaded_idx').on(table.loadedAt),
    check('sanctions_list_versions_count_valid', sql`${table.entryCount} > 0`),
  ],
);

/**
 * The entities of one list version (a version's entries are written with it and never change). `names` holds every
 * name as the list writes it and normalised for matching (the first is the entity's name, the others aliases);
 * `birth_dates` the list's dates, years, circa years and year ranges; `nationalities` ISO 3166 alpha-2 codes.
 * `fingerprint` (sha256 of what the screening reads) tells an entity unchanged from one version to the next.
 */
export const sanctionsEntries = pgTable(
  'sanctions_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    versionId: uuid('version_id')
      .notNull()
      .references(() => sanctionsListVersions.id),
    logicalId: text('logical_id').notNull(),
    euReferenceNumber: text('eu_reference_number'),
    subjectType: text('subject_type').notNull(),
    names: jsonb('names')
      .$type<{ original: string; normalised: string; alias: boolean; strong: boolean }[]>()
      .notNull(),
    birthDates: jsonb('birth_dates')
      .$type<
        { date: string | null; year: number | null; circa: boolean; yearFrom: number | null; yearTo: number | null }[]
      >()
      .notNull(),
    nationalities: text('nationalities').array().notNull(),
    regulation: text('regulation'),
    programme: text('programme'),
    designationDate: date('designation_date'),
    fingerprint: text('fingerprint').notNull(),
  },
  (table) => [
    uniqueIndex('sanctions_entries_version_logical_unique').on(table.versionId, table.logicalId),
    check('sanctions_entries_subject_valid', sql`${table.subjectType} IN ('person', 'enterprise')`),
  ],
);

/**
 * Every screening of a person against a list version, hit or not: the record that they were screened, when, why
 * (`reason`: submission, withdrawal, list_update, …) and with what data (`person`: the name, aliases, birth date and
 * nationality screened, as given).
 */
export const sanctionsScreenings = pgTable(
  'sanctions_screenings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id),
    listVersionId: uuid('list_version_id')
      .notNull()
      .references(() => sanctionsListVersions.id),
    reason: text('reason').notNull(),
    person: jsonb('person')
      .$type<{ fullName: string; aliases: string[]; birthDate: string | null; nationality: string | null }>()
      .notNull(),
    hitCount: integer('hit_count').notNull(),
    screenedAt: timestamp('screened_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sanctions_screenings_member_idx').on(table.memberId, table.screenedAt)],
);

/**
 * A list entry a screening matched at or above REVIEW_THRESHOLD (modules/sanctions/rules.ts): its score, the fields
 * that matched and the entry's name that did, and where its review stands (`state`: open, confirmed, dismissed; set
 * only with a row of sanctions_hit_decisions). A hit found again on a later version, for the same person data and an
 * unchanged entry, starts in the state decided before (`carried_from`: the hit it was decided on).
 */
export const sanctionsHits = pgTable(
  'sanctions_hits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    screeningId: uuid('screening_id')
      .notNull()
      .references(() => sanctionsScreenings.id),
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id),
    listVersionId: uuid('list_version_id')
      .notNull()
      .references(() => sanctionsListVersions.id),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => sanctionsEntries.id),
    entryLogicalId: text('entry_logical_id').notNull(),
    score: smallint('score').notNull(),
    matchedFields: text('matched_fields').array().notNull(),
    matchedName: text('matched_name').notNull(),
    /** sha256 of the screened person's data and of the entry: what must be unchanged for a decision to carry over. */
    personFingerprint: text('person_fingerprint').notNull(),
    entryFingerprint: text('entry_fingerprint').notNull(),
    state: text('state').notNull().default('open'),
    carriedFrom: uuid('carried_from').references((): AnyPgColumn => sanctionsHits.id),
    createdAt: createdAt(),
  },
  (table) => [
    index('sanctions_hits_member_idx').on(table.memberId, table.createdAt),
    index('sanctions_hits_open_idx').on(table.createdAt).where(sql`${table.state} = 'open'`),
    check('sanctions_hits_state_valid', sql`${table.state} IN ('open', 'confirmed', 'dismissed')`),
    check('sanctions_hits_score_valid', sql`${table.score} BETWEEN 0 AND 100`),
  ],
);

/** An operator's decision on a hit, with their reason: append-only (a trigger refuses UPDATE and DELETE). */
export const sanctionsHitDecisions = pgTable(
  'sanctions_hit_decisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    hitId: uuid('hit_id')
      .notNull()
      .references(() => sanctionsHits.id),
    state: text('state').notNull(),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => users.id),
    reason: text('reason').notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('sanctions_hit_decisions_hit_idx').on(table.hitId, table.decidedAt),
    check('sanctions_hit_decisions_state_valid', sql`${table.state} IN ('confirmed', 'dismissed')`),
    check('sanctions_hit_decisions_reason_present', sql`length(btrim(${table.reason})) > 0`),
  ],
);

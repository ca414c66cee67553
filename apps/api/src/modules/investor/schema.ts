import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bytea, currencyEnum, languageEnum } from '../../db/columns';
import { users } from '../account/schema';

/**
 * The investor's protections (issue 30, decisions 300+): tables owned by modules/investor, written by it only.
 * Every record of what a member answered, declared or acknowledged is append-only (a trigger refuses UPDATE and
 * DELETE, migration 0027); a new answer is a new row and the latest one counts.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** One knowledge test taken: the questionnaire's version, the answers as given, the score computed by the server. */
export const investorKnowledgeTests = pgTable(
  'investor_knowledge_tests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    version: text('version').notNull(),
    language: languageEnum('language').notNull(),
    answers: jsonb('answers').$type<Record<string, string>>().notNull(),
    score: integer('score').notNull(),
    maxScore: integer('max_score').notNull(),
    passed: boolean('passed').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('investor_knowledge_tests_user_idx').on(table.userId, table.createdAt)],
);

/** One simulation of the capacity to bear loss (RTS 2022/2114 art. 6), in the member's currency's minor units. */
export const investorLossSimulations = pgTable(
  'investor_loss_simulations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    currency: currencyEnum('currency').notNull(),
    annualIncomeMinor: bigint('annual_income_minor', { mode: 'number' }).notNull(),
    liquidAssetsMinor: bigint('liquid_assets_minor', { mode: 'number' }).notNull(),
    annualCommitmentsMinor: bigint('annual_commitments_minor', { mode: 'number' }).notNull(),
    netWorthMinor: bigint('net_worth_minor', { mode: 'number' }).notNull(),
    lossCapacityMinor: bigint('loss_capacity_minor', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('investor_loss_simulations_user_idx').on(table.userId, table.createdAt),
    check(
      'investor_loss_simulations_amounts',
      sql`${table.annualIncomeMinor} >= 0 AND ${table.liquidAssetsMinor} >= 0 AND ${table.annualCommitmentsMinor} >= 0 AND ${table.lossCapacityMinor} >= 0`,
    ),
  ],
);

export const sophisticationStateEnum = pgEnum('sophistication_state', ['pending', 'approved', 'rejected']);

/**
 * A member's request to be treated as a sophisticated investor (Annex II of Regulation (EU) 2020/1503): pending,
 * then decided once by a compliance operator (the decision fields are set once, under the row's lock; every step is
 * also an investor_events row and an audit-log entry). An approval holds until `valid_until`.
 */
export const sophisticationRequests = pgTable(
  'investor_sophistication_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    criteria: jsonb('criteria').$type<string[]>().notNull(),
    statement: text('statement').notNull(),
    state: sophisticationStateEnum('state').notNull().default('pending'),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (table) => [
    index('investor_sophistication_requests_user_idx').on(table.userId, table.createdAt),
    index('investor_sophistication_requests_queue_idx').on(table.state, table.createdAt),
    uniqueIndex('investor_sophistication_requests_one_pending').on(table.userId).where(sql`${table.state} = 'pending'`),
    check(
      'investor_sophistication_requests_decided',
      sql`(${table.state} = 'pending') = (${table.decidedAt} IS NULL) AND (${table.state} = 'approved') = (${table.validUntil} IS NOT NULL)`,
    ),
  ],
);

/**
 * The evidence of a sophistication request (Annex II; decision 328): files checked and encrypted exactly as identity
 * documents are (verification/documents.ts: by content, AES-GCM bound to the member and the document's id), held in
 * the database like them, readable by the member and by compliance (each view audited). Not append-only: the
 * retention sweep deletes them (decision 329).
 */
export const sophisticationDocuments = pgTable(
  'investor_sophistication_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => sophisticationRequests.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    width: integer('width'),
    height: integer('height'),
    /** SHA-256 of the plaintext (hex): the audit names the file without holding it. */
    sha256: text('sha256').notNull(),
    contentEncrypted: bytea('content_encrypted').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('investor_sophistication_documents_request_idx').on(table.requestId, table.uploadedAt),
    index('investor_sophistication_documents_user_idx').on(table.userId),
  ],
);

/**
 * The history of a member's investor category: requested, approved, rejected, expired (the expiry recorded by the
 * daily job when an approval's `valid_until` has passed; the category itself is computed from `valid_until`).
 */
export const investorEvents = pgTable(
  'investor_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    requestId: uuid('request_id').references(() => sophisticationRequests.id),
    actorId: uuid('actor_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (table) => [
    index('investor_events_user_idx').on(table.userId, table.createdAt),
    uniqueIndex('investor_events_request_kind_unique').on(table.requestId, table.kind),
    check(
      'investor_events_kind_valid',
      sql`${table.kind} IN ('category_requested', 'category_approved', 'category_rejected', 'category_expired')`,
    ),
  ],
);

/**
 * The consent log (issue 30): every warning a member was shown and acknowledged, with the text's version and the
 * SHA-256 of the exact text shown in the language shown, the session, and what it concerned (a test, an amount).
 * Other modules record into it through consents.ts `recordConsent`.
 */
export const investorConsents = pgTable(
  'investor_consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    textVersion: text('text_version').notNull(),
    textHash: text('text_hash').notNull(),
    language: languageEnum('language').notNull(),
    /** The session of the access token the acknowledgement came with (null when made by the platform's seed). */
    sessionId: uuid('session_id'),
    /** What it concerned: a knowledge test's id, a purchase's painting, a KID version… */
    reference: text('reference'),
    amountMinor: bigint('amount_minor', { mode: 'number' }),
    currency: currencyEnum('currency'),
    createdAt: createdAt(),
  },
  (table) => [
    index('investor_consents_user_idx').on(table.userId, table.createdAt),
    index('investor_consents_reference_idx').on(table.userId, table.kind, table.reference),
    check('investor_consents_hash', sql`${table.textHash} ~ '^[0-9a-f]{64}$'`),
  ],
);

import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { bytea, createdAt } from '../../db/columns';
import { users } from '../account/schema';

/**
 * Identity verification, its events, documents and providers. Owned by modules/verification: only its files write these
 * tables (issue 28, decision 416). Re-exported by db/schema.ts; drizzle-kit reads this file (drizzle.config.ts).
 */

export const verificationStateEnum = pgEnum('verification_state', [
  'not_started',
  'collecting',
  'submitted',
  'in_review',
  'approved',
  'rejected',
  'resubmission_requested',
  'suspended',
  'closed',
]);

export const verificationActorEnum = pgEnum('verification_actor', ['member', 'operator', 'system']);

export const riskLevelEnum = pgEnum('risk_level', ['low', 'standard', 'high']);

export const verificationDocumentKindEnum = pgEnum('verification_document_kind', [
  'identity_front',
  'identity_back',
  'proof_of_address',
]);

/**
 * A member's identity verification case (issue 29), one row per member: the current state (packages/shared
 * verification.ts), changed only under this row's lock and in the transaction that appends its event. The declared
 * data is what the member last saved; the risk rating is computed at submission from the written rules
 * (modules/verification/risk-rules.ts) and stored with their version. High risk needs two different compliance
 * operators: the first approval is kept in `first_approved_by`, the deciding one in `approved_by` (four eyes, enforced
 * here like dividends'). Both are cleared when the case leaves approval (suspension, a new review).
 */
export const verifications = pgTable(
  'verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    state: verificationStateEnum('state').notNull().default('not_started'),
    declaration: jsonb('declaration').$type<Record<string, unknown>>(),
    declaredAt: timestamp('declared_at', { withTimezone: true }),
    riskLevel: riskLevelEnum('risk_level'),
    riskRuleVersion: text('risk_rule_version'),
    riskReasons: jsonb('risk_reasons').$type<string[]>(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    firstApprovedBy: uuid('first_approved_by').references(() => users.id),
    approvedBy: uuid('approved_by').references(() => users.id),
    /** When the relationship ended (the case closed): the retention period of its documents runs from here. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('verifications_user_unique').on(table.userId),
    index('verifications_queue_idx').on(table.state, table.submittedAt),
    check(
      'verifications_four_eyes',
      sql`${table.approvedBy} IS NULL OR ${table.firstApprovedBy} IS NULL OR ${table.approvedBy} <> ${table.firstApprovedBy}`,
    ),
    check(
      'verifications_high_risk_two_approvals',
      sql`${table.state}::text <> 'approved' OR ${table.riskLevel} IS DISTINCT FROM 'high'
        OR (${table.firstApprovedBy} IS NOT NULL AND ${table.approvedBy} IS NOT NULL)`,
    ),
    check('verifications_risk_versioned', sql`(${table.riskLevel} IS NULL) = (${table.riskRuleVersion} IS NULL)`),
    check(
      'verifications_not_own',
      sql`${table.approvedBy} IS DISTINCT FROM ${table.userId}
        AND ${table.firstApprovedBy} IS DISTINCT FROM ${table.userId}`,
    ),
  ],
);

/**
 * Every transition of a verification case, append-only (a trigger refuses UPDATE and DELETE): who (member, operator
 * or the platform), from which state to which, why (a reason code), and the message the member was sent. A first
 * approval of a high-risk case is recorded too (from and to in_review, reason `first_approval`). An operator's request
 * for new documents names their kinds (`document_kinds`).
 */
export const verificationEvents = pgTable(
  'verification_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order of the case's events (several are written in one transaction, at one `created_at`). */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    verificationId: uuid('verification_id')
      .notNull()
      .references(() => verifications.id),
    fromState: verificationStateEnum('from_state').notNull(),
    toState: verificationStateEnum('to_state').notNull(),
    actor: verificationActorEnum('actor').notNull(),
    actorId: uuid('actor_id').references(() => users.id),
    reasonCode: text('reason_code').notNull(),
    message: text('message').notNull().default(''),
    /** A request for new documents names the kinds to send again (decision 411); empty for every other event. */
    documentKinds: verificationDocumentKindEnum('document_kinds').array().notNull().default(sql`'{}'`),
    createdAt: createdAt(),
  },
  (table) => [
    index('verification_events_case_idx').on(table.verificationId, table.seq),
    check('verification_events_actor_shape', sql`(${table.actor}::text = 'system') = (${table.actorId} IS NULL)`),
    check(
      'verification_events_kinds_asked',
      sql`cardinality(${table.documentKinds}) = 0 OR ${table.toState}::text = 'resubmission_requested'`,
    ),
  ],
);

/**
 * The member's documents (identity front and back, proof of address), encrypted at rest with the IBAN's scheme
 * (account/secrets.ts, bound to the member and the document's id) and kept here, never in the public media store. A
 * replaced document stays (`replaced_at`): it is what an earlier review saw. Deleted by the retention job 5 years after
 * the relationship ends.
 */
export const verificationDocuments = pgTable(
  'verification_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    verificationId: uuid('verification_id')
      .notNull()
      .references(() => verifications.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: verificationDocumentKindEnum('kind').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    width: integer('width'),
    height: integer('height'),
    /** SHA-256 of the plaintext (hex): the member's export and the audit name the file without holding it. */
    sha256: text('sha256').notNull(),
    contentEncrypted: bytea('content_encrypted').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('verification_documents_current_unique')
      .on(table.verificationId, table.kind)
      .where(sql`${table.replacedAt} IS NULL`),
    index('verification_documents_user_idx').on(table.userId),
    check(
      'verification_documents_type_valid',
      sql`${table.contentType} IN ('image/jpeg', 'image/png', 'application/pdf')`,
    ),
  ],
);

/**
 * A case handed to a hosted verification provider (Sumsub): the provider's applicant (created on the member's first
 * session, `external_user_id` = the member's id), when the case was last sent to it, and the last review fetched from
 * its API. The poll job reads `sent_at`/`checked_at` to ask for decisions whose webhook is late.
 */
export const verificationProviderCases = pgTable(
  'verification_provider_cases',
  {
    verificationId: uuid('verification_id')
      .primaryKey()
      .references(() => verifications.id),
    provider: text('provider').notNull(),
    externalUserId: uuid('external_user_id')
      .notNull()
      .references(() => users.id),
    applicantId: text('applicant_id'),
    /** When the case was (last) submitted to the provider; a new submission clears the decision below. */
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    sessionOpenedAt: timestamp('session_opened_at', { withTimezone: true }),
    /** The last review read from the provider's API (never from a webhook's body). */
    reviewStatus: text('review_status'),
    reviewAnswer: text('review_answer'),
    rejectType: text('reject_type'),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    /** The provider's id of the last review applied to the case: a review acts once, whoever reports it. */
    appliedReviewId: text('applied_review_id'),
    /** When a completed review was applied to the case for the current submission (null: still awaited). */
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('verification_provider_cases_applicant_unique').on(table.provider, table.applicantId),
    index('verification_provider_cases_awaiting_idx')
      .on(table.provider, table.sentAt)
      .where(sql`${table.decidedAt} IS NULL`),
  ],
);

/**
 * Every webhook a provider sent whose signature verified, as received (the raw body), append-only (a trigger refuses
 * UPDATE and DELETE). `digest` (SHA-256 of the raw body) de-duplicates: a replay or a provider's retry of the same
 * event is stored once and acted on once. What the event caused is in `verification_events`.
 */
export const verificationProviderEvents = pgTable(
  'verification_provider_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    digest: text('digest').notNull(),
    type: text('type').notNull(),
    applicantId: text('applicant_id'),
    rawBody: text('raw_body').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('verification_provider_events_digest_unique').on(table.provider, table.digest),
    index('verification_provider_events_applicant_idx').on(table.provider, table.applicantId),
  ],
);

import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, currencyEnum } from '../../db/columns';
import { users } from '../account/schema';
import { paintings } from '../catalogue-admin/schema';

/**
 * Exit offers, votes and payouts. Owned by modules/exits: only its files write these tables (issue 28, decision 416).
 * Re-exported by db/schema.ts; drizzle-kit reads this file (drizzle.config.ts).
 */

/** EXIT_OFFER_STATUSES in @parcelle/shared. */
export const exitOfferStatusEnum = pgEnum('exit_offer_status', ['recorded', 'voting', 'accepted', 'rejected']);

export const exitVoteChoiceEnum = pgEnum('exit_vote_choice', ['accept', 'reject']);

/**
 * A buyer's offer for a whole work, recorded by an operator and put to its co-owners' vote. The terms (quorum,
 * majority, in basis points) are frozen on the offer; the fee is the work's exit fee on this amount, computed when the
 * offer is recorded. At most one offer per work is recorded or being voted on at a time, and a work is sold once.
 */
export const exitOffers = pgTable(
  'exit_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull(),
    paintingId: uuid('painting_id')
      .notNull()
      .references(() => paintings.id),
    buyerName: text('buyer_name').notNull(),
    currency: currencyEnum('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    feeMinor: bigint('fee_minor', { mode: 'number' }).notNull(),
    quorumBps: integer('quorum_bps').notNull(),
    majorityBps: integer('majority_bps').notNull(),
    status: exitOfferStatusEnum('status').notNull().default('recorded'),
    /** The earliest instant the vote may open (null: whenever an operator opens it). */
    voteOpensAt: timestamp('vote_opens_at', { withTimezone: true }),
    voteClosesAt: timestamp('vote_closes_at', { withTimezone: true }).notNull(),
    /** When the vote opened: the weights are the parts held at this instant. */
    openedAt: timestamp('opened_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by').references(() => users.id),
    /** The whole work's first sale price (parts × first part price), in the offer's currency, set when sold. */
    firstSaleMinor: bigint('first_sale_minor', { mode: 'number' }),
    recordedBy: uuid('recorded_by')
      .notNull()
      .references(() => users.id),
    /**
     * The work's latest appraisal when the offer was recorded, in the offer's currency (null: the work has none), and
     * whether the offer lies outside the configured band around it (or there was none to compare): then the second
     * operator's approval must acknowledge it (issue 26).
     */
    appraisalMinor: bigint('appraisal_minor', { mode: 'number' }),
    appraisalFlagged: boolean('appraisal_flagged').notNull().default(false),
    /** The buyer's money recorded as received (bank receipts, held in `exit_escrow` until the offer is resolved). */
    fundsReceivedMinor: bigint('funds_received_minor', { mode: 'number' }).notNull().default(0),
    /** The second operator, who approved the offer's terms (never its recorder): settlement needs it. */
    approvedBy: uuid('approved_by').references(() => users.id),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    /** The approval said it saw the appraisal flag. */
    flagAcknowledged: boolean('flag_acknowledged').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('exit_offers_reference_unique').on(table.reference),
    uniqueIndex('exit_offers_one_in_progress')
      .on(table.paintingId)
      .where(sql`${table.status} IN ('recorded', 'voting')`),
    uniqueIndex('exit_offers_one_accepted').on(table.paintingId).where(sql`${table.status} = 'accepted'`),
    index('exit_offers_status_idx').on(table.status, table.createdAt),
    check(
      'exit_offers_amounts_valid',
      sql`${table.amountMinor} > 0 AND ${table.feeMinor} >= 0 AND ${table.feeMinor} < ${table.amountMinor}`,
    ),
    check(
      'exit_offers_terms_valid',
      sql`${table.quorumBps} BETWEEN 1 AND 10000 AND ${table.majorityBps} BETWEEN 1 AND 10000`,
    ),
    check(
      'exit_offers_resolved_shape',
      sql`(${table.status}::text IN ('accepted', 'rejected')) = (${table.resolvedAt} IS NOT NULL)`,
    ),
    // Four eyes (issue 26): the approver is never the recorder; a sale is settled only approved, with the flag
    // acknowledged when there is one, and against the buyer's funds received.
    check('exit_offers_four_eyes', sql`${table.approvedBy} IS NULL OR ${table.approvedBy} <> ${table.recordedBy}`),
    check('exit_offers_approval_shape', sql`(${table.approvedBy} IS NULL) = (${table.approvedAt} IS NULL)`),
    check('exit_offers_funds_valid', sql`${table.fundsReceivedMinor} >= 0`),
    check(
      'exit_offers_settled_approved',
      sql`${table.status}::text <> 'accepted' OR (${table.approvedBy} IS NOT NULL
        AND ${table.fundsReceivedMinor} >= ${table.amountMinor}
        AND (NOT ${table.appraisalFlagged} OR ${table.flagAcknowledged}))`,
    ),
  ],
);

/** A co-owner's vote on an offer: the weight is frozen when the vote opens; the choice may change until it closes. */
export const exitVotes = pgTable(
  'exit_votes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => exitOffers.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    parts: integer('parts').notNull(),
    choice: exitVoteChoiceEnum('choice'),
    votedAt: timestamp('voted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('exit_votes_unique').on(table.offerId, table.userId),
    index('exit_votes_user_idx').on(table.userId),
    check('exit_votes_parts_positive', sql`${table.parts} > 0`),
  ],
);

/** What each holder was paid when an accepted offer was settled, and what their parts had cost them. */
export const exitPayouts = pgTable(
  'exit_payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => exitOffers.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    parts: integer('parts').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    /**
     * The holder's share of the exit fee, kept by Parcelle before the payout (`amount_minor` is net of it): the fee
     * shared by parts to the cent as the payouts are, so the shares add up to the offer's fee. For the yearly statement.
     */
    feeMinor: bigint('fee_minor', { mode: 'number' }).notNull().default(0),
    /** What the holder paid for these parts, in the offer's currency (average cost of the parts they bought). */
    costBasisMinor: bigint('cost_basis_minor', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('exit_payouts_unique').on(table.offerId, table.userId),
    index('exit_payouts_user_idx').on(table.userId, table.createdAt),
    check(
      'exit_payouts_valid',
      sql`${table.parts} > 0 AND ${table.amountMinor} >= 0 AND ${table.feeMinor} >= 0 AND ${table.costBasisMinor} >= 0`,
    ),
  ],
);

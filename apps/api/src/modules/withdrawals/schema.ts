import { sql } from 'drizzle-orm';
import { bigint, check, index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, currencyEnum } from '../../db/columns';
import { users } from '../account/schema';

/**
 * Withdrawals. Owned by modules/withdrawals: only its files write these tables (issue 28, decision 416). Re-exported by
 * db/schema.ts; drizzle-kit reads this file (drizzle.config.ts).
 */

export const withdrawalStatusEnum = pgEnum('withdrawal_status', ['PENDING', 'APPROVED', 'REJECTED']);

/**
 * A withdrawal request: its amount leaves the wallet at once (held as payable) until operators decide. Four eyes
 * (issue 15): one operator approves (PENDING → APPROVED, the money stays held), a different one releases (an APPROVED
 * one gets `released_at`: the money leaves to the outside world; operators see the state RELEASED, members still
 * APPROVED); PENDING or APPROVED not released may be rejected (the hold returns to the wallet). Released bank payouts are exported once in a SEPA credit-transfer file (`exported_at`).
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    currency: currencyEnum('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    paymentMethod: text('payment_method').notNull(),
    /** Where the money goes, as shown to the member (account owner and the IBAN's last 4). */
    account: text('account').notNull(),
    status: withdrawalStatusEnum('status').notNull().default('PENDING'),
    /** The operator who approved or rejected it, and when. */
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    reason: text('reason'),
    /** The second operator, who released the approved payout (never the approver). */
    releasedBy: uuid('released_by').references(() => users.id),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    /**
     * A bank payout's creditor, copied from the member's saved account when the withdrawal is requested (the IBAN
     * still encrypted under the member's key), so that a later change of account cannot redirect it.
     */
    creditorName: text('creditor_name'),
    creditorIbanEncrypted: text('creditor_iban_encrypted'),
    /** When the payout went into a SEPA file for the bank, and that file's message id. */
    exportedAt: timestamp('exported_at', { withTimezone: true }),
    exportId: text('export_id'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('withdrawals_reference_unique').on(table.reference),
    check('withdrawals_four_eyes', sql`${table.releasedBy} IS NULL OR ${table.releasedBy} <> ${table.decidedBy}`),
    // No operator approves or releases their own withdrawal (issue 26); rejecting one's own harms nobody.
    check(
      'withdrawals_not_own',
      sql`(${table.decidedBy} IS NULL OR ${table.status}::text = 'REJECTED' OR ${table.decidedBy} <> ${table.userId})
        AND (${table.releasedBy} IS NULL OR ${table.releasedBy} <> ${table.userId})`,
    ),
    index('withdrawals_user_status_idx').on(table.userId, table.status, table.createdAt),
    index('withdrawals_status_idx').on(table.status, table.createdAt),
    check('withdrawals_amount_positive', sql`${table.amountMinor} > 0`),
  ],
);

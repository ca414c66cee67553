import { sql } from 'drizzle-orm';
import { bigint, check, date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../account/schema';
import { ledgerTransactions } from '../ledger/schema';

/**
 * Deposits by SEPA bank transfer (issue 31), owned by modules/deposits: only its files write these tables. Every table
 * is append-only (a trigger refuses UPDATE and DELETE): a transfer's state is read from the rows that follow it (its
 * resolution), never written over. Re-exported by db/schema.ts; the tables it references come
 * from their owners' schemas (decision 416).
 */

/** Each member's personal reference (ISO 11649, packages/shared deposits.ts): given on first use, never changed. */
export const depositReferences = pgTable(
  'deposit_references',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id),
    /** Electronic form: "RF" + check digits + 12 digits. */
    reference: text('reference').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('deposit_references_reference_unique').on(table.reference)],
);

/**
 * One import of a statement file by an operator (the same file imported twice is two imports, crediting once). What
 * each import did (credited, queued, duplicates, skipped) is in its audit record.
 */
export const bankStatementImports = pgTable(
  'bank_statement_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The account the file's statements are for (`Stmt/Acct/Id/IBAN`: Parcelle's deposit account). */
    accountIban: text('account_iban').notNull(),
    fileName: text('file_name').notNull(),
    /** SHA-256 of the file as received: which file this was, without keeping it. */
    fileSha256: text('file_sha256').notNull(),
    importedBy: uuid('imported_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('bank_statement_imports_created_idx').on(table.createdAt)],
);

/**
 * One booked credit entry of a statement, recorded once: the unique index on (statement id, entry reference) is
 * what makes an import idempotent — a second import of the same entry inserts nothing and so credits nothing, even
 * when two imports run at once (the second waits on the first's index entry, then finds it). The row is the bank's
 * fact and the match: `user_id` is the member its reference names (if any), `reason` why it could not be credited at
 * once (null: it was, and its resolution `credit` follows in the same transaction).
 */
export const bankTransfers = pgTable(
  'bank_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    importId: uuid('import_id')
      .notNull()
      .references(() => bankStatementImports.id),
    statementId: text('statement_id').notNull(),
    /** The bank's reference of the entry: `AcctSvcrRef`, else `NtryRef`, else its position in the statement ("#3"). */
    entryReference: text('entry_reference').notNull(),
    bookedOn: date('booked_on', { mode: 'string' }),
    amountText: text('amount_text').notNull(),
    currencyCode: text('currency_code').notNull(),
    /** Minor units, when the currency is the euro (parsed from the decimal text, never through a float). */
    amountMinor: bigint('amount_minor', { mode: 'number' }),
    remittance: text('remittance').notNull(),
    debtorName: text('debtor_name'),
    debtorIban: text('debtor_iban'),
    userId: uuid('user_id').references(() => users.id),
    reason: text('reason'),
    /** The ledger transaction's reference (DEP-…): the member's finance history names the movement by it. */
    reference: text('reference').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('bank_transfers_entry_unique').on(table.statementId, table.entryReference),
    uniqueIndex('bank_transfers_reference_unique').on(table.reference),
    index('bank_transfers_booked_idx').on(table.bookedOn, table.id),
    check(
      'bank_transfers_reason_valid',
      sql`${table.reason} IS NULL OR ${table.reason} IN ('no_reference', 'batch', 'invalid_reference', 'unknown_reference', 'currency', 'not_verified')`,
    ),
  ],
);

/**
 * What became of a transfer: credited to the member its reference names at import (`credit`), credited by an operator
 * from the queue (`assign`), or to be sent back by the bank (`return`); `credit` and `assign` carry their ledger
 * transaction. One per transfer (the primary key): a transfer is credited at most once, whoever tries at the same time.
 * No row: it waits in the queue.
 */
export const bankTransferResolutions = pgTable(
  'bank_transfer_resolutions',
  {
    transferId: uuid('transfer_id')
      .primaryKey()
      .references(() => bankTransfers.id),
    action: text('action').notNull(),
    userId: uuid('user_id').references(() => users.id),
    transactionId: uuid('transaction_id').references(() => ledgerTransactions.id),
    /** The operator's words (why assigned or returned); empty for a credit at import. */
    note: text('note').notNull(),
    resolvedBy: uuid('resolved_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('bank_transfer_resolutions_user_idx').on(table.userId),
    check('bank_transfer_resolutions_action_valid', sql`${table.action} IN ('credit', 'assign', 'return')`),
    check(
      'bank_transfer_resolutions_credit_has_transaction',
      sql`(${table.action} <> 'return') = (${table.transactionId} IS NOT NULL AND ${table.userId} IS NOT NULL)`,
    ),
  ],
);

/**
 * A top-up of the wallet by card or PayPal (issue 31), started by the member: the amount (euros), the provider's payment
 * it was opened with (`provider_ref`: the PaymentIntent or the PayPal order) and the Idempotency-Key it was asked with
 * (one top-up per member and key: a retried request finds it and answers the same). Its ledger reference (TOP-…) names
 * its finance row. What became of it is in the rows that follow (events, credit), never written over.
 */
export const walletTopUps = pgTable(
  'wallet_top_ups',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    method: text('method').notNull(),
    /** Which provider opened the payment (stripe, paypal or the sandboxes): its events are read by that one. */
    provider: text('provider').notNull(),
    providerRef: text('provider_ref').notNull(),
    /** The card form's client secret, given again to a retried request (null for PayPal). */
    clientSecret: text('client_secret'),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    /** Always the euro (a dollar wallet is credited at the day's rate); text, as it was created when this file could not import the currency enum. */
    currency: text('currency').$type<'EURO'>().notNull(),
    reference: text('reference').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('wallet_top_ups_key_unique').on(table.userId, table.idempotencyKey),
    uniqueIndex('wallet_top_ups_payment_unique').on(table.provider, table.providerRef),
    uniqueIndex('wallet_top_ups_reference_unique').on(table.reference),
    index('wallet_top_ups_user_created_idx').on(table.userId, table.createdAt),
    check('wallet_top_ups_method_valid', sql`${table.method} IN ('card', 'paypal')`),
    check('wallet_top_ups_amount_positive', sql`${table.amountMinor} > 0`),
    check('wallet_top_ups_euros', sql`${table.currency} = 'EURO'`),
  ],
);

/**
 * What the provider (or the member) said about a top-up, once per provider event (`event_id`: the webhook's event, the
 * PayPal capture, or `cancel:<top-up>`): a success, a refusal (with its message), a success for another amount than
 * the one opened (never credited; operators see it), or the member's cancellation.
 */
export const walletTopUpEvents = pgTable(
  'wallet_top_up_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    topUpId: uuid('top_up_id')
      .notNull()
      .references(() => walletTopUps.id),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    outcome: text('outcome').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }),
    currencyCode: text('currency_code'),
    message: text('message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('wallet_top_up_events_event_unique').on(table.provider, table.eventId),
    index('wallet_top_up_events_top_up_idx').on(table.topUpId, table.createdAt),
    check(
      'wallet_top_up_events_outcome_valid',
      sql`${table.outcome} IN ('succeeded', 'failed', 'mismatch', 'cancelled')`,
    ),
  ],
);

/**
 * The credit of a top-up to the wallet: at most one per top-up (the primary key), inserted before any money moves, in
 * the transaction that posts the ledger lines (reference: the top-up's). Two confirmations at once: the second waits
 * on the first's row, then finds it and credits nothing.
 */
export const walletTopUpCredits = pgTable('wallet_top_up_credits', {
  topUpId: uuid('top_up_id')
    .primaryKey()
    .references(() => walletTopUps.id),
  /** The provider event that confirmed it. */
  eventId: text('event_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

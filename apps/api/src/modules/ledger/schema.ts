import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, currencyEnum } from '../../db/columns';
import { users } from '../account/schema';

/**
 * The double-entry ledger (money) and the exchange settlements. Owned by modules/ledger: only its files write these
 * tables (issue 28, decision 416). Re-exported by db/schema.ts; drizzle-kit reads this file (drizzle.config.ts).
 */

export const accountKindEnum = pgEnum('account_kind', [
  'member_wallet',
  'platform_cash',
  'platform_revenue',
  'external',
  'withdrawals_payable',
  'refunds_payable',
  'bid_hold',
  'fx_clearing',
  'exit_escrow',
]);

/** A ledger account. Each member has one wallet account per currency; balances are sums of entries. */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: accountKindEnum('kind').notNull(),
    userId: uuid('user_id').references(() => users.id),
    currency: currencyEnum('currency').notNull(),
    createdAt: createdAt(),
  },
  // NULLs are distinct in a unique index: the platform's own accounts (no user) get their own partial index.
  (table) => [
    uniqueIndex('ledger_accounts_owner_unique').on(table.kind, table.userId, table.currency),
    uniqueIndex('ledger_accounts_platform_unique').on(table.kind, table.currency).where(sql`${table.userId} IS NULL`),
  ],
);

/** A balanced money movement. Immutable: mistakes are corrected by a new transaction. */
export const ledgerTransactions = pgTable('ledger_transactions', {
  id: uuid('id').primaryKey().defaultRandom(),
  reference: text('reference').notNull(),
  description: text('description').notNull(),
  createdAt: createdAt(),
});

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    /** Signed amount in minor units (cents): positive is a credit to the account. */
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    currency: currencyEnum('currency').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('ledger_entries_account_idx').on(table.accountId),
    index('ledger_entries_transaction_idx').on(table.transactionId),
    check('ledger_entries_nonzero', sql`${table.amountMinor} <> 0`),
  ],
);

/**
 * Parcelle's exchanges with its bank that close the `fx_clearing` position (modules/ledger/fx-settlement.ts): the
 * currency sold and the amount, the currency bought and the amount, as the bank's advice says, and the ledger
 * transaction that recorded them. Append-only, as the ledger: a mistake is corrected by another settlement.
 */
export const fxSettlements = pgTable(
  'fx_settlements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    soldCurrency: currencyEnum('sold_currency').notNull(),
    soldMinor: bigint('sold_minor', { mode: 'number' }).notNull(),
    boughtCurrency: currencyEnum('bought_currency').notNull(),
    boughtMinor: bigint('bought_minor', { mode: 'number' }).notNull(),
    /**
     * When the settlement closed the position: what was left in the currency bought, taken into Parcelle's revenue in
     * that currency (positive a gain: the bank gave more than was owed; negative a loss). 0 when not closed.
     */
    resultMinor: bigint('result_minor', { mode: 'number' }).notNull().default(0),
    closed: boolean('closed').notNull().default(false),
    /** The bank's reference of the exchange: one settlement per reference. */
    bankReference: text('bank_reference').notNull(),
    /** The value date of the exchange (the bank's). */
    settledOn: date('settled_on', { mode: 'string' }).notNull(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    recordedBy: uuid('recorded_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('fx_settlements_bank_reference_unique').on(table.bankReference),
    index('fx_settlements_created_idx').on(table.createdAt),
    check(
      'fx_settlements_exchange',
      sql`${table.soldMinor} > 0 AND ${table.boughtMinor} > 0 AND ${table.soldCurrency} <> ${table.boughtCurrency}`,
    ),
  ],
);

import { randomUUID } from 'node:crypto';
import type { Currency } from '@parcelle/shared/constants';
import { safeInteger } from '@parcelle/shared/money';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema';
import { arraysOf, insertParentsAndChildren } from '../../db/unnest';

/**
 * The money ledger (double entry). Every movement is one transaction whose entries sum to zero in each
 * currency; a balance is the sum of an account's entries. Rows are only ever inserted: a mistake is corrected
 * by a new transaction. Sign: a positive amount adds to the account (a member's wallet is what Parcelle owes
 * them, so a top-up is positive there and negative on the account the money came from).
 */
export type AccountKind = (typeof ledgerAccounts.$inferSelect)['kind'];

/**
 * The accounts money passes through:
 * - `member_wallet`: credit a member holds with Parcelle (spendable, withdrawable); never below zero.
 * - `external`: the outside world — money arriving from a card or PayPal payment, or leaving by withdrawal.
 * - `platform_revenue`: what Parcelle earned (primary sales).
 * - `platform_cash`: money held for members on their behalf (secondary sales in transit, dividends to pay).
 * - `withdrawals_payable`: withdrawals requested and not yet decided.
 * - `refunds_payable`: late payments owed back to the card or PayPal account they came from, until refunded.
 * - `bid_hold`: a member's money held by their open bids (issue 17).
 * - `exit_escrow`: an exit buyer's money recorded as received, held until the offer is resolved (paid to the holders
 *   when the sale settles, returned to the buyer when the vote fails).
 * - `fx_clearing`: Parcelle's position in each currency from exchanging members' credits into their wallet's currency
 *   (member-credits.ts); one currency's account rises as the other's falls, by the day's rate. Finance closes it by
 *   recording the bank's exchange (fx-settlement.ts): the currency sold goes to `external`, the one bought comes back.
 */
export type LedgerLine = { accountId: string; amountMinor: number; currency: Currency };

export class UnbalancedTransaction extends Error {}

/** The account of a kind for a member (or the platform when `userId` is null), created on first use. */
export async function accountFor(
  tx: Executor,
  kind: AccountKind,
  currency: Currency,
  userId: string | null = null,
): Promise<string> {
  const where = and(
    eq(ledgerAccounts.kind, kind),
    eq(ledgerAccounts.currency, currency),
    userId === null ? isNull(ledgerAccounts.userId) : eq(ledgerAccounts.userId, userId),
  );
  const [found] = await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(where);
  if (found) return found.id;
  // Two first uses at once: the unique indexes let one insert win; both then read the same row.
  await tx.insert(ledgerAccounts).values({ kind, currency, userId }).onConflictDoNothing();
  const [created] = await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(where);
  if (!created) throw new Error(`ledger account ${kind}/${currency} could not be created`);
  return created.id;
}

/** An account asked for by `accountsFor`: its kind and currency, and its member (null: the platform's). */
export type AccountWanted = { kind: AccountKind; currency: Currency; userId?: string | null };

/** The key `accountsFor` answers an account under. */
export const accountKey = (wanted: AccountWanted): string => `${wanted.kind}/${wanted.currency}/${wanted.userId ?? ''}`;

/**
 * Several accounts in one read (a batch of settlements needs the `external` and revenue accounts of each currency
 * once): a map by `accountKey`. An account never used before is created by `accountFor` (first use only).
 */
export async function accountsFor(tx: Executor, wanted: readonly AccountWanted[]): Promise<Map<string, string>> {
  const distinct = [...new Map(wanted.map((one) => [accountKey(one), one])).values()];
  const found = new Map<string, string>();
  if (distinct.length === 0) return found;
  const platform = distinct.filter((one) => !one.userId);
  const members = distinct.filter((one) => one.userId);
  const rows = await accountsRead(tx).execute({
    platformKinds: platform.map((one) => one.kind),
    platformCurrencies: platform.map((one) => one.currency),
    memberKinds: members.map((one) => one.kind),
    memberIds: members.map((one) => one.userId),
    memberCurrencies: members.map((one) => one.currency),
  });
  for (const row of rows) found.set(accountKey(row), row.id);
  for (const one of distinct) {
    const key = accountKey(one);
    if (!found.has(key)) found.set(key, await accountFor(tx, one.kind, one.currency, one.userId ?? null));
  }
  return found;
}

/**
 * `accountsFor`'s read, the same text for any number of accounts (decision 544): the platform's by kind and currency,
 * the members' by kind, member and currency, each list as arrays, so each side can use its unique index.
 */
const accountsRead = preparedPerDatabase((db) => {
  const kind = sql.raw(ledgerAccounts.kind.getSQLType());
  const currency = sql.raw(ledgerAccounts.currency.getSQLType());
  const platform = sql`unnest(${sql.placeholder('platformKinds')}::${kind}[],
    ${sql.placeholder('platformCurrencies')}::${currency}[])`;
  const members = sql`unnest(${sql.placeholder('memberKinds')}::${kind}[], ${sql.placeholder('memberIds')}::uuid[],
    ${sql.placeholder('memberCurrencies')}::${currency}[])`;
  return db
    .select({
      id: ledgerAccounts.id,
      kind: ledgerAccounts.kind,
      currency: ledgerAccounts.currency,
      userId: ledgerAccounts.userId,
    })
    .from(ledgerAccounts)
    .where(
      or(
        and(
          isNull(ledgerAccounts.userId),
          sql`(${ledgerAccounts.kind}, ${ledgerAccounts.currency}) in (select * from ${platform})`,
        ),
        sql`(${ledgerAccounts.kind}, ${ledgerAccounts.userId}, ${ledgerAccounts.currency}) in (select * from ${members})`,
      ),
    )
    .prepare('ledger_accounts_read');
});

/** Checks that lines balance to zero per currency and are whole, non-zero amounts. */
export function assertBalanced(lines: readonly LedgerLine[]): void {
  if (lines.length < 2) throw new UnbalancedTransaction('a transaction needs at least two entries');
  const sums = new Map<Currency, bigint>();
  for (const line of lines) {
    if (safeInteger(line.amountMinor) === 0) throw new UnbalancedTransaction('an entry cannot be zero');
    sums.set(line.currency, (sums.get(line.currency) ?? 0n) + BigInt(line.amountMinor));
  }
  for (const [currency, sum] of sums) {
    if (sum !== 0n) throw new UnbalancedTransaction(`entries in ${currency} sum to ${sum}, not 0`);
  }
}

/** One balanced transaction to record: its reference, what it was for, its entries. */
export type Posting = { reference: string; description: string; lines: readonly LedgerLine[] };

/** Records one balanced transaction. Call inside the caller's database transaction. */
export async function postTransaction(tx: Executor, params: Posting): Promise<string> {
  const [id] = await postTransactions(tx, [params]);
  if (!id) throw new Error('ledger transaction not recorded');
  return id;
}

/**
 * Records several balanced transactions in two statements whatever their number (a batch of settlements): the
 * transactions in one INSERT, their entries in another. Each is checked before anything is written; the ids are made
 * here, so no entry waits for a RETURNING.
 */
export async function postTransactions(tx: Executor, postings: readonly Posting[]): Promise<string[]> {
  if (postings.length === 0) return [];
  for (const posting of postings) assertBalanced(posting.lines);
  const ids = postings.map(() => randomUUID());
  await insertTransactions(tx).execute({
    ...arraysOf(
      ledgerTransactions,
      TRANSACTION_KEYS,
      postings.map((p, at) => ({ id: ids[at] as string, reference: p.reference, description: p.description })),
      'parent_',
    ),
    ...arraysOf(
      ledgerEntries,
      ENTRY_KEYS,
      postings.flatMap((p, at) =>
        p.lines.map((line) => ({
          transactionId: ids[at] as string,
          accountId: line.accountId,
          amountMinor: BigInt(line.amountMinor),
          currency: line.currency,
        })),
      ),
      'child_',
    ),
  });
  return ids;
}

const TRANSACTION_KEYS = ['id', 'reference', 'description'] as const;
const ENTRY_KEYS = ['transactionId', 'accountId', 'amountMinor', 'currency'] as const;

/**
 * `postTransactions`' one statement (decisions 521–522): the transactions, then their entries, the same text for any
 * number of rows: prepared.
 */
const insertTransactions = preparedPerDatabase((db) =>
  insertParentsAndChildren(
    db,
    { table: ledgerTransactions, keys: TRANSACTION_KEYS },
    { table: ledgerEntries, keys: ENTRY_KEYS },
  ).prepare('ledger_insert_transactions'),
);

/** The balance of an account: the sum of its entries (minor units). */
export async function balanceOf(tx: Executor, accountId: string): Promise<number> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountMinor}), 0)::text` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.accountId, accountId));
  return safeInteger(Number(BigInt(row?.total ?? '0')), 'balance');
}

/**
 * A member's wallet balance in one currency (minor units): the sum of the entries of their `member_wallet` account in
 * that currency, 0 before its first use (nothing is created by reading). Not locked: an early answer or a display;
 * money spent from the wallet is checked against `lockWallet`'s balance, read under the lock.
 */
export async function walletBalance(db: Executor, userId: string, currency: Currency): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountMinor}), 0)::text` })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(
      and(
        eq(ledgerAccounts.kind, 'member_wallet'),
        eq(ledgerAccounts.userId, userId),
        eq(ledgerAccounts.currency, currency),
      ),
    );
  return safeInteger(Number(BigInt(row?.total ?? '0')), 'wallet balance');
}

/**
 * Every wallet balance of a member, one per currency their wallets have entries in, in the currency type's order (USD,
 * EURO; a member changing currency may have had a wallet in each). What the portfolio's total credit and the console's member page
 * show; spending reads `walletBalance`/`lockWallet` in the member's currency.
 */
export async function walletBalances(
  db: Executor,
  userId: string,
): Promise<{ currency: Currency; balanceMinor: number }[]> {
  const rows = await db
    .select({
      currency: ledgerAccounts.currency,
      total: sql<string>`sum(${ledgerEntries.amountMinor})::text`,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(and(eq(ledgerAccounts.kind, 'member_wallet'), eq(ledgerAccounts.userId, userId)))
    .groupBy(ledgerAccounts.currency)
    .orderBy(asc(ledgerAccounts.currency));
  return rows.map((row) => ({
    currency: row.currency,
    balanceMinor: safeInteger(Number(BigInt(row.total)), 'wallet balance'),
  }));
}

/**
 * Locks a member's wallet for the rest of the transaction (row lock on the account) and returns it with its
 * balance: two debits of the same wallet then run one after the other, so the balance read is the balance
 * spent, and a wallet can never be overdrawn. The lock is FOR NO KEY UPDATE: it excludes the other lockers of the
 * wallet, but not the foreign-key check of a ledger entry crediting it. With FOR UPDATE, two members buying each
 * other's listed parts from their wallets deadlocked: each held their own wallet and waited to credit the other's.
 */
export async function lockWallet(
  tx: Executor,
  userId: string,
  currency: Currency,
): Promise<{ accountId: string; balanceMinor: number }> {
  const accountId = await accountFor(tx, 'member_wallet', currency, userId);
  await tx
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.id, accountId))
    .for('no key update');
  return { accountId, balanceMinor: await walletBalance(tx, userId, currency) };
}

import { toMajor } from '@parcelle/shared/money';
import { count, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema';

/** Ledger transactions with their entries, newest first. */
export async function listLedgerTransactions(db: Executor, query: { limit: number; offset: number }) {
  const [transactions, [total]] = await Promise.all([
    db
      .select()
      .from(ledgerTransactions)
      .orderBy(desc(ledgerTransactions.createdAt), desc(ledgerTransactions.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(ledgerTransactions),
  ]);
  const ids = transactions.map((row) => row.id);
  const entries =
    ids.length === 0
      ? []
      : await db
          .select({
            transactionId: ledgerEntries.transactionId,
            accountId: ledgerEntries.accountId,
            kind: ledgerAccounts.kind,
            userId: ledgerAccounts.userId,
            amountMinor: ledgerEntries.amountMinor,
            currency: ledgerEntries.currency,
          })
          .from(ledgerEntries)
          .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
          .where(inArray(ledgerEntries.transactionId, ids));
  return {
    transactions: transactions.map((row) => ({
      id: row.id,
      reference: row.reference,
      description: row.description,
      created_at: row.createdAt.toISOString(),
      entries: entries
        .filter((entry) => entry.transactionId === row.id)
        .map((entry) => ({
          account_id: entry.accountId,
          kind: entry.kind,
          user_id: entry.userId,
          amount: { value: toMajor(Number(entry.amountMinor)), curr: entry.currency },
        })),
    })),
    total: Number(total?.total ?? 0),
  };
}

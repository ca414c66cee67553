import { toMajor } from '@parcelle/shared/money';
import { count, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransactions, users } from '../../db/schema';

/** Members for operators, newest first (no secrets: never the password hash or the IBAN). */
export async function listMembers(db: Executor, query: { limit: number; offset: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        country: users.country,
        role: users.role,
        verified: users.emailVerifiedAt,
        disabled: users.disabledAt,
        createdAt: users.createdAt,
      })
      .from(users)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(users),
  ]);
  return {
    members: rows.map((row) => ({
      id: row.id,
      email: row.email,
      first_name: row.firstName,
      last_name: row.lastName,
      country: row.country,
      role: row.role,
      email_verified: row.verified !== null,
      disabled: row.disabled !== null,
      created_at: row.createdAt.toISOString(),
    })),
    total: Number(total?.total ?? 0),
  };
}

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

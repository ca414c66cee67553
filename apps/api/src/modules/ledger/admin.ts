import type { Currency } from '@parcelle/shared/constants';
import type { TAdminSort } from '@parcelle/shared/contracts/admin';
import { toMajor } from '@parcelle/shared/money';
import { and, count, desc, eq, exists, gte, ilike, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransactions, paymentEvents, purchases, users } from '../../db/schema';
import { sortedBy } from '../../db/sort';
import { badRequest } from '../../http/errors';
import { checkInvariants } from './invariants';

type AccountKind = (typeof ledgerAccounts.$inferSelect)['kind'];

interface AccountFilters {
  account_kind?: AccountKind | undefined;
  member_id?: string | undefined;
  currency?: Currency | undefined;
}

/** A [from, to) range, refused when it is upside down. */
function range(column: Parameters<typeof gte>[0], from?: string, to?: string): SQL | undefined {
  if (from && to && new Date(from) >= new Date(to)) throw badRequest('DateRangeInvalid', 'from');
  return and(from ? gte(column, new Date(from)) : undefined, to ? lt(column, new Date(to)) : undefined);
}

function accountWhere(filters: AccountFilters): SQL | undefined {
  return and(
    filters.account_kind ? eq(ledgerAccounts.kind, filters.account_kind) : undefined,
    filters.member_id ? eq(ledgerAccounts.userId, filters.member_id) : undefined,
    filters.currency ? eq(ledgerAccounts.currency, filters.currency) : undefined,
  );
}

/** `%`, `_` and `\` taken literally in an ILIKE pattern. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * Ledger transactions with all their entries, newest first: those with an entry on an account of the filters
 * (kind, member, currency), created in [from, to), whose reference starts with `reference` (case-insensitive).
 */
export async function listLedgerTransactions(
  db: Executor,
  query: AccountFilters & {
    reference?: string | undefined;
    from?: string | undefined;
    to?: string | undefined;
    limit: number;
    offset: number;
  } & TAdminSort<'ledger'>,
) {
  const accounts = accountWhere(query);
  const where = and(
    range(ledgerTransactions.createdAt, query.from, query.to),
    query.reference ? ilike(ledgerTransactions.reference, `${likeEscaped(query.reference)}%`) : undefined,
    accounts
      ? exists(
          db
            .select({ one: sql`1` })
            .from(ledgerEntries)
            .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
            .where(and(eq(ledgerEntries.transactionId, ledgerTransactions.id), accounts)),
        )
      : undefined,
  );
  const [transactions, [total]] = await Promise.all([
    db
      .select()
      .from(ledgerTransactions)
      .where(where)
      .orderBy(
        ...sortedBy(
          query,
          {
            created_at: ledgerTransactions.createdAt,
            reference: ledgerTransactions.reference,
            description: ledgerTransactions.description,
          },
          ledgerTransactions.id,
        ),
      )
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(ledgerTransactions).where(where),
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
          amount_minor: Number(entry.amountMinor),
        })),
    })),
    total: Number(total?.total ?? 0),
  };
}

/**
 * Each account's balance (the sum of its entries, those before `to` when given), largest first, with the totals per
 * kind and currency over every account the filters select.
 */
export async function ledgerBalances(
  db: Executor,
  query: AccountFilters & { to?: string | undefined; limit: number; offset: number } & TAdminSort<'balances'>,
) {
  const where = accountWhere(query);
  const entriesOn = and(
    eq(ledgerEntries.accountId, ledgerAccounts.id),
    query.to ? lt(ledgerEntries.createdAt, new Date(query.to)) : undefined,
  );
  const balance = sql<string>`coalesce(sum(${ledgerEntries.amountMinor}), 0)::text`;
  const [rows, totals, [total]] = await Promise.all([
    db
      .select({
        id: ledgerAccounts.id,
        kind: ledgerAccounts.kind,
        currency: ledgerAccounts.currency,
        userId: ledgerAccounts.userId,
        email: users.email,
        balance,
        entries: sql<number>`count(${ledgerEntries.id})::int`,
      })
      .from(ledgerAccounts)
      .leftJoin(users, eq(users.id, ledgerAccounts.userId))
      .leftJoin(ledgerEntries, entriesOn)
      .where(where)
      .groupBy(ledgerAccounts.id, users.email)
      .orderBy(
        ...sortedBy(
          query,
          {
            balance: [ledgerAccounts.currency, sql`coalesce(sum(${ledgerEntries.amountMinor}), 0)`],
            kind: ledgerAccounts.kind,
            member: users.email,
            entries: sql`count(${ledgerEntries.id})`,
          },
          ledgerAccounts.id,
        ),
      )
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ kind: ledgerAccounts.kind, currency: ledgerAccounts.currency, balance })
      .from(ledgerAccounts)
      .leftJoin(ledgerEntries, entriesOn)
      .where(where)
      .groupBy(ledgerAccounts.kind, ledgerAccounts.currency)
      .orderBy(ledgerAccounts.kind, ledgerAccounts.currency),
    db.select({ total: count() }).from(ledgerAccounts).where(where),
  ]);
  return {
    accounts: rows.map((row) => ({
      account_id: row.id,
      kind: row.kind,
      member: row.userId ? { id: row.userId, email: row.email ?? '' } : null,
      balance: { value: toMajor(Number(row.balance)), curr: row.currency },
      balance_minor: Number(row.balance),
      entries: Number(row.entries),
    })),
    totals: totals.map((row) => ({
      kind: row.kind,
      balance: { value: toMajor(Number(row.balance)), curr: row.currency },
      balance_minor: Number(row.balance),
    })),
    total: Number(total?.total ?? 0),
  };
}

/** The invariant check of `npm run ledger:check`, on demand: what is wrong, in words (empty when all holds). */
export async function ledgerCheck(db: Executor) {
  const problems = await checkInvariants(db);
  return { ok: problems.length === 0, problems, checked_at: new Date().toISOString() };
}

/**
 * Payment-provider events beside the purchases they were matched to, newest first: matched (the amount reported is
 * the purchase's), mismatch (it is not), unmatched (no purchase has this payment). With the card and PayPal purchases
 * marked paid for which no provider event was recorded.
 */
export async function reconciliation(
  db: Executor,
  query: {
    unmatched?: 'true' | 'false' | undefined;
    provider?: string | undefined;
    from?: string | undefined;
    to?: string | undefined;
    limit: number;
    offset: number;
  } & TAdminSort<'reconciliation'>,
) {
  const amountsDiffer = or(
    sql`${paymentEvents.amountMinor} IS DISTINCT FROM ${purchases.totalMinor}`,
    sql`${paymentEvents.currency} IS DISTINCT FROM ${purchases.currency}`,
  );
  const unmatched = or(isNull(paymentEvents.purchaseId), amountsDiffer);
  const base = and(
    query.provider ? eq(paymentEvents.provider, query.provider) : undefined,
    range(paymentEvents.receivedAt, query.from, query.to),
  );
  const where = and(base, query.unmatched === 'true' ? unmatched : undefined);
  const joined = () =>
    db.select().from(paymentEvents).leftJoin(purchases, eq(purchases.id, paymentEvents.purchaseId)).$dynamic();
  const [rows, [total], [unmatchedTotal], paidWithoutEvent] = await Promise.all([
    joined()
      .where(where)
      .orderBy(
        ...sortedBy(
          query,
          {
            received_at: paymentEvents.receivedAt,
            provider: paymentEvents.provider,
            type: paymentEvents.type,
            amount: [paymentEvents.currency, paymentEvents.amountMinor],
          },
          paymentEvents.id,
        ),
      )
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ total: count() })
      .from(paymentEvents)
      .leftJoin(purchases, eq(purchases.id, paymentEvents.purchaseId))
      .where(where),
    db
      .select({ total: count() })
      .from(paymentEvents)
      .leftJoin(purchases, eq(purchases.id, paymentEvents.purchaseId))
      .where(and(base, unmatched)),
    db
      .select()
      .from(purchases)
      .where(
        and(
          eq(purchases.status, 'paid'),
          inArray(purchases.paymentMethod, ['card', 'paypal']),
          sql`NOT EXISTS (SELECT 1 FROM ${paymentEvents} WHERE ${paymentEvents.purchaseId} = ${purchases.id})`,
        ),
      )
      .orderBy(desc(purchases.settledAt))
      .limit(100),
  ]);
  return {
    events: rows.map(({ payment_events: event, purchases: purchase }) => ({
      id: event.id,
      provider: event.provider,
      event_id: event.eventId,
      type: event.type,
      payment_ref: event.paymentRef,
      amount:
        event.amountMinor !== null && event.currency
          ? { value: toMajor(event.amountMinor), curr: event.currency }
          : null,
      amount_minor: event.amountMinor !== null && event.currency ? event.amountMinor : null,
      received_at: event.receivedAt.toISOString(),
      state: !purchase
        ? ('unmatched' as const)
        : purchase.totalMinor === event.amountMinor && purchase.currency === event.currency
          ? ('matched' as const)
          : ('mismatch' as const),
      purchase: purchase
        ? {
            id: purchase.id,
            reference: purchase.reference,
            status: purchase.status,
            total: { value: toMajor(purchase.totalMinor), curr: purchase.currency },
            total_minor: purchase.totalMinor,
            method: purchase.paymentMethod,
          }
        : null,
    })),
    total: Number(total?.total ?? 0),
    unmatched_total: Number(unmatchedTotal?.total ?? 0),
    paid_without_event: paidWithoutEvent.map((purchase) => ({
      id: purchase.id,
      reference: purchase.reference,
      method: purchase.paymentMethod,
      total: { value: toMajor(purchase.totalMinor), curr: purchase.currency },
      total_minor: purchase.totalMinor,
      settled_at: (purchase.settledAt ?? purchase.createdAt).toISOString(),
    })),
  };
}

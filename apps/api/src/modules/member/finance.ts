import { type Currency, FINANCE_TYPES, toMajor } from '@parcelle/shared';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { Rates } from '../fx/rates';
import { isReferenceOf } from '../references/references';
import { dateOf, dayOf, displayMinor, integerOf } from './money';

/**
 * The member's money movements (spec §2 Finance, §3 Finance rows): every entry of their wallet accounts (the ledger)
 * plus their paid card and PayPal purchases, which never touch the wallet (the money goes from the provider to
 * Parcelle or to the sellers). A wallet entry's type comes from what its transaction's reference names: the member's
 * own purchase (1, paid from the wallet: smart_amount), another member's purchase (2, sale proceeds), a dividend (3),
 * a withdrawal request (4, bank), a deposit by bank transfer (6, bank_transfer; issue 31), a top-up (7, card or paypal;
 * issue 31), an order-book trade (2 for its seller, 1 for its buyer; issue 31: it read "Other"), anything else (5: a
 * rejected withdrawal returned, a late payment credited, an
 * adjustment). Amounts are positive with a direction; newest first, then by id; paginated by the database.
 */
function movementsSql(userId: string) {
  return sql`
    SELECT tx.reference, tx.created_at AS t, e.amount_minor::text AS amount, e.currency::text AS currency,
      e.id::text AS id,
      CASE
        WHEN EXISTS (SELECT 1 FROM purchases pu WHERE pu.reference = tx.reference AND pu.user_id = ${userId})
          THEN ${sql.raw(String(FINANCE_TYPES.purchase))}
        WHEN EXISTS (SELECT 1 FROM purchases pu WHERE pu.reference = tx.reference) THEN ${sql.raw(String(FINANCE_TYPES.sale))}
        WHEN EXISTS (SELECT 1 FROM trades tr WHERE tr.reference = tx.reference AND tr.seller_id = ${userId})
          THEN ${sql.raw(String(FINANCE_TYPES.sale))}
        WHEN EXISTS (SELECT 1 FROM trades tr WHERE tr.reference = tx.reference AND tr.buyer_id = ${userId})
          THEN ${sql.raw(String(FINANCE_TYPES.purchase))}
        WHEN EXISTS (SELECT 1 FROM dividends d WHERE d.reference = tx.reference) THEN ${sql.raw(String(FINANCE_TYPES.dividend))}
        WHEN EXISTS (SELECT 1 FROM withdrawals w WHERE w.reference = tx.reference AND w.user_id = ${userId})
          THEN ${sql.raw(String(FINANCE_TYPES.withdrawal))}
        WHEN EXISTS (SELECT 1 FROM bank_transfers bt WHERE bt.reference = tx.reference)
          THEN ${sql.raw(String(FINANCE_TYPES.deposit))}
        WHEN EXISTS (SELECT 1 FROM wallet_top_ups tu WHERE tu.reference = tx.reference)
          THEN ${sql.raw(String(FINANCE_TYPES.topUp))}
        ELSE ${sql.raw(String(FINANCE_TYPES.other))}
      END::int AS type,
      (SELECT tu.method FROM wallet_top_ups tu WHERE tu.reference = tx.reference) AS method,
      coalesce(
        (SELECT tr.painting_id FROM trades tr WHERE tr.reference = tx.reference),
        (SELECT pu.painting_id FROM purchases pu WHERE pu.reference = tx.reference),
        (SELECT d.painting_id FROM dividends d WHERE d.reference = tx.reference)
      ) AS painting_id
    FROM ledger_entries e
    JOIN ledger_accounts a ON a.id = e.account_id
    JOIN ledger_transactions tx ON tx.id = e.transaction_id
    WHERE a.user_id = ${userId} AND a.kind = 'member_wallet'
    UNION ALL
    SELECT pu.reference, coalesce(pu.settled_at, pu.created_at) AS t, (-pu.total_minor)::text AS amount,
      pu.currency::text AS currency, pu.id::text AS id, ${sql.raw(String(FINANCE_TYPES.purchase))}::int AS type,
      pu.payment_method::text AS method, pu.painting_id
    FROM purchases pu
    WHERE pu.user_id = ${userId} AND pu.status = 'paid' AND pu.payment_method <> 'smart_amount'`;
}

type MovementRow = {
  reference: string;
  t: unknown;
  amount: string;
  currency: Currency;
  id: string;
  type: number;
  method: string | null;
  title_en: string | null;
  title_fr: string | null;
};

function methodOf(row: MovementRow): string {
  if (row.method) return row.method;
  if (row.type === FINANCE_TYPES.deposit) return 'bank_transfer';
  if (row.type === FINANCE_TYPES.withdrawal || isReferenceOf('withdrawal', row.reference)) return 'bank';
  return 'smart_amount';
}

export type FinanceMovement = {
  reference: string;
  at: Date;
  type: number;
  method: string;
  /** Signed, in `currency`, minor units: positive entered the member's wallet (or their pocket). */
  amountMinor: number;
  currency: Currency;
  /** The work the movement is about (a purchase, a sale of parts, a dividend), when there is one. */
  work: { en: string; fr: string } | null;
};

export async function financeMovements(
  db: Executor,
  userId: string,
  page: { limit?: number; offset?: number },
): Promise<FinanceMovement[]> {
  const window = page.limit === undefined ? sql`` : sql`LIMIT ${page.limit} OFFSET ${page.offset ?? 0}`;
  const rows = await queryRows<MovementRow>(
    db,
    sql`SELECT m.*, p.title_en, p.title_fr FROM (${movementsSql(userId)}) m
      LEFT JOIN paintings p ON p.id = m.painting_id
      ORDER BY m.t DESC, m.id DESC ${window}`,
  );
  return rows.map((row) => ({
    reference: row.reference,
    at: dateOf(row.t),
    type: Number(row.type),
    method: methodOf(row),
    amountMinor: integerOf(row.amount),
    currency: row.currency,
    work: row.title_en !== null && row.title_fr !== null ? { en: row.title_en, fr: row.title_fr } : null,
  }));
}

/** GET /member/finance/history: one page, amounts in the display currency at the rate of their day. */
export async function financeHistory(
  db: Executor,
  userId: string,
  query: { limit: number; offset: number; currency: Currency },
) {
  const [rows, [total], rates] = await Promise.all([
    financeMovements(db, userId, query),
    queryRows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM (${movementsSql(userId)}) m`),
    Rates.load(db),
  ]);
  return {
    purchaseHistory: rows.map((row) => ({
      reference_id: row.reference,
      t: row.at.toISOString(),
      type: row.type,
      payment_method: row.method,
      total_amount: {
        value: toMajor(Math.abs(displayMinor(rates, row.amountMinor, row.currency, query.currency, dayOf(row.at)))),
        currency: query.currency,
      },
      direction: row.amountMinor >= 0 ? ('in' as const) : ('out' as const),
      work: row.work,
    })),
    total: Number(total?.total ?? 0),
  };
}

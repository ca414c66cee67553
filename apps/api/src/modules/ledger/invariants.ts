import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { marketLiteral } from '../market/state';

/**
 * The currencies where what the platform's accounts of `kind` hold differs from what is owed on them (`owed`: a
 * query of `currency, amount` rows, one per currency).
 */
function platformAccountOutOfStep(owed: SQL, kind: string): SQL {
  return sql`WITH owed AS (${owed}), held AS (
      SELECT a.currency, sum(e.amount_minor) AS amount FROM ledger_accounts a
      JOIN ledger_entries e ON e.account_id = a.id WHERE a.kind = ${kind} GROUP BY a.currency
    )
    SELECT coalesce(o.currency, h.currency) AS currency, coalesce(o.amount, 0)::text AS owed,
      coalesce(h.amount, 0)::text AS held
    FROM owed o FULL OUTER JOIN held h ON h.currency = o.currency
    WHERE coalesce(o.amount, 0) <> coalesce(h.amount, 0)`;
}

/**
 * Checks every invariant of money and parts against the database, with plain SQL so it can run on any copy
 * (`npm run ledger:check`) and after each integration test. Returns what is wrong, in words; empty when all holds.
 */
export async function checkInvariants(db: Executor): Promise<string[]> {
  const problems: string[] = [];
  const rows = (query: SQL) => queryRows(db, query);
  const report = (label: string, found: Record<string, unknown>[]) => {
    for (const row of found.slice(0, 20)) problems.push(`${label}: ${JSON.stringify(row)}`);
    if (found.length > 20) problems.push(`${label}: … and ${found.length - 20} more`);
  };

  // Money: every transaction balances in each currency, has two entries or more, and entries match their account.
  report(
    'ledger transaction does not sum to zero',
    await rows(sql`SELECT transaction_id, currency, sum(amount_minor)::text AS sum FROM ledger_entries
      GROUP BY transaction_id, currency HAVING sum(amount_minor) <> 0`),
  );
  report(
    'ledger transaction with fewer than two entries',
    await rows(sql`SELECT t.id FROM ledger_transactions t LEFT JOIN ledger_entries e ON e.transaction_id = t.id
      GROUP BY t.id HAVING count(e.id) < 2`),
  );
  report(
    'ledger entry in another currency than its account',
    await rows(sql`SELECT e.id FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
      WHERE e.currency <> a.currency`),
  );
  report(
    'member wallet below zero',
    await rows(sql`SELECT a.id, a.user_id, a.currency, sum(e.amount_minor)::text AS balance
      FROM ledger_accounts a JOIN ledger_entries e ON e.account_id = a.id
      WHERE a.kind = 'member_wallet' GROUP BY a.id HAVING sum(e.amount_minor) < 0`),
  );

  // Parts: every movement balances, within one painting.
  report(
    'part movement does not sum to zero',
    await rows(sql`SELECT movement_id, sum(quantity)::text AS sum FROM part_entries
      GROUP BY movement_id HAVING sum(quantity) <> 0`),
  );
  report(
    'part entry of another painting than its movement',
    await rows(sql`SELECT e.id FROM part_entries e JOIN part_movements m ON m.id = e.movement_id
      WHERE e.painting_id <> m.painting_id`),
  );
  // Each painting: issued once for its total; sold + available = total; nobody holds fewer than zero parts.
  report(
    'painting parts not conserved',
    await rows(sql`SELECT p.id, p.total_parts, p.sold_parts,
        coalesce(sum(e.quantity) FILTER (WHERE e.holder_kind = 'issuer'), 0)::text AS issuer,
        coalesce(sum(e.quantity) FILTER (WHERE e.holder_kind = 'available'), 0)::text AS available
      FROM paintings p LEFT JOIN part_entries e ON e.painting_id = p.id
      GROUP BY p.id
      HAVING coalesce(sum(e.quantity) FILTER (WHERE e.holder_kind = 'issuer'), 0) <> -p.total_parts
          OR coalesce(sum(e.quantity) FILTER (WHERE e.holder_kind = 'available'), 0) <> p.total_parts - p.sold_parts`),
  );
  // No holder below zero: the stock for sale, a pending purchase's reservation, a listing, or a member's lot. A race
  // that sold the same parts twice shows here even when the totals still add up. (sold_parts and a listing's
  // remaining are kept within 0..total by CHECK constraints of the schema.)
  report(
    'available parts below zero',
    await rows(sql`SELECT painting_id, sum(quantity)::text AS available FROM part_entries
      WHERE holder_kind = 'available' GROUP BY painting_id HAVING sum(quantity) < 0`),
  );
  report(
    'reserved or listed parts below zero',
    await rows(sql`SELECT painting_id, holder_kind, purchase_id, listing_id, sum(quantity)::text AS parts FROM part_entries
      WHERE holder_kind IN ('reserved', 'listed')
      GROUP BY painting_id, holder_kind, purchase_id, listing_id HAVING sum(quantity) < 0`),
  );
  report(
    'member holding below zero',
    await rows(sql`SELECT painting_id, user_id, lot, sum(quantity)::text AS parts FROM part_entries
      WHERE holder_kind = 'member' GROUP BY painting_id, user_id, lot HAVING sum(quantity) < 0`),
  );
  // Reservations: a pending purchase holds exactly its parts; a settled or released one holds none.
  report(
    'purchase reservation out of step',
    await rows(sql`SELECT p.id, p.status, p.quantity, coalesce(sum(e.quantity), 0)::text AS reserved
      FROM purchases p LEFT JOIN part_entries e ON e.purchase_id = p.id AND e.holder_kind = 'reserved'
      GROUP BY p.id
      HAVING coalesce(sum(e.quantity), 0) <> CASE WHEN p.status = 'pending' THEN p.quantity ELSE 0 END`),
  );
  report(
    'reserved parts without a purchase',
    await rows(sql`SELECT id FROM part_entries WHERE holder_kind = 'reserved' AND purchase_id IS NULL`),
  );
  // Listings: an open listing holds exactly its remaining parts; a closed one holds none.
  report(
    'listing out of step with the register',
    await rows(sql`SELECT l.id, l.status, l.remaining, coalesce(sum(e.quantity), 0)::text AS listed
      FROM listings l LEFT JOIN part_entries e ON e.listing_id = l.id AND e.holder_kind = 'listed'
      GROUP BY l.id
      HAVING coalesce(sum(e.quantity), 0) <> CASE WHEN l.status = 'open' THEN l.remaining ELSE 0 END`),
  );
  // Withdrawals: what is held (pending, or approved and not yet released) is exactly what the payable accounts hold.
  report(
    'open bids out of step with their holds',
    await rows(sql`WITH owed AS (
        SELECT buyer_id AS user_id, sum(remaining * unit_price_minor) AS amount FROM bids
        WHERE status = 'open' GROUP BY buyer_id
      ), held AS (
        SELECT a.user_id, sum(e.amount_minor) AS amount FROM ledger_accounts a
        JOIN ledger_entries e ON e.account_id = a.id WHERE a.kind = 'bid_hold' GROUP BY a.user_id
      )
      SELECT coalesce(o.user_id, h.user_id) AS user_id, coalesce(o.amount, 0)::text AS owed,
        coalesce(h.amount, 0)::text AS held
      FROM owed o FULL OUTER JOIN held h ON h.user_id = o.user_id
      WHERE coalesce(o.amount, 0) <> coalesce(h.amount, 0)`),
  );
  report(
    'trade out of step with its parts',
    await rows(sql`SELECT t.id, t.quantity, coalesce(sum(e.quantity), 0)::text AS received FROM trades t
      LEFT JOIN part_movements m ON m.reference = t.reference AND m.reason = 'trade'
      LEFT JOIN part_entries e ON e.movement_id = m.id AND e.holder_kind = 'member' AND e.user_id = t.buyer_id
        AND e.quantity > 0
      GROUP BY t.id HAVING coalesce(sum(e.quantity), 0) <> t.quantity`),
  );
  report(
    'pending withdrawals out of step with the payable account',
    await rows(
      platformAccountOutOfStep(
        sql`SELECT currency, sum(amount_minor) AS amount FROM withdrawals
          WHERE status = 'PENDING' OR (status = 'APPROVED' AND released_at IS NULL) GROUP BY currency`,
        'withdrawals_payable',
      ),
    ),
  );
  // Exits (issue 26): the exit escrow holds exactly the buyer's funds received on offers not yet resolved (a settled
  // offer paid them out, a rejected one returned them).
  report(
    'exit escrow out of step with the funds received',
    await rows(
      platformAccountOutOfStep(
        sql`SELECT currency, sum(funds_received_minor) AS amount FROM exit_offers
          WHERE status IN ('recorded', 'voting') GROUP BY currency`,
        'exit_escrow',
      ),
    ),
  );
  // Late payments refunded: what is owed back is exactly what the refunds payable accounts hold, and each refunding
  // purchase has its refund in the same state (one per purchase) and its money in the ledger.
  report(
    'pending refunds out of step with the refunds payable account',
    await rows(
      platformAccountOutOfStep(
        sql`SELECT currency, sum(amount_minor) AS amount FROM refunds WHERE status = 'pending' GROUP BY currency`,
        'refunds_payable',
      ),
    ),
  );
  report(
    'refunding purchase out of step with its refund',
    await rows(sql`SELECT p.id, p.status, r.status AS refund FROM purchases p LEFT JOIN refunds r ON r.purchase_id = p.id
      WHERE (p.status IN ('refund_pending', 'refunded') OR r.id IS NOT NULL)
        AND (r.id IS NULL OR r.amount_minor <> p.total_minor OR r.currency <> p.currency
          OR (p.status <> 'revoked' AND (
            (p.status = 'refund_pending') <> (r.status = 'pending')
            OR (p.status = 'refunded') <> (r.status = 'succeeded')
            OR NOT EXISTS (SELECT 1 FROM ledger_transactions t WHERE t.reference = p.reference || ':late-payment')))
          OR (p.status = 'revoked' AND NOT EXISTS (
            SELECT 1 FROM ledger_transactions t WHERE t.reference = p.reference || ':revocation'))
          OR (r.status = 'succeeded') <> EXISTS (SELECT 1 FROM ledger_transactions t WHERE t.reference = p.reference || ':refund'))`),
  );
  // Revocations (issue 30): a revoked purchase has exactly one revocation record for its total, its reversing ledger
  // transaction, its reversing part movement and a void certificate; nothing else is revoked or void.
  report(
    'revoked purchase out of step',
    await rows(sql`SELECT p.id, p.status FROM purchases p
      LEFT JOIN purchase_revocations v ON v.purchase_id = p.id
      LEFT JOIN certificates c ON c.purchase_id = p.id
      WHERE (p.status = 'revoked' OR v.id IS NOT NULL OR c.voided_at IS NOT NULL)
        AND (p.status <> 'revoked' OR v.id IS NULL OR v.amount_minor <> p.total_minor OR v.currency <> p.currency
          OR p.market <> ${marketLiteral('primary')} OR c.voided_at IS NULL
          OR NOT EXISTS (SELECT 1 FROM ledger_transactions t WHERE t.reference = p.reference || ':revocation')
          OR (SELECT coalesce(sum(e.quantity), 0) FROM part_movements m
              JOIN part_entries e ON e.movement_id = m.id AND e.holder_kind = 'available'
              WHERE m.reference = p.reference AND m.reason = 'revoke') <> p.quantity)`),
  );
  // A secondary purchase is exactly the sum of the listings it took.
  report(
    'secondary purchase out of step with its fills',
    await rows(sql`SELECT p.id, p.quantity, p.total_minor::text, coalesce(sum(f.quantity), 0)::text AS filled
      FROM purchases p LEFT JOIN purchase_fills f ON f.purchase_id = p.id
      WHERE p.market = ${marketLiteral('secondary')} GROUP BY p.id
      HAVING p.quantity <> coalesce(sum(f.quantity), 0)
          OR p.total_minor <> coalesce(sum(f.quantity::bigint * f.unit_price_minor), 0)`),
  );
  // A paid purchase has its certificate, and the ledger recorded its payment under its reference.
  report(
    'paid purchase without a certificate',
    await rows(sql`SELECT p.id FROM purchases p LEFT JOIN certificates c ON c.purchase_id = p.id
      WHERE p.status = 'paid' AND c.id IS NULL`),
  );
  report(
    'paid purchase without its ledger transaction',
    await rows(sql`SELECT p.id FROM purchases p
      WHERE p.status = 'paid' AND NOT EXISTS (SELECT 1 FROM ledger_transactions t WHERE t.reference = p.reference)`),
  );
  return problems;
}

import type { Currency } from '@parcelle/shared/constants';
import type { PaymentMethod } from '@parcelle/shared/contracts/purchases';
import { fillMessage } from '@parcelle/shared/i18n/messages';
import { MARKET } from '@parcelle/shared/market';
import { purchaseTotalMinor } from '@parcelle/shared/parts';
import { sql } from 'drizzle-orm';
import type { CardEvent } from '../../adapters/payments/payments';
import { type Executor, queryRows } from '../../db/client';
import { AppError, notFound } from '../../http/errors';
import { Rates } from '../catalogue/rates';
import { newCertificateNumber } from '../certificates/service';
import { marketLiteral } from '../market/state';
import { maxPendingParts, type ReservationLimits, reservationPending } from './limits';
import { newPurchaseReference, type Purchase } from './reserve';

/**
 * The hot path of a drop (issue 16): a card or PayPal purchase of a work on the primary market, reserved in one
 * statement and settled in one statement.
 *
 * Reservation, in the caller's transaction (decision "hot drop"):
 * 1. the member's row is locked (`FOR NO KEY UPDATE`: two requests of one member take turns, so the caps below hold),
 *    the transaction's `lock_timeout` is set in the same statement, and the work is read (not locked) and priced once;
 * 2. one statement checks what the member already has pending (one per work, the EUR cap), takes the parts with the
 *    conditional UPDATE of the painting (`sold_parts + q <= total_parts`), inserts the purchase and its register
 *    movement. The painting's row is locked by that statement and released by the COMMIT that follows it: one round
 *    trip instead of five.
 * Anything off the hot path (an overdue reservation of the member to release first, a work on the secondary market, a
 * work not on sale) answers `null` from `reserveFast` and the general path (reserve.ts) handles it.
 */

/** How long one statement may wait for a row lock before the transaction gives up (SQLSTATE 55P03). */
export const LOCK_TIMEOUT_MS = 1500;

type WorkRow = {
  id: string | null;
  market: number | null;
  total_parts: number | null;
  sold_parts: number | null;
  price_per_part_minor: string | number | null;
  opens_at: string | Date | null;
};

type ReserveParams = {
  userId: string;
  paintingId: string;
  quantity: number;
  currency: Currency;
  paymentMethod: PaymentMethod;
  ownerName: string;
  language: 'en' | 'fr';
  reservationMinutes: number;
  limits: ReservationLimits;
};

/** A refusal that names how many parts are left: none (sold out) or fewer than asked (try a smaller quantity). */
export function notEnoughParts(available: number): AppError {
  if (available <= 0) return new AppError(400, 'NotEnoughParts', 'total_part', fillMessage('PartsSoldOut', {}));
  return new AppError(
    400,
    'NotEnoughParts',
    'total_part',
    fillMessage('NotEnoughPartsLeft', {
      available: { en: available.toLocaleString('en-GB'), fr: available.toLocaleString('fr-FR') },
    }),
  );
}

/**
 * Reserves on the primary market in two statements (see above). Returns null when the request is not for the hot
 * path: the caller then runs the general reservation (reserve.ts), which answers every other case.
 */
export async function reserveFast(tx: Executor, params: ReserveParams): Promise<Purchase | null> {
  if (params.paymentMethod === 'smart_amount') return null;
  const [work] = await queryRows<WorkRow>(
    tx,
    sql`SELECT set_config('lock_timeout', ${`${LOCK_TIMEOUT_MS}ms`}, true) AS lock_timeout,
        w.id, w.market, w.total_parts, w.sold_parts, w.price_per_part_minor, w.opens_at
      FROM users u LEFT JOIN paintings w ON w.id = ${params.paintingId}::uuid
      WHERE u.id = ${params.userId}::uuid
      FOR NO KEY UPDATE OF u`,
  );
  if (!work?.id || work.market !== MARKET.primary) return null;
  if (work.opens_at && new Date(work.opens_at).getTime() > Date.now()) return null;
  const totalParts = Number(work.total_parts);
  const available = totalParts - Number(work.sold_parts);
  if (params.quantity > available) throw notEnoughParts(available);
  const maxParts = maxPendingParts(totalParts, params.limits.maxSharePercent);
  if (params.quantity > maxParts) return null; // the general path answers the share limit with its figures
  const eurUnitMinor = Number(work.price_per_part_minor);
  const unitPriceMinor =
    params.currency === 'EURO' ? eurUnitMinor : (await Rates.load(tx)).convert(eurUnitMinor, params.currency);
  const totalMinor = purchaseTotalMinor(unitPriceMinor, params.quantity);
  const eurValueMinor = purchaseTotalMinor(eurUnitMinor, params.quantity);
  const reference = newPurchaseReference();
  const expiresAt = new Date(Date.now() + params.reservationMinutes * 60_000).toISOString();
  const ownerName = params.ownerName.trim().replace(/\s+/g, ' ');

  const [row] = await queryRows<{
    overdue: number;
    pending_here: boolean;
    pending_eur: string | number;
    purchase: (Omit<Purchase, 'expiresAt' | 'createdAt' | 'settledAt'> & Record<string, unknown>) | null;
  }>(
    tx,
    sql`WITH mine AS (
        SELECT count(*) FILTER (WHERE p.expires_at <= now())::int AS overdue,
          coalesce(bool_or(p.painting_id = ${params.paintingId}::uuid AND p.payment_method <> 'smart_amount'), false)
            AS pending_here,
          coalesce(sum(CASE WHEN p.payment_method = 'smart_amount' THEN 0 WHEN p.market = ${marketLiteral('secondary')}
              THEN (SELECT coalesce(sum(f.quantity * l.unit_price_minor), 0) FROM purchase_fills f
                    JOIN listings l ON l.id = f.listing_id WHERE f.purchase_id = p.id)
              ELSE p.quantity * w.price_per_part_minor END), 0)::bigint AS pending_eur
        FROM purchases p JOIN paintings w ON w.id = p.painting_id
        WHERE p.user_id = ${params.userId}::uuid AND p.status = 'pending'
      ), taken AS (
        UPDATE paintings SET sold_parts = sold_parts + ${params.quantity}::int
        WHERE id = ${params.paintingId}::uuid AND market = ${marketLiteral('primary')}
          AND sold_parts + ${params.quantity}::int <= total_parts
          AND price_per_part_minor = ${eurUnitMinor}::bigint
          AND (SELECT overdue = 0 AND NOT pending_here
                 AND pending_eur + ${eurValueMinor}::bigint <= ${params.limits.maxPendingEurMinor}::bigint
               FROM mine)
        RETURNING id
      ), purchase AS (
        INSERT INTO purchases (reference, user_id, painting_id, quantity, currency, unit_price_minor, total_minor,
          payment_method, owner_name, language, expires_at)
        SELECT ${reference}::text, ${params.userId}::uuid, taken.id, ${params.quantity}::int, ${params.currency}::currency,
          ${unitPriceMinor}::bigint, ${totalMinor}::bigint, ${params.paymentMethod}::payment_method, ${ownerName}::text,
          ${params.language}::language, ${expiresAt}::timestamptz
        FROM taken
        RETURNING *
      ), movement AS (
        INSERT INTO part_movements (painting_id, reason, reference)
        SELECT painting_id, 'reserve', reference FROM purchase
        RETURNING id
      ), entries AS (
        INSERT INTO part_entries (movement_id, painting_id, holder_kind, purchase_id, quantity)
        SELECT movement.id, purchase.painting_id, line.kind::part_holder_kind,
          CASE WHEN line.kind = 'reserved' THEN purchase.id END, line.quantity * purchase.quantity
        FROM movement, purchase, (VALUES ('available', -1), ('reserved', 1)) AS line (kind, quantity)
      )
      SELECT mine.overdue, mine.pending_here, mine.pending_eur,
        (SELECT row_to_json(purchase) FROM purchase) AS purchase
      FROM mine`,
  );
  if (!row) throw new Error('the reservation statement answered nothing');
  if (row.purchase) return purchaseOfJson(row.purchase);
  if (row.overdue > 0) return null; // the general path releases the member's overdue reservations first
  if (row.pending_here) throw reservationPending(params.reservationMinutes);
  if (Number(row.pending_eur) + eurValueMinor > params.limits.maxPendingEurMinor) return null; // the value cap
  // The conditional UPDATE found too few parts (taken by the purchases committed before this one), or the work
  // changed between the two statements (its price or its market): the general path reads it again.
  const [now] = await queryRows<{ market: number; left: number; price: string | number }>(
    tx,
    sql`SELECT market, total_parts - sold_parts AS left, price_per_part_minor AS price
      FROM paintings WHERE id = ${params.paintingId}`,
  );
  if (!now) throw notFound('PaintingNotFound');
  if (now.market === MARKET.primary && Number(now.price) === eurUnitMinor) throw notEnoughParts(Number(now.left));
  return null;
}

/** A purchase row as PostgreSQL's row_to_json spells it, as drizzle would have read it. */
function purchaseOfJson(json: Record<string, unknown>): Purchase {
  const date = (value: unknown) => (value === null || value === undefined ? null : new Date(String(value)));
  return {
    id: String(json.id),
    reference: String(json.reference),
    userId: String(json.user_id),
    paintingId: String(json.painting_id),
    quantity: Number(json.quantity),
    currency: json.currency as Currency,
    unitPriceMinor: Number(json.unit_price_minor),
    totalMinor: Number(json.total_minor),
    paymentMethod: json.payment_method as PaymentMethod,
    ownerName: String(json.owner_name),
    language: json.language as 'en' | 'fr',
    status: json.status as Purchase['status'],
    providerRef: (json.provider_ref as string | null) ?? null,
    failureReason: (json.failure_reason as string | null) ?? null,
    expiresAt: date(json.expires_at) as Date,
    settledAt: date(json.settled_at),
    createdAt: date(json.created_at) as Date,
    market: Number(json.market),
  };
}

/** The fast settlement found the purchase off its path: its transaction is rolled back and the general path runs. */
export class OffTheHotPath extends Error {}

/**
 * Settles a card payment of a pending primary purchase in one statement, in the caller's transaction: the event is
 * recorded once, the purchase moves pending → paid (only if its amount and currency match), the reserved parts go
 * to the buyer, the ledger records the payment (external → platform revenue), the certificate is issued. The
 * painting's row is read, not updated. Throws OffTheHotPath (the caller rolls back and takes the general path,
 * payment-events.ts) for anything else: a duplicate event, a purchase no longer pending, another amount, the
 * secondary market, ledger accounts not created yet, a certificate number already taken.
 */
export async function settleCardFast(
  tx: Executor,
  provider: string,
  event: CardEvent,
): Promise<{ purchase: Purchase; certificateNumber: string; soldOut: boolean }> {
  if (event.type !== 'succeeded' || !event.purchaseId || !event.currency) throw new OffTheHotPath();
  const issuedAt = new Date();
  const number = newCertificateNumber(issuedAt);
  const [row] = await queryRows<{ purchase: Record<string, unknown>; number: string | null; sold_out: boolean }>(
    tx,
    sql`WITH accounts AS (
        SELECT (SELECT id FROM ledger_accounts WHERE kind = 'external' AND currency = ${event.currency}::currency
                  AND user_id IS NULL) AS external,
               (SELECT id FROM ledger_accounts WHERE kind = 'platform_revenue' AND currency = ${event.currency}::currency
                  AND user_id IS NULL) AS revenue
      ), event AS (
        INSERT INTO payment_events (provider, event_id, type, payment_ref, amount_minor, currency, purchase_id)
        VALUES (${provider}, ${event.id}, ${event.type}, ${event.paymentId}, ${event.amountMinor}::bigint,
          ${event.currency}::currency, ${event.purchaseId}::uuid)
        ON CONFLICT DO NOTHING
        RETURNING id
      ), paid AS (
        UPDATE purchases SET status = 'paid', settled_at = now(), provider_ref = ${event.paymentId}
        WHERE id = ${event.purchaseId}::uuid AND payment_method = 'card' AND status = 'pending' AND market = ${marketLiteral('primary')}
          AND total_minor = ${event.amountMinor}::bigint AND currency = ${event.currency}::currency
          AND EXISTS (SELECT 1 FROM event)
          AND EXISTS (SELECT 1 FROM accounts WHERE external IS NOT NULL AND revenue IS NOT NULL)
        RETURNING *
      ), movement AS (
        INSERT INTO part_movements (painting_id, reason, reference)
        SELECT painting_id, 'settle', reference FROM paid
        RETURNING id
      ), parts AS (
        INSERT INTO part_entries (movement_id, painting_id, holder_kind, user_id, lot, purchase_id, quantity)
        SELECT movement.id, paid.painting_id, 'reserved'::part_holder_kind, NULL::uuid, NULL::part_lot, paid.id, -paid.quantity
        FROM movement, paid
        UNION ALL
        SELECT movement.id, paid.painting_id, 'member'::part_holder_kind, paid.user_id, 'primary'::part_lot, NULL::uuid,
          paid.quantity
        FROM movement, paid
      ), money AS (
        INSERT INTO ledger_transactions (reference, description)
        SELECT reference, 'primary purchase ' || quantity || ' parts (card)' FROM paid
        RETURNING id
      ), lines AS (
        INSERT INTO ledger_entries (transaction_id, account_id, amount_minor, currency)
        SELECT money.id, accounts.external, -paid.total_minor, paid.currency FROM money, accounts, paid
        UNION ALL
        SELECT money.id, accounts.revenue, paid.total_minor, paid.currency FROM money, accounts, paid
      ), certificate AS (
        INSERT INTO certificates (number, purchase_id, user_id, painting_id, holder_name, quantity, language, issued_at)
        SELECT ${number}::text, id, user_id, painting_id, owner_name, quantity, language, ${issuedAt.toISOString()}::timestamptz
        FROM paid
        ON CONFLICT DO NOTHING
        RETURNING number
      ), notice AS (
        -- The buyer's notification (issue 17), as recordNotification writes it (the purchase_settled payload of
        -- NOTIFICATION_PAYLOADS; emailed: their preference, no row = yes), in this same statement.
        INSERT INTO member_notifications (user_id, kind, payload, painting_id, emailed)
        SELECT user_id, 'purchase_settled',
          jsonb_build_object('purchase_id', id, 'reference', reference, 'painting_id', painting_id,
            'quantity', quantity, 'total_minor', total_minor, 'currency', currency),
          painting_id,
          coalesce((SELECT email FROM notification_preferences p
            WHERE p.user_id = paid.user_id AND p.kind = 'purchase_settled'), true)
        FROM paid
      )
      SELECT row_to_json(paid) AS purchase, (SELECT number FROM certificate) AS number,
        (w.market = ${marketLiteral('primary')} AND w.sold_parts = w.total_parts) AS sold_out
      FROM paid JOIN paintings w ON w.id = paid.painting_id`,
  );
  if (!row?.number) throw new OffTheHotPath();
  return { purchase: purchaseOfJson(row.purchase), certificateNumber: row.number, soldOut: row.sold_out };
}

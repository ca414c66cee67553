import type { PaymentMethod } from '@parcelle/shared/contracts/purchases';
import { fillMessage } from '@parcelle/shared/i18n/messages';
import { numberFormat } from '@parcelle/shared/intl';
import { formatMoney } from '@parcelle/shared/money';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import type { Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { preparedSql } from '../../db/prepared';
import { purchases } from '../../db/schema';
import { AppError } from '../../http/errors';
import { marketLiteral } from '../market/state';

/**
 * How long one statement of a reservation may wait for a row lock before its transaction gives up (SQLSTATE 55P03):
 * set with the members' row locks (below), run again once by inTransaction, then answered 503 DropBusy.
 */
export const LOCK_TIMEOUT_MS = 1500;

/**
 * One member cannot lock a drop (decision 84). A card or PayPal purchase holds its parts until it is paid or
 * expires; a member may hold at most one such purchase per work, at most `maxSharePercent` % of a work's parts in
 * it, and at most `maxPendingEurMinor` (EUR minor units) in all of them together. A wallet purchase is paid in the
 * transaction that reserves it, so it never holds parts unpaid and none of this applies to it.
 */
export type ReservationLimits = AppConfig['reservationLimits'];

/** The unique index that keeps one unpaid card or PayPal purchase per member and work. */
export const ONE_PENDING_INDEX = 'purchases_one_pending_per_member_work';

export const isLimited = (method: PaymentMethod) => method !== 'smart_amount';

/** The most parts of a work one member may hold in unpaid purchases: the share of its parts, rounded down, ≥ 1. */
export function maxPendingParts(partsOnSale: number, percent: number): number {
  return Math.max(1, Math.floor((partsOnSale * percent) / 100));
}

/**
 * The start of a batch's card and PayPal reservations, before anything else is locked: the members' rows are locked
 * in id order for the rest of the transaction (in the same statement, the transaction's `lock_timeout`, so no later
 * statement waits long for a row), so two requests of one member in two batches run one after the other and cannot
 * both pass the checks. Then the members' unpaid purchases are read once, with a snapshot taken after those locks:
 * those already past their expiry are released now rather than at the next sweep (except one the sweep holds at this
 * moment). Answers, per member, the works they hold unpaid (a second purchase of one answers 409) and the EUR value
 * the value cap counts.
 */
export async function beginLimitedReservations(
  tx: Executor,
  userIds: readonly string[],
  release: (tx: Executor, purchaseId: string) => Promise<unknown>,
): Promise<Map<string, HeldUnpaid>> {
  const members = [...new Set(userIds)].sort();
  const held = new Map<string, HeldUnpaid>();
  if (members.length === 0) return held;
  await lockMembers(tx, { ids: members });
  let unpaid = await unpaidPurchases(tx, members);
  if (unpaid.some((purchase) => purchase.overdue)) {
    await releaseOverdue(tx, members, release);
    unpaid = await unpaidPurchases(tx, members);
  }
  for (const userId of members) held.set(userId, { works: new Set(), heldEurMinor: 0 });
  for (const purchase of unpaid) {
    const member = held.get(purchase.userId);
    if (!member) continue;
    member.works.add(purchase.paintingId);
    member.heldEurMinor += purchase.eurValueMinor;
  }
  return held;
}

/** What a member holds unpaid: the works (one unpaid purchase each), and their EUR value (minor units). */
export type HeldUnpaid = { works: Set<string>; heldEurMinor: number };

/** `beginLimitedReservations`' lock, the same text for any number of members (one array): prepared (decision 544). */
const lockMembers = preparedSql(
  'purchases_lock_members',
  sql`SELECT set_config('lock_timeout', ${`${LOCK_TIMEOUT_MS}ms`}, true) AS lock_timeout, id
    FROM users WHERE id = ANY(${sql.placeholder('ids')}::uuid[]) ORDER BY id FOR NO KEY UPDATE`,
);

/** A PostgreSQL array literal of uuids (one parameter, so the statement's text is the same for any count). */
const uuidArray = (ids: readonly string[]) => `{${ids.join(',')}}`;

/** The members' overdue unpaid purchases released; one the reservation job is releasing right now is left to it. */
async function releaseOverdue(
  tx: Executor,
  userIds: readonly string[],
  release: (tx: Executor, purchaseId: string) => Promise<unknown>,
): Promise<void> {
  const overdue = await tx
    .select({ id: purchases.id })
    .from(purchases)
    .where(
      and(
        sql`${purchases.userId} = ANY(${uuidArray(userIds)}::uuid[])`,
        eq(purchases.status, 'pending'),
        lte(purchases.expiresAt, new Date()),
      ),
    )
    .orderBy(purchases.id)
    // Waiting for the job's lock could deadlock on a painting.
    .for('update', { skipLocked: true });
  for (const row of overdue) await release(tx, row.id);
}

export const reservationPending = (minutes: number) =>
  new AppError(409, 'ReservationPending', 'painting_id', fillMessage('ReservationPending', { minutes }));

/**
 * The members' card and PayPal purchases awaiting payment: the work, whether past its expiry, and the EUR value
 * (minor units) at the EUR prices their parts are stored at: the work's part price on the primary market, each
 * listing's price on the secondary market. No exchange rate enters it, so a USD purchase counts exactly what the same
 * parts cost in EUR.
 */
async function unpaidPurchases(
  tx: Executor,
  userIds: readonly string[],
): Promise<{ userId: string; paintingId: string; overdue: boolean; eurValueMinor: number }[]> {
  const rows = await unpaidRead(tx, { ids: userIds });
  return rows.map((row) => ({
    userId: row.user_id,
    paintingId: row.painting_id,
    overdue: row.overdue,
    eurValueMinor: Number(row.eur_value),
  }));
}

/** `unpaidPurchases`' read, one array of members whatever their number: prepared (decision 544). */
const unpaidRead = preparedSql<{ user_id: string; painting_id: string; overdue: boolean; eur_value: string | number }>(
  'purchases_unpaid_of_members',
  sql`SELECT p.user_id, p.painting_id, p.expires_at <= now() AS overdue,
      (CASE WHEN p.market = ${marketLiteral('secondary')}
        THEN (SELECT coalesce(sum(f.quantity * l.unit_price_minor), 0) FROM purchase_fills f
              JOIN listings l ON l.id = f.listing_id WHERE f.purchase_id = p.id)
        ELSE p.quantity * w.price_per_part_minor END)::bigint AS eur_value
      FROM purchases p JOIN paintings w ON w.id = p.painting_id
      WHERE p.user_id = ANY(${sql.placeholder('ids')}::uuid[]) AND p.status = 'pending'
        AND p.payment_method <> 'smart_amount'`,
);

/**
 * The caps, checked with the new purchase's parts and EUR value before it is recorded (the member's row is locked
 * by `beginLimitedReservations`, which read the other unpaid purchases): 422 with the limit in both languages.
 */
export function checkReservationCaps(params: {
  quantity: number;
  /** The parts of a drop on sale; null on the secondary market, where no share cap applies (decision 237). */
  partsOnSale: number | null;
  eurValueMinor: number;
  /** The EUR value of the member's other unpaid purchases (`beginLimitedReservations`, and earlier ones of the batch). */
  heldEurMinor: number;
  limits: ReservationLimits;
}): void {
  const { maxSharePercent, maxPendingEurMinor } = params.limits;
  const maxParts = params.partsOnSale === null ? null : maxPendingParts(params.partsOnSale, maxSharePercent);
  if (maxParts !== null && params.quantity > maxParts) {
    throw new AppError(
      422,
      'ReservationShareLimit',
      'total_part',
      fillMessage('ReservationShareLimit', {
        parts: { en: numberFormat('en-GB').format(maxParts), fr: numberFormat('fr-FR').format(maxParts) },
        percent: maxSharePercent,
      }),
    );
  }
  if (params.heldEurMinor + params.eurValueMinor > maxPendingEurMinor) {
    throw new AppError(
      422,
      'ReservationValueLimit',
      'total_part',
      fillMessage('ReservationValueLimit', {
        amount: {
          en: formatMoney(maxPendingEurMinor, 'EURO', 'en'),
          fr: formatMoney(maxPendingEurMinor, 'EURO', 'fr'),
        },
      }),
    );
  }
}

/** A second unpaid purchase of the same work that got past the checks anyway (the index refused it): 409. */
export function asReservationConflict(error: unknown, reservationMinutes: number): unknown {
  return isUniqueViolation(error, ONE_PENDING_INDEX) ? reservationPending(reservationMinutes) : error;
}

import type { PaymentMethod } from '@parcelle/shared/contracts/purchases';
import { fillMessage } from '@parcelle/shared/i18n/messages';
import { formatMoney } from '@parcelle/shared/money';
import { and, eq, lte, ne, sql } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import { type Executor, queryRows } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { purchases, users } from '../../db/schema';
import { AppError } from '../../http/errors';
import { marketLiteral } from '../market/state';

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
 * The start of a card or PayPal reservation, before anything else is locked: the member's row is locked for the
 * rest of the transaction, so two requests of one member run one after the other and cannot both pass the checks
 * below; the member's own purchases already past their expiry are released now rather than at the next sweep
 * (except one the sweep holds at this moment);
 * then a purchase of the same work still awaiting payment answers 409.
 */
export async function beginLimitedReservation(
  tx: Executor,
  params: { userId: string; paintingId: string; reservationMinutes: number },
  release: (tx: Executor, purchaseId: string) => Promise<unknown>,
): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, params.userId)).for('no key update');
  const overdue = await tx
    .select({ id: purchases.id })
    .from(purchases)
    .where(
      and(eq(purchases.userId, params.userId), eq(purchases.status, 'pending'), lte(purchases.expiresAt, new Date())),
    )
    // One the reservation job is releasing right now is left to it (waiting for it could deadlock on a painting).
    .for('update', { skipLocked: true });
  for (const row of overdue) await release(tx, row.id);
  const [pending] = await tx
    .select({ id: purchases.id })
    .from(purchases)
    .where(
      and(
        eq(purchases.userId, params.userId),
        eq(purchases.paintingId, params.paintingId),
        eq(purchases.status, 'pending'),
        ne(purchases.paymentMethod, 'smart_amount'),
      ),
    )
    .limit(1);
  if (pending) throw reservationPending(params.reservationMinutes);
}

export const reservationPending = (minutes: number) =>
  new AppError(409, 'ReservationPending', 'painting_id', fillMessage('ReservationPending', { minutes }));

/**
 * The EUR value (minor units) of a member's card and PayPal purchases awaiting payment, at the EUR prices their
 * parts are stored at: the work's part price on the primary market, each listing's price on the secondary market.
 * No exchange rate enters it, so a USD purchase counts exactly what the same parts cost in EUR.
 */
export async function pendingEurValue(tx: Executor, userId: string): Promise<number> {
  const [row] = await queryRows<{ value: string | number }>(
    tx,
    sql`SELECT coalesce(sum(CASE WHEN p.market = ${marketLiteral('secondary')}
          THEN (SELECT coalesce(sum(f.quantity * l.unit_price_minor), 0) FROM purchase_fills f
                JOIN listings l ON l.id = f.listing_id WHERE f.purchase_id = p.id)
          ELSE p.quantity * w.price_per_part_minor END), 0)::bigint AS value
        FROM purchases p JOIN paintings w ON w.id = p.painting_id
        WHERE p.user_id = ${userId} AND p.status = 'pending' AND p.payment_method <> 'smart_amount'`,
  );
  return Number(row?.value ?? 0);
}

/**
 * The caps, checked with the new purchase's parts and EUR value before it is recorded (the member's row is locked
 * by `beginLimitedReservation`): 422 with the limit in both languages.
 */
export async function checkReservationCaps(
  tx: Executor,
  params: {
    userId: string;
    quantity: number;
    /** The parts of a drop on sale; null on the secondary market, where no share cap applies (decision 237). */
    partsOnSale: number | null;
    eurValueMinor: number;
    limits: ReservationLimits;
  },
): Promise<void> {
  const { maxSharePercent, maxPendingEurMinor } = params.limits;
  const maxParts = params.partsOnSale === null ? null : maxPendingParts(params.partsOnSale, maxSharePercent);
  if (maxParts !== null && params.quantity > maxParts) {
    throw new AppError(
      422,
      'ReservationShareLimit',
      'total_part',
      fillMessage('ReservationShareLimit', {
        parts: { en: maxParts.toLocaleString('en-GB'), fr: maxParts.toLocaleString('fr-FR') },
        percent: maxSharePercent,
      }),
    );
  }
  const held = await pendingEurValue(tx, params.userId);
  if (held + params.eurValueMinor > maxPendingEurMinor) {
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

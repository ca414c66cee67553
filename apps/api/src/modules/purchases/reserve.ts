import { randomBytes } from 'node:crypto';
import type { Currency } from '@parcelle/shared/constants';
import type { PaymentMethod } from '@parcelle/shared/contracts/purchases';
import { purchaseTotalMinor } from '@parcelle/shared/parts';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { paintings, purchases } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { Rates } from '../catalogue/rates';
import { heldBy, moveParts } from '../parts/register';

export type Purchase = typeof purchases.$inferSelect;
type Painting = typeof paintings.$inferSelect;

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A purchase reference for members and providers: "PA-" and 10 characters of Crockford base32 (50 random bits). */
export function newPurchaseReference(): string {
  const bytes = randomBytes(10);
  let text = '';
  for (const byte of bytes) text += CROCKFORD[byte % 32];
  return `PA-${text}`;
}

/** The price of one part in the purchase's currency (minor units): EUR as stored, USD at today's rate. */
export async function unitPriceIn(tx: Executor, painting: Painting, currency: Currency): Promise<number> {
  if (currency === 'EURO') return painting.pricePerPartMinor;
  return (await Rates.load(tx)).convert(painting.pricePerPartMinor, currency);
}

export type Quote = {
  painting: Painting;
  available: number;
  unitPriceMinor: number;
  totalMinor: number;
  currency: Currency;
};

/** Prices a request without side effects; refuses what could not be bought right now. */
export async function quotePurchase(
  tx: Executor,
  params: { paintingId: string; quantity: number; currency: Currency },
): Promise<Quote> {
  const [painting] = await tx.select().from(paintings).where(eq(paintings.id, params.paintingId));
  if (!painting) throw notFound('PaintingNotFound');
  if (painting.market !== 2) throw badRequest('PaintingNotOnSale', 'painting_id');
  const available = painting.totalParts - painting.soldParts;
  if (params.quantity > available) throw badRequest('NotEnoughParts', 'total_part');
  const unitPriceMinor = await unitPriceIn(tx, painting, params.currency);
  return {
    painting,
    available,
    unitPriceMinor,
    totalMinor: purchaseTotalMinor(unitPriceMinor, params.quantity),
    currency: params.currency,
  };
}

/**
 * Reserves parts for a new purchase, inside the caller's transaction. The stock is taken with one conditional
 * UPDATE (`sold_parts + q <= total_parts`, market 2): PostgreSQL applies it row by row under the row lock, so
 * two buyers can never both get the last parts, whatever the concurrency. The parts move from `available` to
 * `reserved` for this purchase in the register.
 */
export async function reservePurchase(
  tx: Executor,
  params: {
    userId: string;
    paintingId: string;
    quantity: number;
    currency: Currency;
    paymentMethod: PaymentMethod;
    ownerName: string;
    language: 'en' | 'fr';
    reservationMinutes: number;
  },
): Promise<Purchase> {
  const quote = await quotePurchase(tx, params);
  const [taken] = await tx
    .update(paintings)
    .set({ soldParts: sql`${paintings.soldParts} + ${params.quantity}` })
    .where(
      and(
        eq(paintings.id, params.paintingId),
        eq(paintings.market, 2),
        sql`${paintings.soldParts} + ${params.quantity} <= ${paintings.totalParts}`,
      ),
    )
    .returning({ id: paintings.id });
  if (!taken) throw badRequest('NotEnoughParts', 'total_part');
  const [purchase] = await tx
    .insert(purchases)
    .values({
      reference: newPurchaseReference(),
      userId: params.userId,
      paintingId: params.paintingId,
      quantity: params.quantity,
      currency: params.currency,
      unitPriceMinor: quote.unitPriceMinor,
      totalMinor: quote.totalMinor,
      paymentMethod: params.paymentMethod,
      ownerName: params.ownerName.trim().replace(/\s+/g, ' '),
      language: params.language,
      expiresAt: new Date(Date.now() + params.reservationMinutes * 60_000),
    })
    .returning();
  if (!purchase) throw new Error('purchase not recorded');
  await moveParts(tx, {
    paintingId: params.paintingId,
    reason: 'reserve',
    reference: purchase.reference,
    lines: [
      { holder: { kind: 'available' }, quantity: -params.quantity },
      { holder: { kind: 'reserved', purchaseId: purchase.id }, quantity: params.quantity },
    ],
  });
  return purchase;
}

/**
 * Gives a pending purchase's parts back to the stock (expired or abandoned), once: the status changes only from
 * pending, so a second release does nothing. Returns whether it released.
 */
export async function releasePurchase(
  tx: Executor,
  purchaseId: string,
  status: 'expired' | 'failed',
  reason: string,
): Promise<boolean> {
  const [released] = await tx
    .update(purchases)
    .set({ status, failureReason: reason })
    .where(and(eq(purchases.id, purchaseId), eq(purchases.status, 'pending')))
    .returning();
  if (!released) return false;
  await moveParts(tx, {
    paintingId: released.paintingId,
    reason: status === 'expired' ? 'release' : 'fail',
    reference: released.reference,
    lines: [
      { holder: { kind: 'reserved', purchaseId: released.id }, quantity: -released.quantity },
      { holder: { kind: 'available' }, quantity: released.quantity },
    ],
  });
  await tx
    .update(paintings)
    .set({ soldParts: sql`${paintings.soldParts} - ${released.quantity}` })
    .where(eq(paintings.id, released.paintingId));
  return true;
}

/**
 * Releases every pending purchase past its expiry (the reservation job). SKIP LOCKED lets several workers run
 * it at once, and never waits on a purchase being paid right now.
 */
export async function releaseExpired(db: Executor, now = new Date()): Promise<number> {
  let released = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const due = await tx
        .select({ id: purchases.id })
        .from(purchases)
        .where(and(eq(purchases.status, 'pending'), sql`${purchases.expiresAt} <= ${now.toISOString()}`))
        .limit(50)
        .for('update', { skipLocked: true });
      let count = 0;
      for (const row of due) if (await releasePurchase(tx, row.id, 'expired', 'reservation expired')) count++;
      return { found: due.length, count };
    });
    released += batch.count;
    if (batch.found < 50) return released;
  }
}

/** Parts of a painting still held by pending purchases (the market moves to 3 only when none remain). */
export const reservedParts = (tx: Executor, paintingId: string) => heldBy(tx, paintingId, 'reserved');

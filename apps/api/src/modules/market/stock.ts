import { fillMessage } from '@parcelle/shared/i18n/messages';
import { numberFormat } from '@parcelle/shared/intl';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { paintings } from '../../db/schema';
import { AppError, badRequest, notFound, RetryLaterError } from '../../http/errors';
import { MARKET, onMarket } from './state';

/**
 * Takes `quantity` parts of a work's primary stock (`sold_parts`, parts sold or reserved) with one conditional UPDATE:
 * only on the primary market and only while `sold_parts + quantity <= total_parts`. PostgreSQL applies it under the
 * work's row lock and re-checks the condition on the latest row after waiting for it, so two buyers never both get
 * the last parts. With `atPriceMinor`, only while the part's EUR price is still the one the purchase was priced at
 * (a price edited in between refuses rather than sell at the old price). Answers whether it took them. A new
 * reservation (purchases/reserve-purchase.ts) and a late payment taking its parts again both take stock here.
 */
export async function takePrimaryParts(
  tx: Executor,
  paintingId: string,
  quantity: number,
  atPriceMinor?: number,
): Promise<boolean> {
  const conditions: SQL[] = [
    eq(paintings.id, paintingId),
    eq(paintings.market, MARKET.primary),
    sql`${paintings.soldParts} + ${quantity} <= ${paintings.totalParts}`,
  ];
  if (atPriceMinor !== undefined) conditions.push(eq(paintings.pricePerPartMinor, atPriceMinor));
  const [taken] = await tx
    .update(paintings)
    .set({ soldParts: sql`${paintings.soldParts} + ${quantity}` })
    .where(and(...conditions))
    .returning({ id: paintings.id });
  return taken !== undefined;
}

/**
 * Why `takePrimaryParts` refused, read after it: the parts left (none: sold out; fewer than asked: how many), the
 * work no longer on the primary market, or its price changed in the instant between pricing and taking (the member
 * tries again and is priced anew).
 */
export async function primaryStockRefusal(tx: Executor, paintingId: string, pricedAtMinor: number): Promise<AppError> {
  const [work] = await tx
    .select({
      market: paintings.market,
      left: sql<number>`${paintings.totalParts} - ${paintings.soldParts}`.mapWith(Number),
      price: paintings.pricePerPartMinor,
    })
    .from(paintings)
    .where(eq(paintings.id, paintingId));
  if (!work) return notFound('PaintingNotFound');
  if (!onMarket(work, 'primary')) return badRequest('PaintingNotOnSale', 'painting_id');
  if (work.price !== pricedAtMinor) return new RetryLaterError(1, 'DropBusy', 503);
  return notEnoughParts(work.left);
}

/** A refusal that names how many parts are left: none (sold out) or fewer than asked (try a smaller quantity). */
export function notEnoughParts(available: number): AppError {
  if (available <= 0) return new AppError(400, 'NotEnoughParts', 'total_part', fillMessage('PartsSoldOut', {}));
  return new AppError(
    400,
    'NotEnoughParts',
    'total_part',
    fillMessage('NotEnoughPartsLeft', {
      available: { en: numberFormat('en-GB').format(available), fr: numberFormat('fr-FR').format(available) },
    }),
  );
}

/** Gives `quantity` parts back to a work's primary stock: a reservation released, a purchase revoked. */
export async function returnPrimaryParts(tx: Executor, paintingId: string, quantity: number): Promise<void> {
  await tx
    .update(paintings)
    .set({ soldParts: sql`${paintings.soldParts} - ${quantity}` })
    .where(eq(paintings.id, paintingId));
}

import { fillMessage } from '@parcelle/shared/i18n/messages';
import { numberFormat } from '@parcelle/shared/intl';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
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
  const [taken] =
    atPriceMinor === undefined
      ? await take(tx).execute({ paintingId, quantity })
      : await takeAtPrice(tx).execute({ paintingId, quantity, priceMinor: atPriceMinor });
  return taken !== undefined;
}

/** `takePrimaryParts`' UPDATE, with or without the price condition: two fixed texts, prepared (decision 544). */
function takeStatement(db: Executor, atPrice: boolean) {
  const quantity = sql`${sql.placeholder('quantity')}::int`;
  const conditions: SQL[] = [
    eq(paintings.id, sql.placeholder('paintingId')),
    eq(paintings.market, MARKET.primary),
    sql`${paintings.soldParts} + ${quantity} <= ${paintings.totalParts}`,
  ];
  if (atPrice) conditions.push(eq(paintings.pricePerPartMinor, sql.placeholder('priceMinor')));
  return db
    .update(paintings)
    .set({ soldParts: sql`${paintings.soldParts} + ${quantity}` })
    .where(and(...conditions))
    .returning({ id: paintings.id });
}
const take = preparedPerDatabase((db) => takeStatement(db, false).prepare('market_take_primary_parts'));
const takeAtPrice = preparedPerDatabase((db) => takeStatement(db, true).prepare('market_take_primary_parts_at_price'));

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

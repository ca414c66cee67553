import type { Currency } from '@parcelle/shared/constants';
import { fillMessage } from '@parcelle/shared/i18n/messages';
import { purchaseTotalMinor } from '@parcelle/shared/parts';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { paintings, type purchases } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../http/errors';
import { Rates } from '../fx/rates';
import { requireSecondaryBuyer } from '../market/buyers';
import { type Listing, openListings, openListingsForUpdate } from '../market/listings';
import { onMarket } from '../market/state';
import { notEnoughParts } from '../market/stock';
import { heldBy } from '../parts/register';

export type Purchase = typeof purchases.$inferSelect;
type Painting = typeof paintings.$inferSelect;

/** The price of one part in the purchase's currency (minor units): EUR as stored, USD at today's rate. */
export async function unitPriceIn(tx: Executor, painting: Painting, currency: Currency): Promise<number> {
  if (currency === 'EURO') return painting.pricePerPartMinor;
  return (await Rates.load(tx)).convert(painting.pricePerPartMinor, currency);
}

export type Fill = { listing: Listing; quantity: number; unitPriceMinor: number };

export type Quote = {
  painting: Painting;
  available: number;
  unitPriceMinor: number;
  totalMinor: number;
  currency: Currency;
  /** Secondary market only: the listings taken, oldest first, with their price in the purchase's currency. */
  fills: Fill[];
};

/**
 * Takes parts from the oldest open listings first; each listing's price is converted to the purchase's currency.
 * The offer shown before buying (secondary/offer.ts + @parcelle/shared/secondary) prices the same way.
 */
export function fillFrom(open: Listing[], quantity: number, rates: Rates, currency: Currency): Fill[] {
  const fills: Fill[] = [];
  let left = quantity;
  for (const listing of open) {
    if (left === 0) break;
    const take = Math.min(left, listing.remaining);
    if (take === 0) continue;
    const unitPriceMinor =
      currency === 'EURO' ? listing.unitPriceMinor : rates.convert(listing.unitPriceMinor, currency);
    fills.push({ listing, quantity: take, unitPriceMinor });
    left -= take;
  }
  if (left > 0) throw badRequest('NotEnoughParts', 'total_part');
  return fills;
}

/**
 * Prices a request without side effects and refuses what could not be bought right now: the primary market sells
 * the primary stock at the work's part price; the secondary market sells members' listings (to primary holders
 * only), oldest first.
 */
export async function quotePurchase(
  tx: Executor,
  params: { paintingId: string; quantity: number; currency: Currency; buyerId: string },
  options: { lockListings?: boolean; sayWhatIsLeft?: boolean } = {},
): Promise<Quote> {
  const [painting] = await tx.select().from(paintings).where(eq(paintings.id, params.paintingId));
  if (!painting) throw notFound('PaintingNotFound');
  if (onMarket(painting, 'secondary')) {
    await requireSecondaryBuyer(tx, params.buyerId);
    const open = options.lockListings
      ? await openListingsForUpdate(tx, painting.id, params.buyerId)
      : await openListings(tx, painting.id, params.buyerId);
    const available = open.reduce((sum, listing) => sum + listing.remaining, 0);
    const fills = fillFrom(open, params.quantity, await Rates.load(tx), params.currency);
    const totalMinor = fills.reduce((sum, fill) => sum + purchaseTotalMinor(fill.unitPriceMinor, fill.quantity), 0);
    return {
      painting,
      available,
      unitPriceMinor: fills[0]?.unitPriceMinor ?? 0,
      totalMinor,
      currency: params.currency,
      fills,
    };
  }
  const refused = primarySaleRefusal(painting);
  if (refused) throw refused;
  const available = painting.totalParts - painting.soldParts;
  if (params.quantity > available) {
    // A reservation tells the member what is left (none, or how many); the check before paying keeps it short.
    throw options.sayWhatIsLeft ? notEnoughParts(available) : badRequest('NotEnoughParts', 'total_part');
  }
  const unitPriceMinor = await unitPriceIn(tx, painting, params.currency);
  return {
    painting,
    available,
    unitPriceMinor,
    totalMinor: purchaseTotalMinor(unitPriceMinor, params.quantity),
    currency: params.currency,
    fills: [],
  };
}

/** Why nothing of a work off the secondary market can be bought now (a draft, not on sale, not open yet), or null. */
export function primarySaleRefusal(painting: Painting): AppError | null {
  if (onMarket(painting, 'draft')) return notFound('PaintingNotFound');
  if (!onMarket(painting, 'primary')) return badRequest('PaintingNotOnSale', 'painting_id');
  // A scheduled opening (issue 15): nothing is bought before it.
  if (painting.opensAt && painting.opensAt.getTime() > Date.now()) {
    const when = painting.opensAt.toISOString().slice(0, 16).replace('T', ' ');
    return new AppError(400, 'SaleNotOpenYet', 'painting_id', fillMessage('SaleNotOpenYet', { opens_at: when }));
  }
  return null;
}

/**
 * The work a batch of reservations buys, read once: on the primary market locked (FOR NO KEY UPDATE, which purchases
 * referring to it do not wait for) when `lock`, so the batch decides on the stock no other transaction can change
 * before its COMMIT.
 */
export async function readWork(tx: Executor, paintingId: string, lock: boolean): Promise<Painting | undefined> {
  const [painting] = await (lock ? workLocked : work)(tx).execute({ paintingId });
  return painting;
}

/** `readWork`'s two reads, prepared (decision 544). */
const workRead = (db: Executor) =>
  db
    .select()
    .from(paintings)
    .where(eq(paintings.id, sql.placeholder('paintingId')));
const work = preparedPerDatabase((db) => workRead(db).prepare('purchases_read_work'));
const workLocked = preparedPerDatabase((db) => workRead(db).for('no key update').prepare('purchases_read_work_locked'));

/** Parts of a painting still held by pending purchases (the secondary market opens only when none remain). */
export const reservedParts = (tx: Executor, paintingId: string) => heldBy(tx, paintingId, 'reserved');

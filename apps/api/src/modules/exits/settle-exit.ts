import { allocate, type Currency, MARKET } from '@parcelle/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { exitPayouts, listings, paintings, purchases, users } from '../../db/schema';
import { AppError } from '../../http/errors';
import { Rates } from '../fx/rates';
import { accountFor, type LedgerLine, postTransaction } from '../ledger/ledger';
import { memberCreditLines } from '../ledger/member-credits';
import { withdrawOpenListing } from '../market/listings';
import { onMarket } from '../market/state';
import { moveWork } from '../market/transitions';
import { workCostBasis } from '../member/cost-basis';
import { dayOf } from '../member/money';
import { partsMovements } from '../member/parts-movements';
import { moveParts, type PartLine } from '../parts/register';
import type { ExitOffer } from './offers';

type Holding = { userId: string; primary: number; secondary: number };

/** Every member's current parts of a work, per lot, by member id (listings must have been withdrawn first). */
async function currentHoldings(tx: Executor, paintingId: string): Promise<Holding[]> {
  const rows = await queryRows<{ user_id: string; primary_parts: number; secondary_parts: number }>(
    tx,
    sql`SELECT e.user_id,
        coalesce(sum(e.quantity) FILTER (WHERE e.lot = 'primary'), 0)::int AS primary_parts,
        coalesce(sum(e.quantity) FILTER (WHERE e.lot = 'secondary'), 0)::int AS secondary_parts
      FROM part_entries e
      WHERE e.painting_id = ${paintingId} AND e.holder_kind = 'member'
      GROUP BY e.user_id HAVING sum(e.quantity) > 0
      ORDER BY e.user_id`,
  );
  return rows.map((row) => ({
    userId: row.user_id,
    primary: Number(row.primary_parts),
    secondary: Number(row.secondary_parts),
  }));
}

/**
 * The price of one part at the work's first sale, in `currency`: the unit price of its earliest paid primary
 * purchase, converted at the rate of that day; for a work whose parts were placed without a recorded purchase (seeded),
 * its catalogue part price (EUR) at today's rate.
 */
async function firstPartPrice(
  tx: Executor,
  painting: { id: string; pricePerPartMinor: number },
  currency: Currency,
  rates: Rates,
) {
  const [first] = await tx
    .select({
      unitPriceMinor: purchases.unitPriceMinor,
      currency: purchases.currency,
      at: sql<Date>`coalesce(${purchases.settledAt}, ${purchases.createdAt})`.mapWith(purchases.createdAt),
    })
    .from(purchases)
    .where(
      and(eq(purchases.paintingId, painting.id), eq(purchases.status, 'paid'), eq(purchases.market, MARKET.primary)),
    )
    .orderBy(asc(purchases.settledAt), asc(purchases.id))
    .limit(1);
  if (!first) return rates.exchange(painting.pricePerPartMinor, 'EURO', currency);
  return rates.exchange(first.unitPriceMinor, first.currency, currency, rates.at(dayOf(first.at)));
}

/**
 * What a holder's parts cost them, in `currency`: the one cost basis (member/cost-basis.ts, issue 31), first in, first
 * out over every acquisition of the work — primary purchases, listings bought, order-book trades — net of the parts
 * they sold, each converted at the rate of its day. Parts no acquisition covers (placed without a recorded price)
 * add nothing: the screens say their cost is unknown.
 */
async function costBasis(tx: Executor, userId: string, paintingId: string, currency: Currency, rates: Rates) {
  const movements = await partsMovements(tx, userId, [paintingId]);
  return workCostBasis(movements, paintingId, rates, currency).remainingCostMinor;
}

/**
 * Settles an accepted exit, inside the resolution's transaction (the offer is locked and still `voting`):
 * 1. the work is locked; it must still be on the secondary market, with no purchase pending (its reserved parts
 *    would belong to nobody: 409 ExitPendingPurchases, nothing written);
 * 2. its open listings are withdrawn, their parts returned to their sellers;
 * 3. the holders (member rows locked, in id order, so no listing of theirs slips in) share the offer net of the fee
 *    by the largest-remainder rule (`allocate`, as dividends): the shares add up to the net amount exactly;
 * 4. one balanced ledger transaction: the buyer's money out of the exit escrow (recorded as received, 409
 *    ExitFundsNotReceived when it does not cover the offer; any excess back to the buyer), the fee to Parcelle, each
 *    share to its holder's wallet; one balanced parts movement: every holder's parts to `exited`;
 * 5. the payouts are recorded with each holder's cost basis (their realised return), the work becomes `sold`.
 * Returns the first sale price of the whole work (offer currency) and the number of holders paid.
 */
export async function settleExit(tx: Executor, offer: ExitOffer) {
  const [painting] = await tx.select().from(paintings).where(eq(paintings.id, offer.paintingId)).for('update');
  if (!painting || !onMarket(painting, 'secondary')) throw new AppError(409, 'ExitWorkNotOnMarket');
  const [pending] = await tx
    .select({ id: purchases.id })
    .from(purchases)
    .where(and(eq(purchases.paintingId, painting.id), eq(purchases.status, 'pending')))
    .limit(1);
  if (pending) throw new AppError(409, 'ExitPendingPurchases');

  const open = await tx
    .select()
    .from(listings)
    .where(and(eq(listings.paintingId, painting.id), eq(listings.status, 'open')))
    .orderBy(asc(listings.id))
    .for('update');
  for (const listing of open) await withdrawOpenListing(tx, listing, `${offer.reference}:${listing.reference}`);

  const candidates = await currentHoldings(tx, painting.id);
  if (candidates.length > 0) {
    await tx
      .select({ id: users.id })
      .from(users)
      .where(
        inArray(
          users.id,
          candidates.map((holding) => holding.userId),
        ),
      )
      .orderBy(asc(users.id))
      .for('no key update');
  }
  const holdings = await currentHoldings(tx, painting.id);
  const held = holdings.reduce((sum, holding) => sum + holding.primary + holding.secondary, 0);
  // Every part must be with a member now: a part elsewhere (reserved, listed) would leave with nobody paid for it.
  if (held !== painting.totalParts) throw new AppError(409, 'ExitPendingPurchases');

  const currency = offer.currency;
  const net = offer.amountMinor - offer.feeMinor;
  const weights = holdings.map((holding) => holding.primary + holding.secondary);
  const shares = allocate(net, weights);
  // Each holder's share of the fee, for their yearly statement; kept apart from the payout, which is net of it.
  const feeShares = allocate(offer.feeMinor, weights);
  const rates = await Rates.load(tx);
  const firstPrice = await firstPartPrice(tx, painting, currency, rates);

  // The buyer's money comes from what was recorded as received (issue 26), never from `external` directly: the
  // escrow gives up all it holds for the offer, any excess going back to the buyer.
  if (offer.fundsReceivedMinor < offer.amountMinor) throw new AppError(409, 'ExitFundsNotReceived');
  const lines: LedgerLine[] = [
    { accountId: await accountFor(tx, 'exit_escrow', currency), amountMinor: -offer.fundsReceivedMinor, currency },
  ];
  if (offer.fundsReceivedMinor > offer.amountMinor) {
    lines.push({
      accountId: await accountFor(tx, 'external', currency),
      amountMinor: offer.fundsReceivedMinor - offer.amountMinor,
      currency,
    });
  }
  if (offer.feeMinor > 0) {
    lines.push({
      accountId: await accountFor(tx, 'platform_revenue', currency),
      amountMinor: offer.feeMinor,
      currency,
    });
  }
  // Each holder is paid into their own wallet, exchanged when it is in the other currency.
  lines.push(
    ...(await memberCreditLines(
      tx,
      holdings.map((holding, index) => ({ userId: holding.userId, amountMinor: shares[index] ?? 0 })),
      currency,
    )),
  );
  const payouts = [];
  for (const [index, holding] of holdings.entries()) {
    const amountMinor = shares[index] ?? 0;
    const parts = holding.primary + holding.secondary;
    payouts.push({
      offerId: offer.id,
      userId: holding.userId,
      parts,
      amountMinor,
      feeMinor: feeShares[index] ?? 0,
      costBasisMinor: await costBasis(tx, holding.userId, painting.id, currency, rates),
    });
  }
  await postTransaction(tx, { reference: offer.reference, description: `exit sale to ${offer.buyerName}`, lines });

  const partLines: PartLine[] = [{ holder: { kind: 'exited' }, quantity: held }];
  for (const holding of holdings) {
    if (holding.primary > 0)
      partLines.push({
        holder: { kind: 'member', userId: holding.userId, lot: 'primary' },
        quantity: -holding.primary,
      });
    if (holding.secondary > 0)
      partLines.push({
        holder: { kind: 'member', userId: holding.userId, lot: 'secondary' },
        quantity: -holding.secondary,
      });
  }
  await moveParts(tx, { paintingId: painting.id, reason: 'exit', reference: offer.reference, lines: partLines });
  await tx.insert(exitPayouts).values(payouts);
  await moveWork(tx, painting.id, { from: 'secondary', to: 'sold', cause: 'exit' });
  return { firstSaleMinor: firstPrice * painting.totalParts, holders: payouts.length, withdrawnListings: open.length };
}

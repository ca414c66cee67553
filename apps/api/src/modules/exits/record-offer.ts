import { type Currency, EXIT_VOTE_TERMS, exitShareFeeMinor, MARKET } from '@parcelle/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/retry';
import { exitOffers, paintings } from '../../db/schema';
import type { Member } from '../../http/authenticate';
import { AppError, badRequest, notFound } from '../../http/errors';
import { audit } from '../admin/audit';
import { Rates } from '../catalogue/rates';
import { exitOfferDetail, newExitReference } from './offers';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The work's exit fee on a sale price (issue 15's catalogue fields): its share in basis points when set, else its
 * fixed fee (EUR minor units, converted at today's rate when the offer is in dollars), else nothing.
 */
export function exitFeeOf(
  painting: { exitShareBps: number | null; exitFeeMinor: number | null },
  amountMinor: number,
  currency: Currency,
  rates: Rates,
): number {
  if (painting.exitShareBps !== null) return exitShareFeeMinor(amountMinor, painting.exitShareBps);
  if (painting.exitFeeMinor !== null) return rates.exchange(painting.exitFeeMinor, 'EURO', currency);
  return 0;
}

/**
 * An operator records a buyer's offer for a whole work (issue 17). Only a work whose parts are all sold and which is
 * on the secondary market can be offered for, one offer at a time (the partial unique index decides between two
 * operators at once). The terms default to EXIT_VOTE_TERMS; the window defaults to EXIT_VOTE_TERMS.windowDays and
 * is never shorter than EXIT_VOTE_MIN_WINDOW_SECONDS.
 * Members see nothing until an operator opens the vote.
 */
export async function recordExitOffer(
  ctx: AppContext,
  operator: Member,
  input: {
    paintingId: string;
    buyerName: string;
    amountMinor: number;
    currency: Currency;
    voteOpensAt?: Date | undefined;
    voteClosesAt?: Date | undefined;
    quorumBps?: number | undefined;
    majorityBps?: number | undefined;
  },
) {
  const now = new Date();
  const closesAt =
    input.voteClosesAt ?? new Date((input.voteOpensAt ?? now).getTime() + EXIT_VOTE_TERMS.windowDays * DAY_MS);
  if (closesAt.getTime() <= now.getTime()) throw badRequest('ExitWindowInvalid', 'vote_closes_at');
  if (input.voteOpensAt && closesAt.getTime() <= input.voteOpensAt.getTime())
    throw badRequest('ExitWindowInvalid', 'vote_closes_at');
  // The floor of EXIT_VOTE_MIN_WINDOW_SECONDS, counted from the opening (or from now, when that is later).
  const windowStart = Math.max(now.getTime(), input.voteOpensAt?.getTime() ?? 0);
  if (closesAt.getTime() - windowStart < ctx.config.exitVoteMinWindowSeconds * 1000)
    throw badRequest('ExitWindowTooShort', 'vote_closes_at');
  const id = await inTransaction(ctx.database.db, async (tx) => {
    const [painting] = await tx.select().from(paintings).where(eq(paintings.id, input.paintingId));
    if (!painting) throw notFound('PaintingNotFound');
    if (painting.market !== MARKET.secondary || painting.soldParts !== painting.totalParts)
      throw new AppError(409, 'ExitWorkNotOnMarket', 'painting_id');
    const feeMinor = exitFeeOf(painting, input.amountMinor, input.currency, await Rates.load(tx));
    if (feeMinor >= input.amountMinor) throw badRequest('ExitFeeExceedsOffer', 'amount_minor');
    const [offer] = await tx
      .insert(exitOffers)
      .values({
        reference: newExitReference(),
        paintingId: painting.id,
        buyerName: input.buyerName,
        currency: input.currency,
        amountMinor: input.amountMinor,
        feeMinor,
        quorumBps: input.quorumBps ?? EXIT_VOTE_TERMS.quorumBps,
        majorityBps: input.majorityBps ?? EXIT_VOTE_TERMS.majorityBps,
        voteOpensAt: input.voteOpensAt ?? null,
        voteClosesAt: closesAt,
        recordedBy: operator.id,
      })
      .onConflictDoNothing()
      .returning();
    if (!offer) throw new AppError(409, 'ExitOfferInProgress', 'painting_id');
    await audit(tx, {
      actorId: operator.id,
      action: 'exit.record',
      targetType: 'exit_offer',
      targetId: offer.id,
      details: { reference: offer.reference, painting_id: offer.paintingId },
      after: {
        status: offer.status,
        buyer_name: offer.buyerName,
        currency: offer.currency,
        amount_minor: offer.amountMinor,
        fee_minor: offer.feeMinor,
        quorum_bps: offer.quorumBps,
        majority_bps: offer.majorityBps,
        vote_opens_at: offer.voteOpensAt?.toISOString() ?? null,
        vote_closes_at: offer.voteClosesAt.toISOString(),
      },
    });
    return offer.id;
  });
  return exitOfferDetail(ctx.database.db, id);
}

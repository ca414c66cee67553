import { type Currency, EXIT_VOTE_TERMS, exitShareFeeMinor, MARKET } from '@parcelle/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/retry';
import { exitOffers, paintings } from '../../db/schema';
import type { Member } from '../../http/authenticate';
import { AppError, badRequest, notFound } from '../../http/errors';
import { audit } from '../admin/audit';
import { refuseInterestedOperator } from '../admin/interest';
import { latestValuation } from '../catalogue-admin/valuations';
import { Rates } from '../fx/rates';
import { newReference } from '../references/references';
import { exitOfferDetail } from './offers';

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
 * Whether an offer lies outside `bandBps` of an appraisal (both in the offer's currency), either way; an offer with no
 * appraisal to compare is flagged too (nobody can say it is fair).
 */
export function appraisalFlagged(amountMinor: number, appraisalMinor: number | null, bandBps: number): boolean {
  if (appraisalMinor === null) return true;
  const gap = BigInt(Math.abs(amountMinor - appraisalMinor)) * 10_000n;
  return gap > BigInt(appraisalMinor) * BigInt(bandBps);
}

/**
 * The platform's floors (issue 26): terms looser than EXIT_MIN_QUORUM_BPS / EXIT_MIN_MAJORITY_BPS are refused
 * (400 ExitTermsBelowFloor), and a vote window shorter than EXIT_MIN_WINDOW_SECONDS (400 ExitWindowTooShort).
 */
function checkFloors(
  floors: AppContext['config']['exits'],
  terms: { quorumBps: number; majorityBps: number; opensAt: Date; closesAt: Date },
) {
  if (terms.quorumBps < floors.minQuorumBps) throw badRequest('ExitTermsBelowFloor', 'quorum_bps');
  if (terms.majorityBps < floors.minMajorityBps) throw badRequest('ExitTermsBelowFloor', 'majority_bps');
  if (terms.closesAt.getTime() - terms.opensAt.getTime() < floors.minWindowMs)
    throw badRequest('ExitWindowTooShort', 'vote_closes_at');
}

/**
 * An operator records a buyer's offer for a whole work (issue 17). Only a work whose parts are all sold and which is
 * on the secondary market can be offered for, one offer at a time (the partial unique index decides between two
 * operators at once). The terms default to EXIT_VOTE_TERMS; the window defaults to EXIT_VOTE_TERMS.windowDays.
 * Members see nothing until an operator opens the vote. Terms below the platform's floors are refused; an offer
 * outside the appraisal band (EXIT_APPRAISAL_BAND_BPS around the latest appraisal, converted at today's rate) is
 * flagged for the second operator's approval.
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
  const quorumBps = input.quorumBps ?? Math.max(EXIT_VOTE_TERMS.quorumBps, ctx.config.exits.minQuorumBps);
  const majorityBps = input.majorityBps ?? Math.max(EXIT_VOTE_TERMS.majorityBps, ctx.config.exits.minMajorityBps);
  checkFloors(ctx.config.exits, { quorumBps, majorityBps, opensAt: input.voteOpensAt ?? now, closesAt });
  const id = await inTransaction(ctx.database.db, async (tx) => {
    const [painting] = await tx.select().from(paintings).where(eq(paintings.id, input.paintingId));
    if (!painting) throw notFound('PaintingNotFound');
    if (painting.market !== MARKET.secondary || painting.soldParts !== painting.totalParts)
      throw new AppError(409, 'ExitWorkNotOnMarket', 'painting_id');
    await refuseInterestedOperator(tx, operator.id, painting.id);
    const rates = await Rates.load(tx);
    const feeMinor = exitFeeOf(painting, input.amountMinor, input.currency, rates);
    if (feeMinor >= input.amountMinor) throw badRequest('ExitFeeExceedsOffer', 'amount_minor');
    const appraisal = await latestValuation(tx, painting.id);
    const appraisalMinor = appraisal ? rates.exchange(appraisal.valueMinor, appraisal.currency, input.currency) : null;
    const [offer] = await tx
      .insert(exitOffers)
      .values({
        reference: newReference('exitOffer'),
        paintingId: painting.id,
        buyerName: input.buyerName,
        currency: input.currency,
        amountMinor: input.amountMinor,
        feeMinor,
        quorumBps,
        majorityBps,
        appraisalMinor,
        appraisalFlagged: appraisalFlagged(input.amountMinor, appraisalMinor, ctx.config.exits.appraisalBandBps),
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
        appraisal_minor: offer.appraisalMinor,
        appraisal_flagged: offer.appraisalFlagged,
      },
    });
    return offer.id;
  });
  return exitOfferDetail(ctx.database.db, id);
}

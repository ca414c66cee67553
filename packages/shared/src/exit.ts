import { divideRounded } from './money';

/**
 * Exits (issue 17): a buyer offers to buy a whole work; its co-owners vote, each vote weighing the parts its member
 * held when the vote opened; the offer is accepted when enough parts voted (quorum, a share of all the parts held at
 * the snapshot) and enough of the votes cast accept it (majority, a share of the parts that voted).
 *
 * The terms' defaults, in one place: an operator may set other terms on an offer when recording it (the terms of a
 * work's co-ownership agreement), never after the vote opened. Shares are in basis points (1 % = 100 bps), compared
 * with integers only.
 */
export const EXIT_VOTE_TERMS = {
  /** At least half of the parts must vote. */
  quorumBps: 5_000,
  /** At least two thirds (66.67 %) of the parts that voted must accept. */
  majorityBps: 6_667,
  /** The window a vote stays open by default, in days. */
  windowDays: 14,
} as const;

export const BPS_WHOLE = 10_000;

/**
 * The states of an exit offer:
 * - `recorded`: an operator recorded the buyer's offer; members do not see it yet;
 * - `voting`: the vote is open (weights frozen at its opening) until the window closes;
 * - `accepted`: the vote passed and the sale was settled (the work is sold, holders were paid);
 * - `rejected`: the vote failed (quorum or majority missing); nothing moved.
 */
export const EXIT_OFFER_STATUSES = ['recorded', 'voting', 'accepted', 'rejected'] as const;
export type ExitOfferStatus = (typeof EXIT_OFFER_STATUSES)[number];

export const EXIT_VOTE_CHOICES = ['accept', 'reject'] as const;
export type ExitVoteChoice = (typeof EXIT_VOTE_CHOICES)[number];

export type ExitTally = {
  /** All parts held at the snapshot (every eligible vote). */
  eligibleParts: number;
  acceptParts: number;
  rejectParts: number;
  castParts: number;
  quorumMet: boolean;
  majorityMet: boolean;
  accepted: boolean;
};

/**
 * The outcome of a vote from its weights: quorum when cast × 10 000 ≥ quorum_bps × eligible, majority when
 * accept × 10 000 ≥ majority_bps × cast (and at least one part accepted). Integers only: no share is rounded.
 */
export function tallyExitVote(
  votes: readonly { parts: number; choice: ExitVoteChoice | null }[],
  terms: { quorumBps: number; majorityBps: number },
): ExitTally {
  let eligibleParts = 0;
  let acceptParts = 0;
  let rejectParts = 0;
  for (const vote of votes) {
    eligibleParts += vote.parts;
    if (vote.choice === 'accept') acceptParts += vote.parts;
    if (vote.choice === 'reject') rejectParts += vote.parts;
  }
  const castParts = acceptParts + rejectParts;
  const quorumMet = eligibleParts > 0 && castParts * BPS_WHOLE >= terms.quorumBps * eligibleParts;
  const majorityMet = acceptParts > 0 && acceptParts * BPS_WHOLE >= terms.majorityBps * castParts;
  return {
    eligibleParts,
    acceptParts,
    rejectParts,
    castParts,
    quorumMet,
    majorityMet,
    accepted: quorumMet && majorityMet,
  };
}

/** The exit fee of a work on a sale price, for a share in basis points: price × bps / 10 000, rounded half-even. */
export function exitShareFeeMinor(priceMinor: number, shareBps: number): number {
  return Number(divideRounded(BigInt(priceMinor) * BigInt(shareBps), BigInt(BPS_WHOLE)));
}

/**
 * The total return of an exit for its holders, in basis points of the first sale price: (exit − first) / first,
 * rounded half-even. Both prices are the whole work's, in the same currency.
 */
export function exitReturnBps(firstSaleMinor: number, exitMinor: number): number {
  if (firstSaleMinor <= 0) throw new RangeError('the first sale price must be positive');
  return Number(divideRounded(BigInt(exitMinor - firstSaleMinor) * BigInt(BPS_WHOLE), BigInt(firstSaleMinor)));
}

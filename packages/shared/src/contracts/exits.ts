import '../zod-config';
import { z } from 'zod';
import { CURRENCIES } from '../constants';
import { BPS_WHOLE, EXIT_OFFER_STATUSES, EXIT_VOTE_CHOICES } from '../exit';
import { MAX_MINOR } from '../money';
import { safeText } from '../validation/fields';
import { ZAdminPageQuery } from './admin';
import { ZMoney } from './auth';

/** Exit offers and votes (issue 17): operators record and resolve, members vote, the public reads past exits. */

const isoDate = z.iso.datetime({ offset: true, error: 'InvalidRequest' });
const bps = (error: 'ExitTermsInvalid') => z.number().int({ error }).min(1, { error }).max(BPS_WHOLE, { error });

/** POST /admin/exits: records a buyer's offer for a whole work. Terms default to EXIT_VOTE_TERMS. */
export const ZCreateExitOfferRequest = z.strictObject({
  painting_id: safeText().uuid({ error: 'PaintingNotFound' }),
  buyer_name: safeText({ error: 'ExitBuyerRequired' })
    .trim()
    .min(1, { error: 'ExitBuyerRequired' })
    .max(200, { error: 'ExitBuyerRequired' }),
  amount_minor: z
    .number({ error: 'ExitAmountInvalid' })
    .int({ error: 'ExitAmountInvalid' })
    .positive({ error: 'ExitAmountInvalid' })
    .max(MAX_MINOR, { error: 'ExitAmountInvalid' }),
  currency: z.enum(CURRENCIES, { error: 'InvalidRequest' }),
  /** When members may start voting (default: as soon as an operator opens the vote). */
  vote_opens_at: isoDate.optional(),
  /** When the vote closes (default: EXIT_VOTE_TERMS.windowDays after the opening). */
  vote_closes_at: isoDate.optional(),
  quorum_bps: bps('ExitTermsInvalid').optional(),
  majority_bps: bps('ExitTermsInvalid').optional(),
});
export type TCreateExitOfferRequest = z.input<typeof ZCreateExitOfferRequest>;

/**
 * POST /admin/exits/:id/funds: the buyer's money arrived on Parcelle's bank account (a reconciled incoming payment):
 * the amount received, in the offer's currency, and the bank's reference of the transfer.
 */
export const ZRecordExitFundsRequest = z.strictObject({
  amount_minor: z
    .number({ error: 'ExitFundsInvalid' })
    .int({ error: 'ExitFundsInvalid' })
    .positive({ error: 'ExitFundsInvalid' })
    .max(MAX_MINOR, { error: 'ExitFundsInvalid' }),
  bank_reference: safeText({ error: 'ExitFundsInvalid' })
    .trim()
    .min(1, { error: 'ExitFundsInvalid' })
    .max(140, { error: 'ExitFundsInvalid' }),
});
export type TRecordExitFundsRequest = z.input<typeof ZRecordExitFundsRequest>;

/**
 * POST /admin/exits/:id/approve: a second operator approves the offer's terms; when the offer is flagged (far from
 * the latest appraisal, or none to compare), `acknowledge_appraisal_flag` must say they saw it.
 */
export const ZApproveExitOfferRequest = z.strictObject({
  acknowledge_appraisal_flag: z.boolean({ error: 'InvalidRequest' }).optional(),
});
export type TApproveExitOfferRequest = z.input<typeof ZApproveExitOfferRequest>;

export const ZExitTally = z.object({
  eligible_parts: z.number().int(),
  accept_parts: z.number().int(),
  reject_parts: z.number().int(),
  cast_parts: z.number().int(),
  quorum_met: z.boolean(),
  majority_met: z.boolean(),
  accepted: z.boolean(),
});

export const ZExitOffer = z.object({
  id: z.string(),
  reference: z.string(),
  painting: z.object({ id: z.string(), title: z.string() }),
  buyer_name: z.string(),
  amount: ZMoney,
  amount_minor: z.number().int(),
  currency: z.enum(CURRENCIES),
  /** The work's exit fee on this offer (its fixed fee or its share), kept by Parcelle; 0 when the work has none. */
  fee_minor: z.number().int(),
  /** What the holders share: the offer net of the fee. */
  net_minor: z.number().int(),
  quorum_bps: z.number().int(),
  majority_bps: z.number().int(),
  status: z.enum(EXIT_OFFER_STATUSES),
  vote_opens_at: z.string().nullable(),
  vote_closes_at: z.string(),
  opened_at: z.string().nullable(),
  resolved_at: z.string().nullable(),
  recorded_by_email: z.string().nullable(),
  /** The work's latest appraisal in the offer's currency when recorded (null: none), and whether the offer is flagged. */
  appraisal_minor: z.number().int().nullable(),
  appraisal_flagged: z.boolean(),
  /** The buyer's money recorded as received, held until the offer is resolved. */
  funds_received_minor: z.number().int(),
  approved_by_email: z.string().nullable(),
  approved_at: z.string().nullable(),
  flag_acknowledged: z.boolean(),
  created_at: z.string(),
  tally: ZExitTally,
});
export type TExitOffer = z.infer<typeof ZExitOffer>;

export const ZExitOfferDetail = ZExitOffer.extend({
  voters: z.array(
    z.object({
      user_id: z.string(),
      email: z.string(),
      name: z.string(),
      parts: z.number().int(),
      choice: z.enum(EXIT_VOTE_CHOICES).nullable(),
      /** After an accepted exit: what the holder was paid, what their parts had cost them, and the difference. */
      payout_minor: z.number().int().nullable(),
      cost_basis_minor: z.number().int().nullable(),
    }),
  ),
});
export type TExitOfferDetail = z.infer<typeof ZExitOfferDetail>;

export const ZAdminExitOffersQuery = ZAdminPageQuery.extend({
  status: z.enum(EXIT_OFFER_STATUSES, { error: 'InvalidRequest' }).optional(),
});
export const ZAdminExitOffers = z.object({ offers: z.array(ZExitOffer), total: z.number().int() });

// ---------------------------------------------------------------- members

export const ZMemberExitVotesQuery = z.strictObject({
  painting_id: safeText().uuid({ error: 'PaintingNotFound' }).optional(),
});

/** An open vote a member may cast, on a work they held when the vote opened. */
export const ZMemberExitVote = z.object({
  id: z.string(),
  reference: z.string(),
  painting: z.object({ id: z.string(), title: z.object({ en: z.string(), fr: z.string() }), img: z.string() }),
  buyer_name: z.string(),
  amount: ZMoney,
  amount_minor: z.number().int(),
  currency: z.enum(CURRENCIES),
  net_minor: z.number().int(),
  /** What this member would receive if the offer is accepted (their share of the net amount). */
  my_share_minor: z.number().int(),
  /** Issue 31: what the member's parts cost them (first in, first out, offer currency); null: a cost unknown. */
  my_cost_minor: z.number().int().nullable(),
  /** The work's latest appraisal when the offer was recorded, and the member's parts' share of it; null: none. */
  appraisal_minor: z.number().int().nullable(),
  my_appraisal_share_minor: z.number().int().nullable(),
  quorum_bps: z.number().int(),
  majority_bps: z.number().int(),
  vote_opens_at: z.string().nullable(),
  vote_closes_at: z.string(),
  my_parts: z.number().int(),
  my_choice: z.enum(EXIT_VOTE_CHOICES).nullable(),
  tally: ZExitTally,
});
export type TMemberExitVote = z.infer<typeof ZMemberExitVote>;
export const ZMemberExitVotes = z.object({ votes: z.array(ZMemberExitVote) });

export const ZCastExitVoteRequest = z.strictObject({
  choice: z.enum(EXIT_VOTE_CHOICES, { error: 'ExitChoiceInvalid' }),
});

// ---------------------------------------------------------------- public

/** GET /exits: the works sold by an exit vote, newest first. */
export const ZPastExit = z.object({
  reference: z.string(),
  painting: z.object({
    id: z.string(),
    slug: z.string(),
    title: z.object({ en: z.string(), fr: z.string() }),
    img: z.string(),
    artist: z.string(),
  }),
  sold_at: z.string(),
  offer: ZMoney,
  offer_minor: z.number().int(),
  first_sale: ZMoney,
  first_sale_minor: z.number().int(),
  currency: z.enum(CURRENCIES),
  /** (exit price − first sale price) / first sale price, in basis points (−2 500 = −25 %). */
  return_bps: z.number().int(),
});
export type TPastExit = z.infer<typeof ZPastExit>;
export const ZPastExits = z.object({ exits: z.array(ZPastExit), base_url: z.string() });

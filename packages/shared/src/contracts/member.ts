import '../zod-config';
import { z } from 'zod';
import { CURRENCIES, OTP_LENGTH } from '../constants';
import { LISTING_STATUSES } from '../market';
import { safeText } from '../validation/fields';
import { ZMoney } from './auth';
import { ZLimit, ZOffset } from './catalogue';
import { stepUpFields, totpCodeField } from './two-factor';

/** The member area (spec §3, §7 `/member/*`; issue 6). */

export const WITHDRAWAL_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/** `{type}` of GET /member/withdrawal/{type}: the list asked for (case-insensitive), or `list` with `status`. */
export const ZWithdrawalListParams = z.strictObject({
  type: safeText()
    .transform((value) => value.toLowerCase())
    .pipe(z.enum(['pending', 'approved', 'rejected', 'list'], { error: 'InvalidRequest' })),
});
export const ZWithdrawalListQuery = z.strictObject({
  limit: ZLimit(3),
  offset: ZOffset(),
  status: z.enum(WITHDRAWAL_STATUSES, { error: 'InvalidRequest' }).optional(),
});

/** Spec §3 Withdrawal: `_id, amount {value, curr}, t (date), status, reference`. */
export const ZWithdrawal = z.object({
  _id: z.string(),
  reference: z.string(),
  amount: ZMoney,
  t: z.string(),
  status: z.enum(WITHDRAWAL_STATUSES),
  payment_method: z.string(),
  account: z.string(),
});
export const ZWithdrawalList = z.object({ list: z.array(ZWithdrawal), total: z.number().int() });

/**
 * POST /member/withdrawal/store (spec §3 payload `payment_method, account, amount`; amount is a number of major
 * units, at most 2 decimals). The method is bank by default (spec §5), or paypal; `account` must name a saved
 * destination of the member: the IBAN (any spacing or case) or `saved` for the bank account, the saved PayPal address
 * (any case) for PayPal, free text is refused (issue 12). `verification_code` is the code sent by SMS.
 */
export const ZWithdrawalRequest = z.strictObject({
  payment_method: z.enum(['bank', 'paypal'], { error: 'BankAccountRequired' }).default('bank'),
  account: safeText({ error: 'BankAccountRequired' }).trim().min(1, { error: 'BankAccountRequired' }).max(200),
  amount: z.number({ error: 'WithdrawalAmountInvalid' }).finite({ error: 'WithdrawalAmountInvalid' }),
  verification_code: safeText().length(OTP_LENGTH, { error: 'OtpInvalid' }),
  /** Required when the member's second factor is on (issue 17): the app's code or a recovery code. */
  totp_code: totpCodeField().optional(),
});
/**
 * POST /member/withdrawal/code. The spec sends no body; the web sends the amount being withdrawn (major units, as
 * in the request), so that the SMS names it and the code is bound to it: it then confirms that amount only.
 */
export const ZWithdrawalCodeRequest = z
  .strictObject({
    amount: z.number({ error: 'WithdrawalAmountInvalid' }).finite({ error: 'WithdrawalAmountInvalid' }).optional(),
  })
  .nullish();

/**
 * GET /member/withdrawal/eligibility (issue 12): until when withdrawals wait after a contact or payout change (null:
 * no hold), the hold another destination would start, and the saved destinations a withdrawal may pay (the IBAN only by its last four characters).
 */
export const ZWithdrawalEligibility = z.object({
  hold_until: z.string().nullable(),
  /**
   * Hours withdrawals would wait if the member saved another payout destination now (issue 31); null while none is
   * saved: the first one is not a change and starts no hold.
   */
  change_hold_hours: z.number().int().nullable(),
  bank: z.object({ account_owner: z.string(), iban_last4: z.string() }).nullable(),
  paypal: z.object({ email: z.string() }).nullable(),
});
export type TWithdrawalEligibility = z.infer<typeof ZWithdrawalEligibility>;
/** `account` value that stands for the saved bank account (the web does not know the full IBAN). */
export const SAVED_BANK_ACCOUNT = 'saved';

export const ZWithdrawalCodeCheck = z.strictObject({
  verification_code: safeText().length(OTP_LENGTH, { error: 'OtpInvalid' }),
});

/** A price per part in EUR minor units (cents), as asks and bids carry it. */
export const ZPricePerPartMinor = z
  .number({ error: 'InvalidPrice' })
  .int({ error: 'InvalidPrice' })
  .min(1, { error: 'InvalidPrice' })
  .max(100_000_000_00, { error: 'InvalidPrice' });

/** POST /paintings/sale (spec §7): list owned parts on the secondary market. */
export const ZSaleRequest = z.strictObject({
  total_part: z
    .number({ error: 'SelectShares' })
    .int({ error: 'SelectShares' })
    .min(1, { error: 'SelectShares' })
    .max(10_000_000, { error: 'QuantityTooLarge' }),
  painting_id: safeText({ error: 'PaintingNotFound' }).uuid({ error: 'PaintingNotFound' }),
  /**
   * Issue 17 (optional, not in spec §7): the asked price per part in EUR minor units, within the bounds operators set
   * around the work's part price. Without it the parts are listed at the work's current part price, as before.
   */
  price_per_part_minor: ZPricePerPartMinor.optional(),
  /** Issue 26 (not in spec §7): the wallet code, and the app's code when the member's second factor is on. */
  ...stepUpFields(),
});
export const ZListingReferenceParams = z.strictObject({ reference: safeText().min(1).max(40) });
export const ZListing = z.object({
  reference: z.string(),
  painting_id: z.string(),
  quantity: z.number().int(),
  remaining: z.number().int(),
  price_per_part: ZMoney,
  price_per_part_minor: z.number().int(),
  status: z.enum(LISTING_STATUSES),
  created_at: z.string(),
});

/**
 * GET /paintings/sale/offer (issue 6; not in spec §7, which has no read of the secondary offer): what a member
 * could buy of a market-3 work right now. `eligible` is false for members holding no primary-market part (spec §1);
 * `steps` are the other members' open listings, oldest first (the order a purchase takes them in), consecutive
 * listings at the same price merged, with the price per part in the asked currency. `own_listed_part` counts the
 * member's own open listings on the work (never sold to themselves).
 */
export const ZSecondaryOfferQuery = z.strictObject({
  painting_id: safeText({ error: 'PaintingNotFound' }).uuid({ error: 'PaintingNotFound' }),
  currency: z.enum(CURRENCIES, { error: 'InvalidCurrency' }).optional(),
});
export const ZOfferStep = z.object({ quantity: z.number().int(), price_per_part: ZMoney });
export const ZSecondaryOffer = z.object({
  painting_id: z.string(),
  market: z.number().int(),
  eligible: z.boolean(),
  available_part: z.number().int(),
  own_listed_part: z.number().int(),
  steps: z.array(ZOfferStep),
});
export type TSecondaryOffer = z.infer<typeof ZSecondaryOffer>;

/** GET /paintings/sale: the member's own listings, newest first (default: the open ones), optionally of one work. */
export const ZMyListingsQuery = z.strictObject({
  painting_id: safeText().uuid({ error: 'PaintingNotFound' }).optional(),
  status: z.enum([...LISTING_STATUSES, 'all'], { error: 'InvalidRequest' }).default('open'),
  limit: ZLimit(4),
  offset: ZOffset(),
});
export const ZMyListing = ZListing.extend({
  title: z.object({ en: z.string(), fr: z.string() }),
  cover_img: z.string(),
  /** Parts of the listing reserved by a buyer's purchase being paid (cannot be withdrawn until it settles). */
  reserved: z.number().int(),
});
export type TMyListing = z.infer<typeof ZMyListing>;
export const ZMyListingsData = z.object({
  listings: z.array(ZMyListing),
  total: z.number().int(),
  base_url: z.string(),
});

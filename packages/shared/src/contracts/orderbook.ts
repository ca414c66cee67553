import '../zod-config';
import { z } from 'zod';
import { BID_EXPIRY_DAYS_DEFAULT, BID_EXPIRY_DAYS_MAX } from '../constants';
import { BID_STATUSES } from '../market';
import { safeText } from '../validation/fields';
import { ZMoney } from './auth';
import { ZLimit, ZOffset } from './catalogue';
import { ZRiskWarningConsent } from './investor';
import { ZListing, ZPricePerPartMinor } from './member';
import { stepUpFields } from './two-factor';

/** The order book of the secondary market (issue 17; not in spec §7). Prices are EUR minor units per part. */

export { BID_EXPIRY_DAYS_DEFAULT, BID_EXPIRY_DAYS_MAX };

const paintingId = safeText({ error: 'PaintingNotFound' }).uuid({ error: 'PaintingNotFound' });
const quantity = z
  .number({ error: 'SelectShares' })
  .int({ error: 'SelectShares' })
  .min(1, { error: 'SelectShares' })
  .max(10_000_000, { error: 'QuantityTooLarge' });

/** POST /paintings/bids: up to `total_part` parts at up to `price_per_part_minor`, for `expires_in_days` days. */
export const ZBidRequest = z.strictObject({
  painting_id: paintingId,
  total_part: quantity,
  price_per_part_minor: ZPricePerPartMinor,
  expires_in_days: z
    .number({ error: 'BidExpiryInvalid' })
    .int({ error: 'BidExpiryInvalid' })
    .min(1, { error: 'BidExpiryInvalid' })
    .max(BID_EXPIRY_DAYS_MAX, { error: 'BidExpiryInvalid' })
    .default(BID_EXPIRY_DAYS_DEFAULT),
  /** Issue 26: the wallet code, and the app's code when the member's second factor is on. */
  /** Issue 30: the per-investment warning acknowledged, when the investment is above the member's threshold. */
  risk_warning_consent: ZRiskWarningConsent.optional(),
  ...stepUpFields(),
});
export type TBidRequest = z.input<typeof ZBidRequest>;

export const ZBid = z.object({
  reference: z.string(),
  painting_id: z.string(),
  quantity: z.number().int(),
  remaining: z.number().int(),
  price_per_part: ZMoney,
  price_per_part_minor: z.number().int(),
  status: z.enum(BID_STATUSES),
  expires_at: z.string(),
  created_at: z.string(),
});
export type TBid = z.infer<typeof ZBid>;

export const ZBidReferenceParams = z.strictObject({ reference: safeText().min(1).max(40) });

/** GET /paintings/bids: the member's own bids, newest first (default: the open ones). */
export const ZMyBidsQuery = z.strictObject({
  painting_id: paintingId.optional(),
  status: z.enum([...BID_STATUSES, 'all'], { error: 'InvalidRequest' }).default('open'),
  limit: ZLimit(4),
  offset: ZOffset(),
});
export const ZMyBid = ZBid.extend({ title: z.object({ en: z.string(), fr: z.string() }), cover_img: z.string() });
export type TMyBid = z.infer<typeof ZMyBid>;
export const ZMyBidsData = z.object({ bids: z.array(ZMyBid), total: z.number().int(), base_url: z.string() });

/** POST /paintings/sale/:reference/accept and /paintings/bids/:reference/accept (bulletin-board mode only). */
/** Accepting an order (bulletin board): the parts, with the step-up of issue 26. */
export const ZAcceptRequest = z.strictObject({
  total_part: quantity,
  /** Issue 30: accepting an ask above the member's threshold carries the per-investment warning's consent. */
  risk_warning_consent: ZRiskWarningConsent.optional(),
  ...stepUpFields(),
});

export const ZTrade = z.object({
  reference: z.string(),
  painting_id: z.string(),
  quantity: z.number().int(),
  price_per_part: ZMoney,
  price_per_part_minor: z.number().int(),
  t: z.string(),
});

/** The result of placing or accepting an order: the order as it stands, and the trades it made now. */
export const ZBidPlaced = z.object({ bid: ZBid, trades: z.array(ZTrade) });
export type TBidPlaced = z.infer<typeof ZBidPlaced>;
export const ZAccepted = z.object({ trades: z.array(ZTrade) });
/**
 * POST /paintings/sale (issue 31): the listing as it stands and the trades the ask made at once against resting bids
 * (spec §7 answers only a message; the listing's fields were already there, `trades` is added beside them), so the
 * screen says "filled" or "partly filled" with what happened.
 */
export const ZSalePlaced = ZListing.extend({ trades: z.array(ZTrade) });
export type TSalePlaced = z.infer<typeof ZSalePlaced>;

export const MARKET_MODES = ['matching', 'bulletin_board'] as const;
export type MarketMode = (typeof MARKET_MODES)[number];

/** GET /paintings/order-book?painting_id= (public): the book aggregated by price level, the last trades. */
export const OPEN_ORDERS_SHOWN = 50;
export const ZOrderBookQuery = z.strictObject({ painting_id: paintingId });
export const ZPriceLevel = z.object({
  price_per_part: ZMoney,
  price_per_part_minor: z.number().int(),
  quantity: z.number().int(),
  orders: z.number().int(),
});
/** One resting order a member may accept in bulletin-board mode; nobody's identity, only what the order says. */
export const ZOpenOrder = z.object({
  reference: z.string(),
  price_per_part: ZMoney,
  price_per_part_minor: z.number().int(),
  quantity: z.number().int(),
  placed_at: z.string(),
});
export type TOpenOrder = z.infer<typeof ZOpenOrder>;

export const ZOrderBook = z.object({
  painting_id: z.string(),
  market: z.number().int(),
  mode: z.enum(MARKET_MODES),
  asks: z.array(ZPriceLevel),
  bids: z.array(ZPriceLevel),
  /**
   * Bulletin-board mode: each open ask and live bid on its own, best price then oldest first (at most
   * OPEN_ORDERS_SHOWN per side), so that a member can accept one. Empty in the matching mode.
   */
  open_asks: z.array(ZOpenOrder),
  open_bids: z.array(ZOpenOrder),
  last_trades: z.array(ZTrade),
  /** The work's part price: a reference, not binding (trades happen at the prices members set). */
  reference_price: ZMoney,
  reference_price_minor: z.number().int(),
  /** The prices an ask or a bid may carry now. */
  min_price_minor: z.number().int(),
  max_price_minor: z.number().int(),
  /**
   * Issue 31: the day's EUR→USD rate (decimal text, as the console enters it), null when none is known. A member who
   * displays dollars sees the book converted with it (`bookAmountIn`), the euro price it trades at beside it.
   */
  eur_usd_rate: z.string().nullable(),
});
export type TOrderBook = z.infer<typeof ZOrderBook>;

/** GET/PATCH /admin/market-settings: price bounds around the reference (whole percents) and the market mode. */
export const ZMarketSettings = z.object({
  min_percent: z.number().int(),
  max_percent: z.number().int(),
  mode: z.enum(MARKET_MODES),
});
export type TMarketSettings = z.infer<typeof ZMarketSettings>;
export const ZMarketSettingsRequest = z
  .strictObject({
    min_percent: z
      .number({ error: 'MarketBoundsInvalid' })
      .int({ error: 'MarketBoundsInvalid' })
      .min(1, { error: 'MarketBoundsInvalid' })
      .max(100, { error: 'MarketBoundsInvalid' }),
    max_percent: z
      .number({ error: 'MarketBoundsInvalid' })
      .int({ error: 'MarketBoundsInvalid' })
      .min(100, { error: 'MarketBoundsInvalid' })
      .max(1000, { error: 'MarketBoundsInvalid' }),
    mode: z.enum(MARKET_MODES, { error: 'InvalidRequest' }),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { error: 'NothingToUpdate' });
export type TMarketSettingsRequest = z.infer<typeof ZMarketSettingsRequest>;

import '../zod-config';
import { z } from 'zod';
import { CURRENCIES, FIRST_STATEMENT_YEAR, PAGE_SIZE } from '../constants';
import { safeText } from '../validation/fields';
import { ZCurrency, ZMoney } from './auth';
import { MARKET_TYPES, ZIndexPoint, ZLimit, ZOffset } from './catalogue';
import { ZLocalized } from './envelope';

/**
 * The member area's read side (spec §2 Portfolio, My parts, Market, History, Finance; §3 Holding, Portfolio
 * summary, Graph line, History rows, Finance rows; §7 `/member/*`; issue 6). Every amount is `{ value, curr }`
 * (finance rows: `{ value, currency }`) with `value` in major units for display, computed by the server from
 * integer minor units, in the asked display currency (`currency`, default the member's own).
 */

/** `currency=EURO|USD`; absent: the member's own currency. */
const displayCurrency = z.enum(CURRENCIES, { error: 'InvalidCurrency' }).optional();

export const ZMemberCurrencyQuery = z.strictObject({ currency: displayCurrency });
export const ZMemberPartsQuery = z.strictObject({
  limit: ZLimit(PAGE_SIZE.myParts),
  offset: ZOffset(),
  currency: displayCurrency,
});
export const ZMemberMarketQuery = z.strictObject({
  type: z.enum(MARKET_TYPES, { error: 'InvalidMarketType' }).default('primary'),
  limit: ZLimit(PAGE_SIZE.market),
  offset: ZOffset(),
  currency: displayCurrency,
});
export const ZMemberHistoryQuery = z.strictObject({
  limit: ZLimit(PAGE_SIZE.history),
  offset: ZOffset(),
  currency: displayCurrency,
});
export const ZMemberFinanceQuery = z.strictObject({
  limit: ZLimit(PAGE_SIZE.history),
  offset: ZOffset(),
  currency: displayCurrency,
});

export const HISTORY_TYPES = ['PURCHASE', 'SALE', 'DIVIDEND', 'ARTWORK'] as const;
export type HistoryType = (typeof HISTORY_TYPES)[number];
/** `{type}` of /member/history/{type} and /member/download/{type}: case-insensitive. */
export const ZHistoryTypeParams = z.strictObject({
  type: safeText()
    .max(20)
    .transform((value) => value.toUpperCase())
    .pipe(z.enum(HISTORY_TYPES, { error: 'InvalidRequest' })),
});

// ---------------------------------------------------------------- portfolio and parts

const minor = z.number().int();
const bps = z.number().int();

/**
 * The performance figures (issue 17 "True numbers"), integer minor units of the display currency and basis points:
 * see apps/api/src/modules/member/performance.ts for the method (FIFO cost basis, XIRR).
 */
const performanceFields = {
  /** What the parts still held cost (first in, first out), each purchase at the rate of its day. */
  cost_basis_minor: minor,
  /**
   * Parts held whose cost is unknown (issue 31: placed without a recorded purchase). When above zero, the cost basis
   * covers only the other parts and the screens say the cost is unknown instead of a gain in percent.
   */
  cost_unknown_parts: z.number().int(),
  /** Their value from each work's latest appraisal (at the part price for a work never appraised). */
  value_minor: minor,
  /** value − cost basis. */
  gain_minor: minor,
  /** gain ÷ cost basis, basis points (1234 = 12.34 %). */
  gain_bps: bps,
  /** Gains realised by the parts sold (proceeds − their FIFO cost). */
  realised_gain_minor: minor,
  /** Dividends received, each at the rate of its day. */
  dividends_minor: minor,
  /** Money-weighted annualised return (XIRR) in basis points; null under a year of history. */
  annualised_return_bps: bps.nullable(),
};

/** Spec §3 Portfolio summary. GET /member/portfolio answers an array of one (spec §7: "first element used"). */
export const ZPortfolioSummary = z.object({
  /** Parts held: in hand plus listed for sale (still the member's). */
  quantity: z.number().int(),
  /** Their value at each work's current part price. */
  total: ZMoney,
  /** Dividends received, all time. */
  dividend: ZMoney,
  /** Wallet balance (every wallet currency, converted at today's rate). */
  total_credit: ZMoney,
  currency: ZCurrency,
  ...performanceFields,
  /** Each work's share of the value, by work (basis points, half-even). */
  allocation: z.array(
    z.object({ painting_id: z.string(), title: ZLocalized, value_minor: minor, allocation_bps: bps }),
  ),
});
export const ZPortfolioData = z.array(ZPortfolioSummary);

export const ZPaintingRef = z.object({ id: z.string(), img: z.string(), title: ZLocalized });

/** Spec §3 Holding/portfolio row: one per work held (`_id` is the painting's id). */
export const ZHolding = z.object({
  _id: z.string(),
  painting: ZPaintingRef,
  part_price: ZMoney,
  /** The work's value change over its last year of history (as the catalogue computes it). */
  percentage: z.number(),
  /** Parts held (in hand + listed). */
  quantity: z.number().int(),
  /** quantity × part_price. */
  total: ZMoney,
  /** part_price × total parts of the work. */
  value_of_the_work: ZMoney,
  market: z.number().int(),
  /** Parts listed for sale (open listings). */
  listed: z.number().int(),
  /** Parts in hand by lot (what can still be listed: provisional parts are not counted in `primary`). */
  lots: z.object({ primary: z.number().int(), secondary: z.number().int() }),
  /**
   * Issue 30 (GET /member/parts/): parts of primary purchases still in their 4-day reflection period, provisional
   * (they may be revoked, and cannot be sold until it ends); counted in `quantity`.
   */
  provisional_parts: z.number().int().optional(),
  ...performanceFields,
  /** The date of the appraisal the value comes from; null when valued at the part price. */
  valued_on: z.string().nullable(),
  /** This work's share of the portfolio's value, basis points. */
  allocation_bps: bps,
});
export const ZPartsData = z.object({ getParts: z.array(ZHolding), total: z.number().int(), base_url: z.string() });

/**
 * Spec §3 Graph line: what the member's parts of a work were worth at the end of each year since their first
 * purchase of it; the current year's point is today's value.
 */
export const ZGraphLine = z.object({
  /** YYYY-12-31 of `year`; today (YYYY-MM-DD) for the current year. */
  date: z.string(),
  year: z.number().int(),
  prices: ZMoney,
  painting_title: ZLocalized,
  painting_id: z.string(),
});
export const ZGraphData = z.array(ZGraphLine);

/** GET /member/parts/primary: works in which the member holds parts bought on the primary market (sell drawer). */
export const ZPrimaryHolding = z.object({
  _id: z.string(),
  id: z.string(),
  title: ZLocalized,
  img: z.string(),
  market: z.number().int(),
  part_price: ZMoney,
  /** Parts in hand, by lot, and parts listed. */
  parts: z.object({ primary: z.number().int(), secondary: z.number().int(), listed: z.number().int() }),
  /** primary + secondary: what can be listed now. */
  quantity: z.number().int(),
});
export const ZPrimaryHoldingsData = z.object({ paintings: z.array(ZPrimaryHolding), base_url: z.string() });

// ---------------------------------------------------------------- market

/** One row of the member's market table (spec §2 Market). */
export const ZMemberMarketRow = z.object({
  _id: z.string(),
  id: z.string(),
  cover_img: z.string(),
  title: ZLocalized,
  year: z.number().int(),
  artist: z.object({ id: z.string(), name: z.string() }),
  /** 1 not buyable, 2 primary, 3 secondary. */
  market: z.number().int(),
  /** The artist's rating index by year (mini chart), in the asked currency. */
  artist_evolution: z.array(ZIndexPoint),
  /** Primary: the work's part price. Secondary: the lowest open listing's price (else the work's part price). */
  price_per_part: ZMoney,
  percentage: z.number(),
  /** Parts the member holds (in hand + listed). */
  part_quantity: z.number().int(),
  total_part: z.number().int(),
  sold_out_part: z.number().int(),
  /** Primary: total − sold. Secondary: what other members' open listings still offer. */
  available_part: z.number().int(),
  /** The work's price: part price × total parts. */
  total_price: ZMoney,
});
export const ZMemberMarketData = z.object({
  paintings: z.array(ZMemberMarketRow),
  total: z.number().int(),
  base_url: z.string(),
});

// ---------------------------------------------------------------- history (spec §3 History rows)

const historyBase = {
  reference_id: z.string(),
  painting_id: z.string(),
  painting_title: ZLocalized,
  /** Media key: URL = base_url + painting_img. */
  painting_img: z.string(),
  /** ISO 8601. */
  t: z.string(),
};

export const ZPurchaseHistoryRow = z.object({
  ...historyBase,
  part_price: ZMoney,
  quantity: z.number().int(),
  total_amount: ZMoney,
  type: z.literal('PURCHASE'),
  /** 2 bought on the primary market, 3 from members' listings. */
  market: z.number().int(),
  payment_method: z.string(),
  /**
   * Issue 31, one currency per screen: a purchase made at the book's price in euros (a trade the member bought in, a
   * listing paid in euros) carries those euros in minor units, shown beside `part_price` and `total_amount`.
   */
  book_part_price_minor: z.number().int().optional(),
  book_total_amount_minor: z.number().int().optional(),
  /** Issue 30: the key information document version the member acknowledged for this primary purchase. */
  key_information: z
    .object({ version: z.number().int(), content_hash: z.string(), acknowledged_at: z.string() })
    .nullable()
    .optional(),
});
export const ZSaleHistoryRow = z.object({
  ...historyBase,
  /** The listing the parts were taken from (reference_id is the buyer's purchase). */
  listing_reference: z.string(),
  part_price: ZMoney,
  part_sold: z.number().int(),
  selling_amount: ZMoney,
  /**
   * Issue 31, one currency per screen: the euros the parts traded at in the book (a trade's price, a listing's), in
   * minor units, shown beside `part_price` and `selling_amount` (the display currency at the rate of the sale's day).
   */
  book_part_price_minor: z.number().int(),
  book_selling_amount_minor: z.number().int(),
  type: z.literal('SALE'),
});
export const ZDividendHistoryRow = z.object({
  ...historyBase,
  year: z.number().int(),
  owner_parts: z.number().int(),
  amount: ZMoney,
  type: z.literal('DIVIDEND'),
});
export const ZArtworkEvent = z.object({
  reference_id: z.string(),
  /** EXIT: the work was sold by an exit vote (issue 17) and the member's parts paid out. */
  type: z.enum(['PURCHASE', 'SALE', 'DIVIDEND', 'EXIT']),
  /** Dividends and exits: the amount per part held (rounded half-even to the cent). */
  part_price: ZMoney,
  part_quantity: z.number().int(),
  full_amount: ZMoney,
  t: z.string(),
  /** EXIT only: what the member's parts had cost them, and the realised return (proceeds − cost). */
  cost_basis: ZMoney.optional(),
  realised_return: ZMoney.optional(),
  /** SALE only (issue 31): the book's euros the parts sold at, in minor units, shown beside the display amounts. */
  book_part_price_minor: z.number().int().optional(),
  book_full_amount_minor: z.number().int().optional(),
});
export const ZArtworkHistoryRow = z.object({
  painting_id: z.string(),
  painting_title: ZLocalized,
  painting_img: z.string(),
  /** Newest first. */
  salePurchase: z.array(ZArtworkEvent),
});

const paged = { total: z.number().int(), base_url: z.string() };
export const ZHistoryData = z.union([
  z.object({ purchaseHistory: z.array(ZPurchaseHistoryRow), ...paged }),
  z.object({ saleHistory: z.array(ZSaleHistoryRow), ...paged }),
  z.object({ dividendHistory: z.array(ZDividendHistoryRow), ...paged }),
  z.object({ artworkHistory: z.array(ZArtworkHistoryRow), ...paged }),
]);

/** GET /member/download/{type}: signed links to the statement, valid `expires_in` seconds, no token needed. */
export const ZDownloadData = z.object({
  base_url: z.string(),
  /** The PDF statement. */
  download_url: z.string(),
  csv_url: z.string(),
  /** ISO 8601. */
  expires_at: z.string(),
});

export { FIRST_STATEMENT_YEAR };

/**
 * GET /member/download/yearly/{year}: a calendar year from FIRST_STATEMENT_YEAR to the current one (the current
 * year's statement covers the year so far).
 */
export const ZYearlyStatementParams = z.strictObject({
  year: safeText({ error: 'InvalidYear' })
    .regex(/^\d{4}$/, { error: 'InvalidYear' })
    .transform(Number)
    .refine((year) => year >= FIRST_STATEMENT_YEAR && year <= new Date().getUTCFullYear(), { error: 'InvalidYear' }),
});

/** Query of GET /member/statements/{type}.{csv|pdf}: read leniently, every check is the signature's. */
export const ZStatementQuery = z.object({
  /** The statement's id (the job rendering it). */
  s: safeText().max(64).optional(),
  u: safeText().max(64).optional(),
  e: safeText().max(20).optional(),
  currency: safeText().max(8).optional(),
  lang: safeText().max(4).optional(),
  token: safeText().max(128).optional(),
});
export const ZStatementParams = z.object({ file: safeText().max(40) });

// ---------------------------------------------------------------- finance (spec §3 Finance rows)

/**
 * Finance row `type`: 1 purchase, 2 sale (secondary-market proceeds), 3 dividend, 4 withdrawal (requested),
 * 5 other wallet movement (a rejected withdrawal returned, a late payment credited, an adjustment), 6 a deposit by
 * bank transfer, 7 a top-up by card or PayPal (its `payment_method` says which; issue 31).
 */
export const FINANCE_TYPES = {
  purchase: 1,
  sale: 2,
  dividend: 3,
  withdrawal: 4,
  other: 5,
  deposit: 6,
  topUp: 7,
} as const;
export const ZFinanceRow = z.object({
  reference_id: z.string(),
  t: z.string(),
  type: z.number().int(),
  /** paypal | card | smart_amount (the wallet) | bank (withdrawals) | bank_transfer (deposits). */
  payment_method: z.string(),
  /** Always positive; `direction` says which way the money went for the member. */
  total_amount: z.object({ value: z.number(), currency: ZCurrency }),
  direction: z.enum(['in', 'out']),
  /** Issue 31: the work a purchase, a sale of parts or a dividend is about ("Sale of parts of <work>"), else null. */
  work: z.object({ en: z.string(), fr: z.string() }).nullable(),
});
export const ZFinanceData = z.object({ purchaseHistory: z.array(ZFinanceRow), total: z.number().int() });

import '../zod-config';
import { z } from 'zod';
import { CURRENCIES, DEFAULT_CURRENCY, LANGUAGES, PAGINATION_LIMIT_MAX } from '../constants';
import { captchaField, emailField, formTokenField, requiredString, safeText } from '../validation/fields';
import { ZLanguage, ZMoney } from './auth';
import { ZLocalized } from './envelope';

/**
 * The catalogue and public site (spec §2, §3, §7; issue 4): every query, body and `data` shape of
 * /artists*, /paintings*, /content*, /contact/ and /newsletter/*. Amounts are `{ value, curr }` with
 * `value` in major units for display only; the server computes them from integer minor units.
 */

// ---------------------------------------------------------------- queries

export { PAGINATION_LIMIT_MAX };
export const PAGINATION_OFFSET_MAX = 100_000;

/** A whole number sent as query text: digits only, within bounds; anything else is 'InvalidPagination'. */
const queryInteger = (min: number, max: number, fallback: number) =>
  safeText({ error: 'InvalidPagination' })
    .regex(/^\d{1,7}$/, { error: 'InvalidPagination' })
    .transform(Number)
    .pipe(z.number().int().min(min, { error: 'InvalidPagination' }).max(max, { error: 'InvalidPagination' }))
    .optional()
    .transform((value) => value ?? fallback);

export const ZLimit = (fallback = 6) => queryInteger(1, PAGINATION_LIMIT_MAX, fallback);
export const ZOffset = () => queryInteger(0, PAGINATION_OFFSET_MAX, 0);
/** currency=EURO|USD, USD by default (spec §1). */
const currencyQuery = z.enum(CURRENCIES, { error: 'InvalidCurrency' }).default(DEFAULT_CURRENCY);
const idQuery = safeText({ error: 'InvalidRequest' }).min(1, { error: 'InvalidRequest' }).max(100);

export const ZArtistsQuery = z.strictObject({ limit: ZLimit(), offset: ZOffset(), currency: currencyQuery });
export const ZArtistDetailQuery = z.strictObject({ artistId: idQuery, currency: currencyQuery });
export const MARKET_TYPES = ['primary', 'secondary'] as const;
export const ZPaintingsQuery = z.strictObject({
  type: z.enum(MARKET_TYPES, { error: 'InvalidMarketType' }).default('primary'),
  limit: ZLimit(),
  offset: ZOffset(),
  currency: currencyQuery,
});
export const ZPaintingDetailQuery = z.strictObject({ painting_id: idQuery, currency: currencyQuery });
export const ZGalleriesQuery = z.strictObject({ limit: ZLimit(12), offset: ZOffset() });
export const ZHomeQuery = z.strictObject({ currency: currencyQuery });

export const CONTENT_TYPES = [
  'about',
  'presentation',
  'collaborators',
  'partners',
  'board',
  'press',
  'faqs',
  'terms',
  'privacy-policy',
  'lexique',
  'cookies',
  'devigulation',
  'coverage',
  'risks',
] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];
export const ZContentQuery = z.strictObject({ type: z.enum(CONTENT_TYPES, { error: 'InvalidContentType' }) });

// ---------------------------------------------------------------- shapes

export const ZLifeDates = z.object({ date_of_birth: z.string().nullable(), date_of_death: z.string().nullable() });
export const ZIndexPoint = z.object({ year: z.number().int(), value: z.number() });

/** A painting as spec §3 describes it. `_id` and `id` are the same identifier. Image URL = base_url + key. */
export const ZPainting = z.object({
  _id: z.string(),
  id: z.string(),
  cover_img: z.string(),
  images: z.array(z.string()),
  title: ZLocalized,
  description: ZLocalized,
  year: z.number().int(),
  painting_type_en: z.string(),
  painting_type_fr: z.string(),
  /** Centimetres. */
  dimension: z.object({ width: z.number().int(), height: z.number().int() }),
  /**
   * 1 not buyable, 2 primary market, 3 secondary market (the spec's values). A sold work (exit, issue 15) reads as 1
   * here (shown, not buyable) and as `market_state: 'sold'` on the detail; drafts are never public.
   */
  market: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  price_per_part: ZMoney,
  /** price_per_part × 9 (spec §1). */
  price_per_cm2: ZMoney,
  painting_price: ZMoney,
  total_part: z.number().int(),
  sold_out_part: z.number().int(),
  /** Change of the work's value over its last year of history, percent with 2 decimals. */
  percentage: z.number(),
  /** sold / total × 100, rounded (spec §9). */
  progress: z.number(),
  /** (total − sold) / total × 100, 2 decimals (spec §9). */
  availability: z.number(),
  artist: z.object({ id: z.string(), name: z.string(), life_dates: ZLifeDates }),
  /**
   * Issue 17, secondary-market works only (null otherwise): the parts members offer now, the cheapest ask and the
   * last trade's price (null when none), in the asked currency.
   */
  secondary_market: z
    .object({ parts_offered: z.number().int(), best_ask: ZMoney.nullable(), last_trade: ZMoney.nullable() })
    .nullish(),
});
export type TPainting = z.infer<typeof ZPainting>;

// In constants (no zod there), so that a page listing documents does not load the schemas (issue 14).
export { DOCUMENT_KINDS, type DocumentKind } from '../constants';
/** client_pdf_en, client_pdf_fr, … notice_fr: a full URL, or null when the document does not exist. */
export const ZPaintingDocuments = z.record(z.string(), z.string().nullable());

/** An appraisal of a work: its value in its own currency, date, appraiser and method. */
export const ZAppraisal = z.object({
  value_minor: z.number().int(),
  currency: z.enum(CURRENCIES),
  /** ISO date (YYYY-MM-DD). */
  valued_on: z.string(),
  appraiser: z.string(),
  /** How the value was reached, as the appraiser wrote it, in each language (the page shows the reader's). */
  method: ZLocalized,
});
export type TAppraisal = z.infer<typeof ZAppraisal>;

export const ZPaintingDetail = ZPainting.extend({
  evolution_list: z.array(z.object({ _id: z.number().int(), totalValue: z.number() })),
  artist_evolution: z.array(ZIndexPoint),
  investors_count: z.number().int(),
  countries_count: z.number().int(),
  documents: ZPaintingDocuments,
  // Issue 15: the market state by name, the opening of the primary sale, the fees and facts of the work, and its
  // latest appraisal. Money in EUR minor units (`*_minor`); null where the operators have not set it.
  market_state: z.enum(['shown', 'primary', 'secondary', 'sold']),
  /** When the primary sale opens (ISO date-time); purchases before it are refused. Null: open now (or not on sale). */
  opens_at: z.string().nullable(),
  entry_fee_minor: z.number().int().nullable(),
  storage_cost_yearly_minor: z.number().int().nullable(),
  insurance_cost_yearly_minor: z.number().int().nullable(),
  exit_fee_minor: z.number().int().nullable(),
  /** Exit share of the sale price, basis points (250 = 2.5 %). */
  exit_share_bps: z.number().int().nullable(),
  custody_place: ZLocalized.nullable(),
  insurer: z.string().nullable(),
  target_holding_years: z.number().int().nullable(),
  latest_valuation: ZAppraisal.nullable(),
  /**
   * Issue 17, the work's investment case: its current appraisals (corrections replace what they correct), latest
   * first, at most 20. `entry_fee_minor` is the platform's fee included in the price of each part (EUR minor units).
   */
  appraisals: z.array(ZAppraisal),
  /**
   * Issue 31: an exit vote under way on the work (its co-owners vote on an offer to buy it whole), shown on its page
   * to holders and visitors; null when there is none. Amounts in the offer's currency, minor units; the appraisal is
   * the latest one when the offer was recorded (null: never appraised). Trading stays open meanwhile (decision 262).
   */
  exit_vote: z
    .object({
      offer_minor: z.number().int(),
      currency: z.enum(CURRENCIES),
      appraisal_minor: z.number().int().nullable(),
      vote_closes_at: z.string(),
      quorum_bps: z.number().int(),
      majority_bps: z.number().int(),
    })
    .nullable(),
});
export type TPaintingDetail = z.infer<typeof ZPaintingDetail>;

export const ZPaintingsData = z.object({
  paintings: z.array(ZPainting),
  total: z.number().int(),
  base_url: z.string(),
});
export const ZPaintingDetailData = z.object({ paintings: ZPaintingDetail, base_url: z.string() });

export const ZArtist = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  img: z.string().nullable(),
  life_dates: ZLifeDates,
  /** Latest rating index (base 100 in 2000), computed from EUR or USD prices. */
  ic_artist_euro: z.number(),
  ic_artist_usd: z.number(),
  /** The record auction price in the asked currency (one item). */
  all_time_record_price: z.array(ZMoney),
  paintings_count: z.number().int(),
});
export type TArtist = z.infer<typeof ZArtist>;

export const ZArtistDetail = ZArtist.extend({
  bio: ZLocalized,
  /** The rating index in the asked currency, by year. */
  evolution: z.array(ZIndexPoint),
  turnover: z.array(z.object({ year: z.number().int(), value: ZMoney })),
  lots: z.array(z.object({ year: z.number().int(), sold: z.number().int(), unsold: z.number().int() })),
  paintings: z.array(ZPainting),
});

export const ZArtistsData = z.object({ artists: z.array(ZArtist), total: z.number().int(), base_url: z.string() });
export const ZArtistDetailData = z.object({ artist: ZArtistDetail, base_url: z.string() });

/** Header ticker (spec §2, §3): the artist's price per part (average price per cm² of the latest year ÷ 9). */
export const ZTickerKpi = z.object({
  artist_id: z.string(),
  artist_name: z.string(),
  value_euro: z.number(),
  value_usd: z.number(),
  /** The change from the artist's previous year of record, in EUR (spec §3). */
  percentage: z.number(),
  direction: z.enum(['up', 'down']),
  /** The same change in USD, each year's quote at that year's rate (as the artist's chart in dollars; issue 17). */
  percentage_usd: z.number(),
  direction_usd: z.enum(['up', 'down']),
  /**
   * The year the change is measured from: the artist's previous year of record, which need not be the year before
   * the latest (issue 31); null when only one year is known (no change to give).
   */
  since_year: z.number().int().nullable(),
});
export const ZKpisData = z.object({ kpis: z.array(ZTickerKpi) });

// ---------------------------------------------------------------- content

/** Editorial content is a list of blocks, so pages render without HTML from the database. */
export const ZContentBlock = z.discriminatedUnion('type', [
  z.object({ type: z.literal('heading'), text: z.string() }),
  z.object({ type: z.literal('paragraph'), text: z.string() }),
  z.object({ type: z.literal('list'), items: z.array(z.string()) }),
  z.object({ type: z.literal('qa'), question: z.string(), answer: z.string() }),
  z.object({ type: z.literal('person'), name: z.string(), role: z.string(), text: z.string().optional() }),
  z.object({ type: z.literal('link'), label: z.string(), href: z.string(), text: z.string().optional() }),
]);
export type TContentBlock = z.infer<typeof ZContentBlock>;

export const ZContentPage = z.object({
  type: z.enum(CONTENT_TYPES),
  title: ZLocalized,
  body: z.object({ en: z.array(ZContentBlock), fr: z.array(ZContentBlock) }),
  updated_at: z.string(),
});

export const ZSocialLinks = z.object({
  youtube: z.string(),
  linkedin: z.string(),
  instagram: z.string(),
  facebook: z.string(),
  twitter: z.string(),
});
export const ZWeexDocs = z.object({
  structure: z.string(),
  controle: z.string(),
  security: z.string(),
  coverage: z.string(),
  coverage_en: z.string(),
});
export const ZFooterData = z.object({
  base_url: z.string(),
  weexDocs: ZWeexDocs,
  siteSettings: z.object({ social_media_links: ZSocialLinks, registration_number: z.string() }),
});

export const ZHomeData = z.object({
  base_url: z.string(),
  /** Members with a verified email, and the distinct countries they come from. */
  boxes: z.object({ countries: z.number().int(), individuals: z.number().int() }),
  featured: z.array(ZPainting),
  statistics: z.object({
    artists: z.number().int(),
    paintings: z.number().int(),
    /** Auction turnover of the catalogue's artists, by year, in the asked currency. */
    turnover: z.array(z.object({ year: z.number().int(), value: ZMoney })),
    lots: z.array(z.object({ year: z.number().int(), sold: z.number().int(), unsold: z.number().int() })),
  }),
});

export const ZGallery = z.object({ _id: z.string(), title: ZLocalized, image: z.string(), position: z.number().int() });
export const ZGalleriesData = z.object({ galleries: z.array(ZGallery), total: z.number().int(), base_url: z.string() });

// ---------------------------------------------------------------- contact and newsletter

const contactText = (blank: Parameters<typeof requiredString>[0], max: number, multiline = false) =>
  requiredString(blank, { multiline })
    .refine((value) => value.trim().length > 0, { error: blank })
    .refine((value) => value.length <= max, { error: 'ContactFieldTooLong' });

/** The contact message (spec §3 Contact message, §5: every field required with its own message). */
export const ZContactMessage = z.strictObject({
  first_name: contactText('ContactFirstNameRequired', 100),
  last_name: contactText('ContactLastNameRequired', 100),
  email: emailField('ContactEmailRequired'),
  phone: contactText('ContactPhoneRequired', 30),
  object: contactText('ContactObjectRequired', 200),
  message: contactText('ContactMessageRequired', 5000, true),
});
export type TContactMessage = z.input<typeof ZContactMessage>;
/**
 * POST /contact/: the message and the captcha the page's script solved, or, from /contact sent without JavaScript,
 * the signed token of that page (decision 476). The server asks for one of the two (400 'CaptchaRequired').
 */
export const ZContactRequest = ZContactMessage.extend({
  captcha: captchaField().optional(),
  form_token: formTokenField().optional(),
});
export type TContactRequest = z.input<typeof ZContactRequest>;

/** The newsletter sign-up form; the request adds the captcha the page solved. */
export const ZNewsletterSignupForm = z.strictObject({
  email: emailField('RequiredField'),
  lang: ZLanguage.optional().default(LANGUAGES[0]),
});
/**
 * The sign-up as sent: the captcha a page's script solved, or, from a page read without JavaScript, the signed token
 * of the form's confirmation step (decision 465). The server asks for one of the two (400 'CaptchaRequired').
 */
export const ZNewsletterSubscribeRequest = ZNewsletterSignupForm.extend({
  captcha: captchaField().optional(),
  form_token: formTokenField().optional(),
});
const tokenField = safeText({ error: 'NewsletterTokenInvalid' }).min(16, { error: 'NewsletterTokenInvalid' }).max(200);
export const ZNewsletterConfirmQuery = z.strictObject({ token: tokenField });
export const ZNewsletterUnsubscribeRequest = z.strictObject({ token: tokenField, email: safeText().optional() });

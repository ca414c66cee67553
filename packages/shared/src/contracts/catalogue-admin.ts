import '../zod-config';
import { z } from 'zod';
import { CURRENCIES, DOCUMENT_KINDS, LANGUAGES } from '../constants';
import { MARKET_STATES } from '../market';
import { multilineText, requiredString, safeText } from '../validation/fields';
import { ADMIN_SORTS, sortParams } from './admin';
import { ZLimit, ZOffset } from './catalogue';

/**
 * The Catalogue section of the operator console (issue 15): artists and their yearly auction figures, works, their
 * fees and facts, images and documents, valuations, market transitions and exchange rates, under /api/admin. Money
 * is integer minor units (`*_minor`), EUR unless a currency is named.
 */

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (error: 'InvalidDate' | 'RequiredField' = 'InvalidDate') =>
  safeText({ error })
    .regex(ISO_DAY, { error: 'InvalidDate' })
    .refine(
      (value) =>
        !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
        new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
      {
        error: 'InvalidDate',
      },
    );
const minor = () =>
  z
    .number({ error: 'InvalidAmount' })
    .int({ error: 'InvalidAmount' })
    .min(0, { error: 'InvalidAmount' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'InvalidAmount' });
const positiveMinor = () => minor().min(1, { error: 'InvalidAmount' });
const count = () =>
  z
    .number({ error: 'InvalidRequest' })
    .int({ error: 'InvalidRequest' })
    .min(0, { error: 'InvalidRequest' })
    .max(10_000_000);
const line = (max: number) => requiredString().max(max, { error: 'TextTooLong' });
const text = (max: number) =>
  multilineText({ error: 'RequiredField' })
    .trim()
    .min(1, { error: 'RequiredField' })
    .max(max, { error: 'TextTooLong' });
const search = safeText({ error: 'InvalidRequest' }).trim().max(100, { error: 'InvalidRequest' }).optional();

export const ZYearParams = z.strictObject({
  id: safeText().uuid({ error: 'NotFound' }),
  year: safeText({ error: 'InvalidYear' })
    .regex(/^\d{4}$/, { error: 'InvalidYear' })
    .transform(Number)
    .pipe(z.number().int().min(1800, { error: 'InvalidYear' }).max(2200, { error: 'InvalidYear' })),
});

// ---------------------------------------------------------------- artists

export const ZAdminArtistsQuery = z.strictObject({
  limit: ZLimit(20),
  offset: ZOffset(),
  q: search,
  ...sortParams(ADMIN_SORTS.artists, 'name', 'asc'),
});

export const ZArtistInput = z.strictObject({
  name: line(200),
  date_of_birth: day().nullable().optional(),
  date_of_death: day().nullable().optional(),
  bio_en: text(20_000),
  bio_fr: text(20_000),
  /** The all-time record auction price, EUR minor units. */
  record_price_minor: positiveMinor().nullable().optional(),
});
export const ZArtistPatch = ZArtistInput.partial().refine((body) => Object.keys(body).length > 0, {
  error: 'NothingToUpdate',
});
export type TArtistInput = z.infer<typeof ZArtistInput>;

/** One year of auction figures (EUR minor units). The rating index is computed from `avg_price_cm2_minor`. */
export const ZArtistYearInput = z.strictObject({
  turnover_minor: minor(),
  lots_sold: count(),
  lots_unsold: count(),
  avg_price_cm2_minor: positiveMinor(),
  record_price_minor: positiveMinor().nullable().optional(),
});

export const ZAdminArtistYear = z.object({
  year: z.number().int(),
  turnover_minor: z.number().int(),
  lots_sold: z.number().int(),
  lots_unsold: z.number().int(),
  avg_price_cm2_minor: z.number().int(),
  record_price_minor: z.number().int().nullable(),
  /** The rating index of that year (base 100 in 2000), from EUR prices. */
  index_euro: z.number().nullable(),
});

export const ZAdminArtist = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  date_of_birth: z.string().nullable(),
  date_of_death: z.string().nullable(),
  bio_en: z.string(),
  bio_fr: z.string(),
  img: z.string().nullable(),
  record_price_minor: z.number().int().nullable(),
  paintings_count: z.number().int(),
  created_at: z.string(),
});
export const ZAdminArtists = z.object({ artists: z.array(ZAdminArtist), total: z.number().int() });
export const ZAdminArtistDetail = ZAdminArtist.extend({
  years: z.array(ZAdminArtistYear),
  /** The latest rating index (base 100 in 2000), EUR, as the public pages show it. */
  ic_artist_euro: z.number(),
});

// ---------------------------------------------------------------- works

export const ZMarketState = z.enum(MARKET_STATES, { error: 'InvalidMarketState' });

export const ZAdminPaintingsQuery = z.strictObject({
  limit: ZLimit(20),
  offset: ZOffset(),
  market: ZMarketState.optional(),
  q: search,
  artist_id: safeText().uuid({ error: 'InvalidRequest' }).optional(),
  ...sortParams(ADMIN_SORTS.paintings, 'created_at', 'desc'),
});

const dimension = () =>
  z
    .number({ error: 'InvalidDimensions' })
    .int({ error: 'InvalidDimensions' })
    .min(1, { error: 'InvalidDimensions' })
    .max(10_000, { error: 'InvalidDimensions' });

export const ZPaintingInput = z.strictObject({
  artist_id: safeText({ error: 'ArtistNotFound' }).uuid({ error: 'ArtistNotFound' }),
  title_en: line(300),
  title_fr: line(300),
  description_en: text(20_000),
  description_fr: text(20_000),
  type_en: line(200),
  type_fr: line(200),
  year: z
    .number({ error: 'InvalidYear' })
    .int({ error: 'InvalidYear' })
    .min(1000, { error: 'InvalidYear' })
    .max(2200, { error: 'InvalidYear' }),
  width_cm: dimension(),
  height_cm: dimension(),
  price_per_part_minor: positiveMinor(),
  /** Printed on every certificate of the work in place of the standard clause (it fits the band: 600 characters). */
  certificate_wording_en: text(600).optional(),
  certificate_wording_fr: text(600).optional(),
  entry_fee_minor: minor().nullable().optional(),
  storage_cost_yearly_minor: minor().nullable().optional(),
  insurance_cost_yearly_minor: minor().nullable().optional(),
  exit_fee_minor: minor().nullable().optional(),
  /** A share of the sale price at exit, basis points (250 = 2.5 %). */
  exit_share_bps: z
    .number({ error: 'InvalidRequest' })
    .int({ error: 'InvalidRequest' })
    .min(0, { error: 'InvalidRequest' })
    .max(10_000, { error: 'InvalidRequest' })
    .nullable()
    .optional(),
  custody_place_en: line(300).nullable().optional(),
  custody_place_fr: line(300).nullable().optional(),
  insurer: line(300).nullable().optional(),
  target_holding_years: z
    .number({ error: 'InvalidRequest' })
    .int({ error: 'InvalidRequest' })
    .min(1, { error: 'InvalidRequest' })
    .max(100, { error: 'InvalidRequest' })
    .nullable()
    .optional(),
});
export const ZPaintingPatch = ZPaintingInput.partial().refine((body) => Object.keys(body).length > 0, {
  error: 'NothingToUpdate',
});
export type TPaintingInput = z.infer<typeof ZPaintingInput>;

export const ZAdminPainting = z.object({
  id: z.string(),
  slug: z.string(),
  artist_id: z.string(),
  artist_name: z.string(),
  title_en: z.string(),
  title_fr: z.string(),
  description_en: z.string(),
  description_fr: z.string(),
  type_en: z.string(),
  type_fr: z.string(),
  year: z.number().int(),
  width_cm: z.number().int(),
  height_cm: z.number().int(),
  total_parts: z.number().int(),
  sold_parts: z.number().int(),
  price_per_part_minor: z.number().int(),
  market: ZMarketState,
  opens_at: z.string().nullable(),
  cover_img: z.string().nullable(),
  images: z.array(z.string()),
  certificate_wording_en: z.string(),
  certificate_wording_fr: z.string(),
  entry_fee_minor: z.number().int().nullable(),
  storage_cost_yearly_minor: z.number().int().nullable(),
  insurance_cost_yearly_minor: z.number().int().nullable(),
  exit_fee_minor: z.number().int().nullable(),
  exit_share_bps: z.number().int().nullable(),
  custody_place_en: z.string().nullable(),
  custody_place_fr: z.string().nullable(),
  insurer: z.string().nullable(),
  target_holding_years: z.number().int().nullable(),
  created_at: z.string(),
});
export const ZAdminPaintings = z.object({ paintings: z.array(ZAdminPainting), total: z.number().int() });
export const ZAdminPaintingDetail = ZAdminPainting.extend({
  /** Storage key per `<kind>_<lang>`, null when missing. */
  documents: z.record(z.string(), z.string().nullable()),
  /** What a move to the primary market still lacks (message keys), empty when it may open. */
  missing_for_sale: z.array(z.string()),
  /** The facts the market steps are decided on: the console lists each step's conditions from them (marketStepChecks). */
  market_facts: z.object({
    has_cover: z.boolean(),
    documents: z.number().int(),
    has_valuation: z.boolean(),
    certificate_wording_en: z.string(),
    certificate_wording_fr: z.string(),
    sold_parts: z.number().int(),
    open_listings: z.number().int(),
  }),
});

export const ZDocumentParams = z.strictObject({
  id: safeText().uuid({ error: 'NotFound' }),
  kind: z.enum(DOCUMENT_KINDS, { error: 'InvalidDocumentKind' }),
  lang: z.enum(LANGUAGES, { error: 'InvalidDocumentKind' }),
});
export const ZImageParams = z.strictObject({
  id: safeText().uuid({ error: 'NotFound' }),
  index: safeText({ error: 'NotFound' })
    .regex(/^\d{1,2}$/, { error: 'NotFound' })
    .transform(Number),
});

// ---------------------------------------------------------------- valuations

export const ZValuationInput = z.strictObject({
  valued_on: day('RequiredField'),
  value_minor: positiveMinor(),
  currency: z.enum(CURRENCIES, { error: 'InvalidCurrency' }).default('EURO'),
  appraiser: line(300),
  /** How the value was reached, in both languages: the public page shows it in the reader's (issue 32). */
  method_en: text(2_000),
  method_fr: text(2_000),
  /** A key answered by POST /admin/paintings/:id/valuation-documents for this work. */
  document_key: safeText({ error: 'InvalidRequest' }).max(200).nullable().optional(),
});
export type TValuationInput = z.infer<typeof ZValuationInput>;

export const ZAdminValuation = z.object({
  id: z.string(),
  painting_id: z.string(),
  valued_on: z.string(),
  value_minor: z.number().int(),
  currency: z.enum(CURRENCIES),
  appraiser: z.string(),
  method_en: z.string(),
  method_fr: z.string(),
  document_key: z.string().nullable(),
  supersedes_id: z.string().nullable(),
  /** Set when a later correction replaced this appraisal. */
  superseded_by: z.string().nullable(),
  created_by: z.string(),
  created_at: z.string(),
});
export const ZAdminValuations = z.object({ valuations: z.array(ZAdminValuation) });
export const ZUploadedKey = z.object({ key: z.string() });

// ---------------------------------------------------------------- market transitions

export const ZMarketTransition = z.strictObject({
  to: ZMarketState,
  /** Primary sale only: when purchases open (ISO date-time with offset). Omitted: open at once. */
  opens_at: z.iso.datetime({ offset: true, error: 'InvalidDate' }).nullable().optional(),
});

// ---------------------------------------------------------------- exchange rates

export const ZRateParams = z.strictObject({ day: day() });
export const ZRateInput = z.strictObject({
  /** 1 EUR in USD, as decimal text with up to 6 decimals ("1.0842"). */
  rate: safeText({ error: 'InvalidRate' })
    .regex(/^(?:0|[1-9]\d{0,3})\.\d{1,6}$|^[1-9]\d{0,3}$/, { error: 'InvalidRate' })
    .refine((value) => Number(value) > 0, { error: 'InvalidRate' }),
});
export const ZAdminRate = z.object({
  day: z.string(),
  base: z.enum(CURRENCIES),
  quote: z.enum(CURRENCIES),
  rate: z.string(),
  source: z.string(),
});
export const ZAdminRates = z.object({ rates: z.array(ZAdminRate), total: z.number().int() });
export const ZAdminRatesQuery = z.strictObject({
  limit: ZLimit(20),
  offset: ZOffset(),
  ...sortParams(ADMIN_SORTS.rates, 'day', 'desc'),
});

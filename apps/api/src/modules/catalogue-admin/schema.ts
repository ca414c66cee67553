import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, currencyEnum, languageEnum } from '../../db/columns';
import { users } from '../account/schema';

/**
 * The catalogue: artists, works, their documents and valuations (written by the console; `paintings.market` and
 * `sold_parts` by modules/market). Owned by modules/catalogue-admin: only its files write these tables (issue 28,
 * decision 416). Re-exported by db/schema.ts; drizzle-kit reads this file (drizzle.config.ts).
 */

export const artists = pgTable(
  'artists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stable text identifier (the seed uses it to stay idempotent). */
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    birthDate: date('birth_date', { mode: 'string' }),
    deathDate: date('death_date', { mode: 'string' }),
    bioEn: text('bio_en').notNull(),
    bioFr: text('bio_fr').notNull(),
    /** Storage key of the portrait or emblematic work, served under /media/. */
    imageKey: text('image_key'),
    /** All-time record auction price, in minor units of its own currency. */
    recordPriceMinor: bigint('record_price_minor', { mode: 'number' }),
    recordPriceCurrency: currencyEnum('record_price_currency').notNull().default('EURO'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('artists_slug_unique').on(table.slug), index('artists_name_id_idx').on(table.name, table.id)],
);

/** One row per artist and year: the auction data the rating index IC and the artist charts are computed from. */
export const artistYearlyStats = pgTable(
  'artist_yearly_stats',
  {
    artistId: uuid('artist_id')
      .notNull()
      .references(() => artists.id),
    year: integer('year').notNull(),
    /** Auction turnover of the year, EUR minor units. */
    turnoverMinor: bigint('turnover_minor', { mode: 'number' }).notNull(),
    lotsSold: integer('lots_sold').notNull(),
    lotsUnsold: integer('lots_unsold').notNull(),
    /** Average hammer price per cm², EUR minor units. */
    avgPriceCm2Minor: bigint('avg_price_cm2_minor', { mode: 'number' }).notNull(),
    /** The year's record auction price, EUR minor units (issue 15; null when not known). */
    recordPriceMinor: bigint('record_price_minor', { mode: 'number' }),
  },
  (table) => [
    uniqueIndex('artist_yearly_stats_artist_year_unique').on(table.artistId, table.year),
    check(
      'artist_yearly_stats_positive',
      sql`${table.avgPriceCm2Minor} > 0 AND ${table.lotsSold} >= 0 AND ${table.lotsUnsold} >= 0`,
    ),
  ],
);

export const paintings = pgTable(
  'paintings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    artistId: uuid('artist_id')
      .notNull()
      .references(() => artists.id),
    titleEn: text('title_en').notNull(),
    titleFr: text('title_fr').notNull(),
    descriptionEn: text('description_en').notNull(),
    descriptionFr: text('description_fr').notNull(),
    typeEn: text('type_en').notNull(),
    typeFr: text('type_fr').notNull(),
    year: integer('year').notNull(),
    widthCm: integer('width_cm').notNull(),
    heightCm: integer('height_cm').notNull(),
    /**
     * The market state (MARKET in @parcelle/shared): 0 = draft (never public), 1 = shown, not buyable, 2 = primary
     * market, 3 = secondary market (spec §3), 4 = sold (exit). Changed only by the guarded transitions (issue 15).
     */
    market: smallint('market').notNull(),
    /** When the primary sale opens (market 2): purchases before it are refused. Null: open as soon as in market 2. */
    opensAt: timestamp('opens_at', { withTimezone: true }),
    /** Price of one part, EUR minor units (the base currency). */
    pricePerPartMinor: bigint('price_per_part_minor', { mode: 'number' }).notNull(),
    totalParts: integer('total_parts').notNull(),
    soldParts: integer('sold_parts').notNull().default(0),
    /** Empty only while a draft has no cover yet (publishing needs one). */
    coverKey: text('cover_key').notNull().default(''),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    /** The co-ownership certificate wording of this work (issue 15), shown on every certificate of it. */
    certificateWordingEn: text('certificate_wording_en').notNull().default(''),
    certificateWordingFr: text('certificate_wording_fr').notNull().default(''),
    /**
     * Fees and facts shown to members (issue 15). Money in EUR minor units; null when not set. The entry fee is the
     * platform's share included in the price of each part (issue 17), so never above it.
     */
    entryFeeMinor: bigint('entry_fee_minor', { mode: 'number' }),
    storageCostYearlyMinor: bigint('storage_cost_yearly_minor', { mode: 'number' }),
    insuranceCostYearlyMinor: bigint('insurance_cost_yearly_minor', { mode: 'number' }),
    exitFeeMinor: bigint('exit_fee_minor', { mode: 'number' }),
    /** Or, instead of a fixed exit fee, a share of the sale price in basis points (250 = 2.5 %). */
    exitShareBps: integer('exit_share_bps'),
    custodyPlaceEn: text('custody_place_en'),
    custodyPlaceFr: text('custody_place_fr'),
    insurer: text('insurer'),
    targetHoldingYears: integer('target_holding_years'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('paintings_slug_unique').on(table.slug),
    index('paintings_market_created_idx').on(table.market, table.createdAt, table.id),
    index('paintings_artist_created_idx').on(table.artistId, table.createdAt, table.id),
    check('paintings_market_valid', sql`${table.market} IN (0, 1, 2, 3, 4)`),
    check(
      'paintings_fees_valid',
      sql`coalesce(${table.entryFeeMinor}, 0) >= 0 AND coalesce(${table.storageCostYearlyMinor}, 0) >= 0
        AND coalesce(${table.insuranceCostYearlyMinor}, 0) >= 0 AND coalesce(${table.exitFeeMinor}, 0) >= 0
        AND coalesce(${table.exitShareBps}, 0) BETWEEN 0 AND 10000 AND coalesce(${table.targetHoldingYears}, 1) > 0
        AND coalesce(${table.entryFeeMinor}, 0) <= ${table.pricePerPartMinor}`,
    ),
    check(
      'paintings_parts_valid',
      sql`${table.totalParts} > 0 AND ${table.soldParts} >= 0 AND ${table.soldParts} <= ${table.totalParts}`,
    ),
    check('paintings_dimensions_positive', sql`${table.widthCm} > 0 AND ${table.heightCm} > 0`),
    check('paintings_price_positive', sql`${table.pricePerPartMinor} > 0`),
  ],
);

export const documentKindEnum = pgEnum('document_kind', [
  'client_pdf',
  'technical_file',
  'auth_certif',
  'property_title',
  'notice',
]);

export const paintingDocuments = pgTable(
  'painting_documents',
  {
    paintingId: uuid('painting_id')
      .notNull()
      .references(() => paintings.id),
    kind: documentKindEnum('kind').notNull(),
    lang: languageEnum('lang').notNull(),
    storageKey: text('storage_key').notNull(),
  },
  (table) => [uniqueIndex('painting_documents_unique').on(table.paintingId, table.kind, table.lang)],
);

/**
 * Dated appraisals of a work (issue 15). Append-only: a correction is a new row naming the row it supersedes, so
 * the current appraisals are the rows nothing supersedes, and the history keeps every figure ever entered.
 */
export const paintingValuations = pgTable(
  'painting_valuations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paintingId: uuid('painting_id')
      .notNull()
      .references(() => paintings.id),
    valuedOn: date('valued_on', { mode: 'string' }).notNull(),
    valueMinor: bigint('value_minor', { mode: 'number' }).notNull(),
    currency: currencyEnum('currency').notNull(),
    appraiser: text('appraiser').notNull(),
    /** How the value was reached, in each language (members read it in theirs; issue 32). */
    methodEn: text('method_en').notNull(),
    methodFr: text('method_fr').notNull(),
    /** Storage key of the supporting PDF, if any. */
    documentKey: text('document_key'),
    supersedesId: uuid('supersedes_id').references((): AnyPgColumn => paintingValuations.id),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (table) => [
    index('painting_valuations_painting_idx').on(table.paintingId, table.valuedOn),
    uniqueIndex('painting_valuations_supersedes_unique').on(table.supersedesId),
    check('painting_valuations_value_positive', sql`${table.valueMinor} > 0`),
  ],
);

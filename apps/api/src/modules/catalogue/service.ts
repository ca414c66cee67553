import {
  availabilityPercent,
  type Currency,
  DOCUMENT_KINDS,
  divideRounded,
  MARKET,
  type MarketState,
  marketState,
  PARTS_PER_CM2,
  PUBLIC_MARKETS,
  percentChange,
  pricePerCm2,
  progressPercent,
  purchaseTotalMinor,
  ratingIndex,
  type TArtist,
  type TPainting,
  type TPaintingDetail,
  toMajor,
  type ZTickerKpi,
} from '@parcelle/shared';
import { and, asc, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import {
  artists,
  artistYearlyStats,
  exitOffers,
  listings,
  paintingDocuments,
  paintings,
  type paintingValuations,
} from '../../db/schema';
import { notFound } from '../../http/errors';
import { currentValuations, PUBLIC_APPRAISAL_HISTORY } from '../catalogue-admin/valuations';
import { Rates } from '../fx/rates';
import { onMarket, publicMarket } from '../market/state';
import { coOwnerCounts } from '../parts/register';
import { marketSummaries } from '../secondary/book';
import { valueChange, valueChanges, valueHistories, valueIn } from './value-history';

export type MarketType = 'primary' | 'secondary';
/** Primary list: works shown (not buyable yet) and on sale; secondary list: the secondary market (decision 29). */
export const MARKETS: Record<MarketType, number[]> = {
  primary: [MARKET.shown, MARKET.primary],
  secondary: [MARKET.secondary],
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type ArtistRow = typeof artists.$inferSelect;
type StatRow = typeof artistYearlyStats.$inferSelect;

const paintingColumns = {
  painting: paintings,
  artistId: artists.id,
  artistName: artists.name,
  birthDate: artists.birthDate,
  deathDate: artists.deathDate,
};
type PaintingJoinRow = {
  painting: typeof paintings.$inferSelect;
  artistId: string;
  artistName: string;
  birthDate: string | null;
  deathDate: string | null;
};

const lifeDates = (birth: string | null, death: string | null) => ({ date_of_birth: birth, date_of_death: death });

/**
 * Parts members offer on the secondary market, per work: the parts left on open listings. A listing's `remaining`
 * already leaves out the parts a pending secondary purchase holds (they move to the purchase when it reserves, and
 * come back if it is not paid), so this is "listed minus reserved" (decision 77).
 */
async function listedParts(db: Executor, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ paintingId: listings.paintingId, parts: sql<string>`coalesce(sum(${listings.remaining}), 0)` })
    .from(listings)
    .where(and(inArray(listings.paintingId, ids), eq(listings.status, 'open')))
    .groupBy(listings.paintingId);
  return new Map(rows.map((row) => [row.paintingId, Number(row.parts)]));
}

/**
 * The parts counted as sold in a painting's figures (`sold_out_part`, `progress`, `availability`): on the primary
 * market the parts sold or reserved; on the secondary market (3) every part not offered by a member right now, so
 * "available" is what members have listed and a buyer could reserve (decision 77).
 */
function soldFigure(p: typeof paintings.$inferSelect, listed: number): number {
  if (!onMarket(p, 'secondary')) return p.soldParts;
  return Math.max(0, p.totalParts - listed);
}

function shapePainting(
  row: PaintingJoinRow,
  currency: Currency,
  rates: Rates,
  change: number,
  listed: number,
): TPainting {
  const p = row.painting;
  const market = publicMarket(p.market);
  const sold = soldFigure(p, listed);
  return {
    _id: p.id,
    id: p.id,
    cover_img: p.coverKey,
    images: p.images,
    title: { en: p.titleEn, fr: p.titleFr },
    description: { en: p.descriptionEn, fr: p.descriptionFr },
    year: p.year,
    painting_type_en: p.typeEn,
    painting_type_fr: p.typeFr,
    dimension: { width: p.widthCm, height: p.heightCm },
    market,
    price_per_part: rates.money(p.pricePerPartMinor, currency),
    price_per_cm2: rates.money(pricePerCm2(p.pricePerPartMinor), currency),
    painting_price: rates.money(purchaseTotalMinor(p.pricePerPartMinor, p.totalParts), currency),
    total_part: p.totalParts,
    sold_out_part: sold,
    percentage: change,
    progress: progressPercent(sold, p.totalParts),
    availability: availabilityPercent(sold, p.totalParts),
    artist: { id: row.artistId, name: row.artistName, life_dates: lifeDates(row.birthDate, row.deathDate) },
  };
}

async function shapePaintings(db: Executor, rows: PaintingJoinRow[], currency: Currency, rates: Rates) {
  const ids = rows.map((row) => row.painting.id);
  const secondary = rows.filter((row) => onMarket(row.painting, 'secondary')).map((row) => row.painting.id);
  const [changes, listed, summaries] = await Promise.all([
    valueChanges(db, rates, ids, currency),
    listedParts(db, secondary),
    marketSummaries(db, secondary),
  ]);
  return rows.map((row) => ({
    ...shapePainting(row, currency, rates, changes.get(row.painting.id) ?? 0, listed.get(row.painting.id) ?? 0),
    secondary_market: secondaryMarket(summaries.get(row.painting.id), currency, rates),
  }));
}

/** A market-3 work's book in brief (issue 17), in the asked currency; null for the other markets. */
function secondaryMarket(
  summary: { bestAsk: number | null; offered: number; lastTrade: number | null } | undefined,
  currency: Currency,
  rates: Rates,
): TPainting['secondary_market'] {
  if (!summary) return null;
  return {
    parts_offered: summary.offered,
    best_ask: summary.bestAsk === null ? null : rates.money(summary.bestAsk, currency),
    last_trade: summary.lastTrade === null ? null : rates.money(summary.lastTrade, currency),
  };
}

/** GET /paintings/: one page of a market, newest first, paginated by the database. */
export async function listPaintings(
  db: Executor,
  query: { type: MarketType; limit: number; offset: number; currency: Currency },
) {
  const where = inArray(paintings.market, MARKETS[query.type]);
  const [rows, [total], rates] = await Promise.all([
    db
      .select(paintingColumns)
      .from(paintings)
      .innerJoin(artists, eq(artists.id, paintings.artistId))
      .where(where)
      .orderBy(desc(paintings.createdAt), desc(paintings.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(paintings).where(where),
    Rates.load(db),
  ]);
  return { paintings: await shapePaintings(db, rows, query.currency, rates), total: Number(total?.total ?? 0) };
}

/** Yearly average prices per cm² of some artists, in EUR and in USD at each year's rate. */
function indexSeries(stats: StatRow[], currency: Currency, rates: Rates) {
  return ratingIndex(
    stats.map((s) => ({
      year: s.year,
      priceMinor: rates.convert(s.avgPriceCm2Minor, currency, rates.forYear(s.year)),
    })),
  );
}

const lastValue = (points: { value: number }[]) => points.at(-1)?.value ?? 100;

async function statsOf(db: Executor, ids: string[]): Promise<Map<string, StatRow[]>> {
  const byArtist = new Map<string, StatRow[]>();
  if (ids.length === 0) return byArtist;
  const rows = await db
    .select()
    .from(artistYearlyStats)
    .where(inArray(artistYearlyStats.artistId, ids))
    .orderBy(asc(artistYearlyStats.artistId), asc(artistYearlyStats.year));
  for (const row of rows) byArtist.set(row.artistId, [...(byArtist.get(row.artistId) ?? []), row]);
  return byArtist;
}

function shapeArtist(
  artist: ArtistRow,
  stats: StatRow[],
  paintingsCount: number,
  currency: Currency,
  rates: Rates,
): TArtist {
  const icEuro = lastValue(indexSeries(stats, 'EURO', rates));
  const recordEur =
    artist.recordPriceMinor === null ? null : rates.toEuro(artist.recordPriceMinor, artist.recordPriceCurrency);
  return {
    _id: artist.id,
    id: artist.id,
    name: artist.name,
    img: artist.imageKey,
    life_dates: lifeDates(artist.birthDate, artist.deathDate),
    ic_artist_euro: icEuro,
    // An index has no currency: without any EUR→USD rate the USD index is the constant-rate one, the EUR index
    // (amounts in USD are refused as unavailable, see Rates).
    ic_artist_usd: rates.known ? lastValue(indexSeries(stats, 'USD', rates)) : icEuro,
    all_time_record_price: recordEur === null ? [] : [rates.money(recordEur, currency)],
    paintings_count: paintingsCount,
  };
}

async function paintingCounts(db: Executor, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ artistId: paintings.artistId, total: count() })
    .from(paintings)
    .where(and(inArray(paintings.artistId, ids), inArray(paintings.market, [...PUBLIC_MARKETS])))
    .groupBy(paintings.artistId);
  return new Map(rows.map((row) => [row.artistId, Number(row.total)]));
}

/** GET /artists/: artists by name, paginated by the database. */
export async function listArtists(db: Executor, query: { limit: number; offset: number; currency: Currency }) {
  const [rows, [total], rates] = await Promise.all([
    db.select().from(artists).orderBy(asc(artists.name), asc(artists.id)).limit(query.limit).offset(query.offset),
    db.select({ total: count() }).from(artists),
    Rates.load(db),
  ]);
  const ids = rows.map((row) => row.id);
  const [stats, counts] = await Promise.all([statsOf(db, ids), paintingCounts(db, ids)]);
  return {
    artists: rows.map((row) =>
      shapeArtist(row, stats.get(row.id) ?? [], counts.get(row.id) ?? 0, query.currency, rates),
    ),
    total: Number(total?.total ?? 0),
  };
}

/** GET /artists/detail: the artist, the rating index, turnover and lots by year, and their works. */
export async function artistDetail(db: Executor, artistId: string, currency: Currency) {
  if (!UUID.test(artistId)) throw notFound('ArtistNotFound');
  const [artist] = await db.select().from(artists).where(eq(artists.id, artistId));
  if (!artist) throw notFound('ArtistNotFound');
  const [rates, stats, works] = await Promise.all([
    Rates.load(db),
    statsOf(db, [artist.id]),
    db
      .select(paintingColumns)
      .from(paintings)
      .innerJoin(artists, eq(artists.id, paintings.artistId))
      .where(and(eq(paintings.artistId, artist.id), inArray(paintings.market, [...PUBLIC_MARKETS])))
      .orderBy(desc(paintings.createdAt), desc(paintings.id))
      .limit(100),
  ]);
  const series = stats.get(artist.id) ?? [];
  return {
    artist: {
      ...shapeArtist(artist, series, works.length, currency, rates),
      bio: { en: artist.bioEn, fr: artist.bioFr },
      evolution: indexSeries(series, currency, rates),
      turnover: series.map((s) => ({
        year: s.year,
        value: rates.money(s.turnoverMinor, currency, rates.forYear(s.year)),
      })),
      lots: series.map((s) => ({ year: s.year, sold: s.lotsSold, unsold: s.lotsUnsold })),
      paintings: await shapePaintings(db, works, currency, rates),
    },
  };
}

/**
 * GET /artists/list/kpis: the header ticker. An artist's quote is a price per part: the average price per
 * cm² of their latest year ÷ 9; the percentage is its change from their previous year of record (`since_year`, not
 * always the calendar year before: an artist may have no sale for some years).
 */
export async function artistKpis(db: Executor) {
  const ranked = db
    .select({
      artistId: artistYearlyStats.artistId,
      year: artistYearlyStats.year,
      price: artistYearlyStats.avgPriceCm2Minor,
      rank: sql<number>`row_number() over (partition by ${artistYearlyStats.artistId} order by ${artistYearlyStats.year} desc)`.as(
        'rank',
      ),
    })
    .from(artistYearlyStats)
    .as('ranked');
  const [rows, rates] = await Promise.all([
    db
      .select({
        artistId: ranked.artistId,
        name: artists.name,
        year: ranked.year,
        price: ranked.price,
        rank: ranked.rank,
      })
      .from(ranked)
      .innerJoin(artists, eq(artists.id, ranked.artistId))
      .where(lte(ranked.rank, 2))
      .orderBy(asc(artists.name), asc(ranked.artistId), asc(ranked.rank))
      .limit(200),
    Rates.load(db),
  ]);
  const kpis: z.infer<typeof ZTickerKpi>[] = [];
  // Every quote is given in EUR and USD: without any EUR→USD rate the ticker stays empty rather than showing a USD
  // value that is not one (issue 15; a fresh platform has no rate until the ECB job or an operator enters one).
  if (!rates.known) return { kpis };
  for (let i = 0; i < rows.length; i++) {
    const latest = rows[i];
    if (!latest || Number(latest.rank) !== 1) continue;
    const previous = rows[i + 1]?.artistId === latest.artistId ? rows[i + 1] : undefined;
    const perPart = Number(divideRounded(BigInt(latest.price), BigInt(PARTS_PER_CM2)));
    const previousPerPart = previous ? Number(divideRounded(BigInt(previous.price), BigInt(PARTS_PER_CM2))) : 0;
    const percentage = previous ? percentChange(previousPerPart, perPart) : 0;
    // In dollars each year's quote is converted at that year's rate, as the artist's index chart in USD does, so
    // the dollar badge follows the dollar chart (issue 17).
    const percentageUsd = previous
      ? percentChange(
          rates.convert(previousPerPart, 'USD', rates.forYear(previous.year)),
          rates.convert(perPart, 'USD', rates.forYear(latest.year)),
        )
      : 0;
    kpis.push({
      artist_id: latest.artistId,
      artist_name: latest.name,
      value_euro: rates.money(perPart, 'EURO').value,
      value_usd: rates.money(perPart, 'USD').value,
      percentage,
      direction: percentage >= 0 ? ('up' as const) : ('down' as const),
      percentage_usd: percentageUsd,
      direction_usd: percentageUsd >= 0 ? ('up' as const) : ('down' as const),
      since_year: previous ? previous.year : null,
    });
  }
  return { kpis };
}

/** An appraisal as the public detail gives it: value in its own currency (minor units), date, appraiser, method. */
function appraisalOf(valuation: typeof paintingValuations.$inferSelect) {
  return {
    value_minor: valuation.valueMinor,
    currency: valuation.currency,
    valued_on: valuation.valuedOn,
    appraiser: valuation.appraiser,
    method: { en: valuation.methodEn, fr: valuation.methodFr },
  };
}

/** GET /paintings/detail: the painting with its value history (from its appraisals), the artist's index and documents. */
export async function paintingDetail(
  db: Executor,
  paintingId: string,
  currency: Currency,
  baseUrl: string,
): Promise<{ paintings: TPaintingDetail }> {
  if (!UUID.test(paintingId)) throw notFound('PaintingNotFound');
  const [row] = await db
    .select(paintingColumns)
    .from(paintings)
    .innerJoin(artists, eq(artists.id, paintings.artistId))
    .where(and(eq(paintings.id, paintingId), inArray(paintings.market, [...PUBLIC_MARKETS])));
  if (!row) throw notFound('PaintingNotFound');
  const [rates, histories, stats, documents, coOwners, listed, valuations, summaries, [vote]] = await Promise.all([
    Rates.load(db),
    valueHistories(db, [paintingId]),
    statsOf(db, [row.artistId]),
    db
      .select({ kind: paintingDocuments.kind, lang: paintingDocuments.lang, key: paintingDocuments.storageKey })
      .from(paintingDocuments)
      .where(eq(paintingDocuments.paintingId, paintingId)),
    coOwnerCounts(db, paintingId),
    listedParts(db, onMarket(row.painting, 'secondary') ? [paintingId] : []),
    currentValuations(db, paintingId, PUBLIC_APPRAISAL_HISTORY),
    marketSummaries(db, onMarket(row.painting, 'secondary') ? [paintingId] : []),
    // An exit vote under way (issue 31): open, or closed and not yet resolved.
    db
      .select()
      .from(exitOffers)
      .where(and(eq(exitOffers.paintingId, paintingId), eq(exitOffers.status, 'voting')))
      .limit(1),
  ]);
  const p = row.painting;
  const history = histories.get(paintingId) ?? [];
  const change = valueChange(rates, history, currency);
  const links: Record<string, string | null> = {};
  for (const kind of DOCUMENT_KINDS) {
    for (const lang of ['en', 'fr'] as const) {
      const found = documents.find((d) => d.kind === kind && d.lang === lang);
      links[`${kind}_${lang}`] = found ? `${baseUrl}${found.key}` : null;
    }
  }
  return {
    paintings: {
      ...shapePainting(row, currency, rates, change, listed.get(paintingId) ?? 0),
      secondary_market: secondaryMarket(summaries.get(paintingId), currency, rates),
      // The work's value by year, from its appraisals, each converted at its own date's rate.
      evolution_list: history.map((point) => ({
        _id: point.year,
        totalValue: toMajor(valueIn(rates, point, currency)),
      })),
      artist_evolution: indexSeries(stats.get(row.artistId) ?? [], currency, rates),
      investors_count: coOwners.investors,
      countries_count: coOwners.countries,
      documents: links,
      // Drafts never reach here (the query above leaves them out).
      market_state: marketState(p.market) as Exclude<MarketState, 'draft'>,
      opens_at: p.market === MARKET.primary ? (p.opensAt?.toISOString() ?? null) : null,
      entry_fee_minor: p.entryFeeMinor,
      storage_cost_yearly_minor: p.storageCostYearlyMinor,
      insurance_cost_yearly_minor: p.insuranceCostYearlyMinor,
      exit_fee_minor: p.exitFeeMinor,
      exit_share_bps: p.exitShareBps,
      custody_place: p.custodyPlaceEn && p.custodyPlaceFr ? { en: p.custodyPlaceEn, fr: p.custodyPlaceFr } : null,
      insurer: p.insurer,
      target_holding_years: p.targetHoldingYears,
      latest_valuation: valuations[0] ? appraisalOf(valuations[0]) : null,
      appraisals: valuations.map(appraisalOf),
      exit_vote: vote
        ? {
            offer_minor: vote.amountMinor,
            currency: vote.currency,
            appraisal_minor: vote.appraisalMinor,
            vote_closes_at: vote.voteClosesAt.toISOString(),
            quorum_bps: vote.quorumBps,
            majority_bps: vote.majorityBps,
          }
        : null,
    },
  };
}

/** Art-market statistics of the home page: the catalogue's artists' turnover and lots, summed by year. */
export async function marketStatistics(db: Executor, currency: Currency) {
  const [[artistsTotal], [paintingsTotal], byYear, rates] = await Promise.all([
    db.select({ total: count() }).from(artists),
    db
      .select({ total: count() })
      .from(paintings)
      .where(inArray(paintings.market, [...PUBLIC_MARKETS])),
    db
      .select({
        year: artistYearlyStats.year,
        turnover: sql<string>`sum(${artistYearlyStats.turnoverMinor})`,
        sold: sql<string>`sum(${artistYearlyStats.lotsSold})`,
        unsold: sql<string>`sum(${artistYearlyStats.lotsUnsold})`,
      })
      .from(artistYearlyStats)
      .groupBy(artistYearlyStats.year)
      .orderBy(asc(artistYearlyStats.year)),
    Rates.load(db),
  ]);
  return {
    artists: Number(artistsTotal?.total ?? 0),
    paintings: Number(paintingsTotal?.total ?? 0),
    turnover: byYear.map((row) => ({
      year: row.year,
      value: rates.money(Number(row.turnover), currency, rates.forYear(row.year)),
    })),
    lots: byYear.map((row) => ({ year: row.year, sold: Number(row.sold), unsold: Number(row.unsold) })),
  };
}

import { type Currency, purchaseTotalMinor, ratingIndex, toMajor } from '@parcelle/shared';
import { asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { artists, artistYearlyStats, paintings } from '../../db/schema';
import { MARKETS, type MarketType } from '../catalogue/service';
import { type ValuePoint, valueChanges, valueHistories } from '../catalogue/value-history';
import { Rates } from '../fx/rates';
import { walletBalances } from '../ledger/ledger';
import { onMarket } from '../market/state';
import { provisionalPurchases } from '../purchases/reflection';
import { displayMinor, integerOf } from './money';
import { partsMovements } from './parts-movements';
import {
  costAt,
  type HeldWork,
  holdingValue,
  type PortfolioPerformance,
  portfolioPerformance,
  quantityAt,
  type WorkPerformance,
} from './performance';

/**
 * What a member holds, from the parts register: their `member` entries (per lot) plus the `listed` entries of their
 * own listings (parts offered for sale still belong to the seller). Parts reserved by a buyer's unpaid purchase are
 * counted by nobody, as for dividends. One row per work held (sum > 0). `onlyPaintings` narrows it to some works.
 */
function heldSql(userId: string, onlyPaintings?: readonly string[]) {
  const narrow =
    onlyPaintings && onlyPaintings.length > 0
      ? sql`AND e.painting_id IN (${sql.join(
          onlyPaintings.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql``;
  return sql`
    SELECT h.painting_id,
      coalesce(sum(h.quantity) FILTER (WHERE h.kind = 'primary'), 0)::int AS primary_parts,
      coalesce(sum(h.quantity) FILTER (WHERE h.kind = 'secondary'), 0)::int AS secondary_parts,
      coalesce(sum(h.quantity) FILTER (WHERE h.kind = 'listed'), 0)::int AS listed_parts,
      sum(h.quantity)::int AS quantity
    FROM (
      SELECT e.painting_id, e.lot::text AS kind, e.quantity FROM part_entries e
      WHERE e.user_id = ${userId} AND e.holder_kind = 'member' ${narrow}
      UNION ALL
      SELECT e.painting_id, 'listed' AS kind, e.quantity FROM part_entries e
      JOIN listings l ON l.id = e.listing_id
      WHERE l.seller_id = ${userId} AND e.holder_kind = 'listed' ${narrow}
    ) h
    GROUP BY h.painting_id
    HAVING sum(h.quantity) > 0`;
}

type HeldRow = {
  painting_id: string;
  primary_parts: number;
  secondary_parts: number;
  listed_parts: number;
  quantity: number;
  title_en: string;
  title_fr: string;
  cover_key: string;
  market: number;
  price_per_part_minor: string;
  total_parts: number;
};

const heldColumns = sql`held.*, p.title_en, p.title_fr, p.cover_key, p.market, p.price_per_part_minor::text,
  p.total_parts`;

const eur = (rates: Rates, minorEur: number, currency: Currency) => ({
  value: toMajor(displayMinor(rates, minorEur, 'EURO', currency)),
  curr: currency,
});

const heldWork = (row: HeldRow): HeldWork => ({
  paintingId: row.painting_id,
  titleEn: row.title_en,
  titleFr: row.title_fr,
  quantity: Number(row.quantity),
  totalParts: Number(row.total_parts),
  pricePerPartMinor: integerOf(row.price_per_part_minor),
});

/** Every work held with its value history, and the member's performance over all of them (performance.ts). */
async function performanceOf(db: Executor, userId: string, rates: Rates, currency: Currency, now = new Date()) {
  const held = await queryRows<HeldRow>(
    db,
    sql`SELECT ${heldColumns} FROM (${heldSql(userId)}) held JOIN paintings p ON p.id = held.painting_id`,
  );
  const [histories, movements] = await Promise.all([
    valueHistories(
      db,
      held.map((row) => row.painting_id),
    ),
    partsMovements(db, userId),
  ]);
  const works = held.map(heldWork);
  return {
    held,
    histories,
    movements,
    performance: portfolioPerformance({ held: works, histories, movements, rates, currency, now }),
  };
}

/** The performance fields of a work's row (integer minor units of the display currency; rates in basis points). */
function workFigures(work: WorkPerformance | undefined) {
  return {
    cost_basis_minor: work?.costBasisMinor ?? 0,
    cost_unknown_parts: work?.costUnknownParts ?? 0,
    value_minor: work?.valueMinor ?? 0,
    valued_on: work?.valuedOn ?? null,
    gain_minor: work?.gainMinor ?? 0,
    gain_bps: work?.gainBps ?? 0,
    realised_gain_minor: work?.realisedGainMinor ?? 0,
    dividends_minor: work?.dividendsMinor ?? 0,
    annualised_return_bps: work?.annualisedReturnBps ?? null,
    allocation_bps: work?.allocationBps ?? 0,
  };
}

function totalFigures(performance: PortfolioPerformance) {
  return {
    cost_basis_minor: performance.costBasisMinor,
    cost_unknown_parts: performance.costUnknownParts,
    value_minor: performance.valueMinor,
    gain_minor: performance.gainMinor,
    gain_bps: performance.gainBps,
    realised_gain_minor: performance.realisedGainMinor,
    dividends_minor: performance.dividendsMinor,
    annualised_return_bps: performance.annualisedReturnBps,
    allocation: performance.works.map((work) => ({
      painting_id: work.paintingId,
      title: { en: work.titleEn, fr: work.titleFr },
      value_minor: work.valueMinor,
      allocation_bps: work.allocationBps,
    })),
  };
}

/**
 * GET /member/portfolio: the four summary cards (spec §2 Portfolio, §3 Portfolio summary), and the performance
 * totals (issue 17: cost basis, value, gain, realised gains, dividends, annualised return, allocation by work).
 */
export async function portfolioSummary(db: Executor, userId: string, currency: Currency) {
  const rates = await Rates.load(db);
  const [[held], dividendsByCurrency, walletByCurrency, { performance }] = await Promise.all([
    queryRows<{ quantity: number | null; value: string | null }>(
      db,
      sql`SELECT coalesce(sum(held.quantity), 0)::int AS quantity,
        coalesce(sum(held.quantity::numeric * p.price_per_part_minor), 0)::text AS value
        FROM (${heldSql(userId)}) held JOIN paintings p ON p.id = held.painting_id`,
    ),
    queryRows<{ currency: Currency; total: string }>(
      db,
      sql`SELECT d.currency::text AS currency, sum(dp.amount_minor)::text AS total
        FROM dividend_payments dp JOIN dividends d ON d.id = dp.dividend_id
        WHERE dp.user_id = ${userId} AND d.status = 'paid' GROUP BY d.currency`,
    ),
    walletBalances(db, userId),
    performanceOf(db, userId, rates, currency),
  ]);
  // Each currency's sum is converted once, at today's rate (these are balances, not dated movements).
  const sumIn = (rows: { currency: Currency; minor: number }[]) =>
    rows.reduce((sum, row) => sum + displayMinor(rates, row.minor, row.currency, currency), 0);
  const dividends = dividendsByCurrency.map((row) => ({ currency: row.currency, minor: integerOf(row.total) }));
  const wallets = walletByCurrency.map((row) => ({ currency: row.currency, minor: row.balanceMinor }));
  return [
    {
      quantity: Number(held?.quantity ?? 0),
      total: eur(rates, integerOf(held?.value ?? '0'), currency),
      dividend: { value: toMajor(sumIn(dividends)), curr: currency },
      total_credit: { value: toMajor(sumIn(wallets)), curr: currency },
      currency,
      ...totalFigures(performance),
    },
  ];
}

function holdingRow(row: HeldRow, rates: Rates, currency: Currency, change: number, work: WorkPerformance | undefined) {
  const price = integerOf(row.price_per_part_minor);
  return {
    _id: row.painting_id,
    painting: { id: row.painting_id, img: row.cover_key, title: { en: row.title_en, fr: row.title_fr } },
    part_price: eur(rates, price, currency),
    percentage: change,
    quantity: Number(row.quantity),
    total: eur(rates, purchaseTotalMinor(price, Number(row.quantity)), currency),
    value_of_the_work: eur(rates, purchaseTotalMinor(price, Number(row.total_parts)), currency),
    market: Number(row.market),
    listed: Number(row.listed_parts),
    lots: { primary: Number(row.primary_parts), secondary: Number(row.secondary_parts) },
    ...workFigures(work),
  };
}

/**
 * GET /member/parts/: one row per work held, the work the member most recently bought first (latest paid purchase;
 * works never bought, only received back, last), then by id; paginated by the database.
 */
export async function listHoldings(
  db: Executor,
  userId: string,
  query: { limit: number; offset: number; currency: Currency },
) {
  const rates = await Rates.load(db);
  const [rows, [total], { performance }] = await Promise.all([
    queryRows<HeldRow>(
      db,
      sql`SELECT ${heldColumns},
          (SELECT max(pu.settled_at) FROM purchases pu
            WHERE pu.user_id = ${userId} AND pu.painting_id = held.painting_id AND pu.status = 'paid') AS last_bought
        FROM (${heldSql(userId)}) held JOIN paintings p ON p.id = held.painting_id
        ORDER BY last_bought DESC NULLS LAST, held.painting_id
        LIMIT ${query.limit} OFFSET ${query.offset}`,
    ),
    queryRows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM (${heldSql(userId)}) held`),
    performanceOf(db, userId, rates, query.currency),
  ]);
  const changes = await valueChanges(
    db,
    rates,
    rows.map((row) => row.painting_id),
    query.currency,
  );
  const byWork = new Map(performance.works.map((work) => [work.paintingId, work]));
  // Issue 30: parts in their reflection period are provisional and cannot be listed yet.
  const provisional = new Map<string, number>();
  for (const purchase of await provisionalPurchases(db, userId, new Date())) {
    provisional.set(purchase.paintingId, (provisional.get(purchase.paintingId) ?? 0) + purchase.quantity);
  }
  return {
    getParts: rows.map((row) => {
      const holding = holdingRow(
        row,
        rates,
        query.currency,
        changes.get(row.painting_id) ?? 0,
        byWork.get(row.painting_id),
      );
      const provisionalParts = provisional.get(row.painting_id) ?? 0;
      return {
        ...holding,
        provisional_parts: provisionalParts,
        lots: { ...holding.lots, primary: Math.max(0, holding.lots.primary - provisionalParts) },
      };
    }),
    total: Number(total?.total ?? 0),
  };
}

/**
 * GET /member/parts/graph: for every work held, what the member's parts were worth at the end of each year from the
 * year of their first purchase of it, the current year's point being today (issue 17: parts bought today have one
 * point, today's value, not a history back to the work's first appraisal). Each point values the parts held on that
 * day (performance.ts quantityAt) at the appraisal standing on that day (value × parts ÷ total parts, half-even, in
 * the appraisal's currency, converted at the rate of its date); before any appraisal, at what they cost (FIFO), and
 * today at the part price (the current value of a work never appraised).
 * Ordered by year, then by English title.
 */
export async function holdingsGraph(db: Executor, userId: string, currency: Currency, now = new Date()) {
  const rates = await Rates.load(db);
  const { held, histories, movements } = await performanceOf(db, userId, rates, currency, now);
  const thisYear = now.getUTCFullYear();
  const today = now.toISOString().slice(0, 10);
  const lines = [];
  for (const row of held) {
    const work = heldWork(row);
    const points: ValuePoint[] = histories.get(work.paintingId) ?? [];
    const firstBought = movements.acquisitions.find((a) => a.paintingId === work.paintingId)?.at;
    const firstYear = Math.min(firstBought?.getUTCFullYear() ?? thisYear, thisYear);
    for (let year = firstYear; year <= thisYear; year++) {
      const current = year === thisYear;
      const day = current ? today : `${year}-12-31`;
      const at = current ? now : new Date(Date.UTC(year + 1, 0, 1) - 1);
      const quantity = quantityAt(movements, work.paintingId, work.quantity, at);
      if (quantity === 0) continue;
      const standing = points.filter((point) => point.valuedOn <= day).at(-1);
      // Before the work's first appraisal a past year's parts are worth what they cost; today's point is the
      // portfolio's current value (performance.ts), so the chart ends where the summary stands.
      const valueMinor =
        standing || current
          ? holdingValue(rates, work, quantity, standing, currency)
          : costAt(movements, work.paintingId, at, rates, currency);
      lines.push({
        date: day,
        year,
        prices: { value: toMajor(valueMinor), curr: currency },
        painting_title: { en: work.titleEn, fr: work.titleFr },
        painting_id: work.paintingId,
      });
    }
  }
  return lines.sort((a, b) => a.year - b.year || a.painting_title.en.localeCompare(b.painting_title.en));
}

/** GET /member/parts/primary: the works in which the member holds primary-lot parts, by English title. */
export async function primaryHoldings(db: Executor, userId: string, currency: Currency) {
  const [rows, rates] = await Promise.all([
    queryRows<HeldRow>(
      db,
      sql`SELECT ${heldColumns} FROM (${heldSql(userId)}) held JOIN paintings p ON p.id = held.painting_id
        WHERE held.primary_parts > 0 ORDER BY p.title_en, held.painting_id`,
    ),
    Rates.load(db),
  ]);
  return rows.map((row) => ({
    _id: row.painting_id,
    id: row.painting_id,
    title: { en: row.title_en, fr: row.title_fr },
    img: row.cover_key,
    market: Number(row.market),
    part_price: eur(rates, integerOf(row.price_per_part_minor), currency),
    parts: {
      primary: Number(row.primary_parts),
      secondary: Number(row.secondary_parts),
      listed: Number(row.listed_parts),
    },
    quantity: Number(row.primary_parts) + Number(row.secondary_parts),
  }));
}

/**
 * GET /member/market/: one page of a market (primary: markets 1 and 2; secondary: market 3), newest first like the
 * public catalogue, with what the member holds of each work and what they could buy. On the secondary market the
 * parts available and the starting price come from other members' open listings (a member cannot buy their own).
 */
export async function memberMarket(
  db: Executor,
  userId: string,
  query: { type: MarketType; limit: number; offset: number; currency: Currency },
) {
  const where = inArray(paintings.market, MARKETS[query.type]);
  const [rows, [total], rates] = await Promise.all([
    db
      .select({ painting: paintings, artistName: artists.name })
      .from(paintings)
      .innerJoin(artists, eq(artists.id, paintings.artistId))
      .where(where)
      .orderBy(desc(paintings.createdAt), desc(paintings.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(paintings).where(where),
    Rates.load(db),
  ]);
  const ids = rows.map((row) => row.painting.id);
  const artistIds = [...new Set(rows.map((row) => row.painting.artistId))];
  const [held, offers, changes, stats] = await Promise.all([
    ids.length === 0 ? [] : queryRows<HeldRow>(db, sql`SELECT held.* FROM (${heldSql(userId, ids)}) held`),
    ids.length === 0
      ? []
      : queryRows<{ painting_id: string; remaining: number; lowest: string }>(
          db,
          sql`SELECT l.painting_id, sum(l.remaining)::int AS remaining, min(l.unit_price_minor)::text AS lowest
            FROM listings l
            WHERE l.status = 'open' AND l.remaining > 0 AND l.seller_id <> ${userId}
              AND l.painting_id IN (${sql.join(
                ids.map((id) => sql`${id}`),
                sql`, `,
              )})
            GROUP BY l.painting_id`,
        ),
    valueChanges(db, rates, ids, query.currency),
    artistIds.length === 0
      ? []
      : db
          .select()
          .from(artistYearlyStats)
          .where(inArray(artistYearlyStats.artistId, artistIds))
          .orderBy(asc(artistYearlyStats.year)),
  ]);
  const owned = new Map(held.map((row) => [row.painting_id, Number(row.quantity)]));
  const offered = new Map(offers.map((row) => [row.painting_id, row]));
  const evolution = new Map<string, { year: number; value: number }[]>();
  for (const artistId of artistIds) {
    evolution.set(
      artistId,
      ratingIndex(
        stats
          .filter((s) => s.artistId === artistId)
          .map((s) => ({
            year: s.year,
            priceMinor: rates.convert(s.avgPriceCm2Minor, query.currency, rates.forYear(s.year)),
          })),
      ),
    );
  }
  return {
    paintings: rows.map(({ painting: p, artistName }) => {
      const offer = offered.get(p.id);
      const secondary = onMarket(p, 'secondary');
      const partPrice = secondary && offer ? integerOf(offer.lowest) : p.pricePerPartMinor;
      return {
        _id: p.id,
        id: p.id,
        cover_img: p.coverKey,
        title: { en: p.titleEn, fr: p.titleFr },
        year: p.year,
        artist: { id: p.artistId, name: artistName },
        market: p.market,
        artist_evolution: evolution.get(p.artistId) ?? [],
        price_per_part: eur(rates, partPrice, query.currency),
        percentage: changes.get(p.id) ?? 0,
        part_quantity: owned.get(p.id) ?? 0,
        total_part: p.totalParts,
        sold_out_part: p.soldParts,
        available_part: secondary ? Number(offer?.remaining ?? 0) : p.totalParts - p.soldParts,
        total_price: eur(rates, purchaseTotalMinor(p.pricePerPartMinor, p.totalParts), query.currency),
      };
    }),
    total: Number(total?.total ?? 0),
  };
}

import { type Currency, divideRounded, type HistoryType, purchaseTotalMinor, toMajor } from '@parcelle/shared';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows, readsTogether } from '../../db/client';
import {
  bids,
  dividendPayments,
  dividends,
  exitOffers,
  exitPayouts,
  listings,
  paintings,
  purchaseFills,
  purchases,
  trades,
} from '../../db/schema';
import { Rates } from '../fx/rates';
import { keyInformationOfReferences } from '../key-information/service';
import { MARKET } from '../market/state';
import { workCostBasis } from './cost-basis';
import type { DividendEvent, ExitEvent, HistoryEvent, Page, PurchaseEvent, SaleEvent, Work } from './events';
import { dayOf, displayMoney } from './money';
import { movementsOfEvents } from './movements';

/**
 * The member's history (spec §2 History, §3 History rows), read from what was recorded: paid purchases and the order
 * book's trades the member bought in (their purchases), the fills of paid purchases taken from the member's listings
 * and the trades they sold in (their sales), the dividends paid to them and the exits. Rows keep the
 * currency they were recorded in; the API converts them to the display currency at the rate of their day, the
 * statements print them as recorded. Every list is newest first, then by id.
 */

export type { DividendEvent, ExitEvent, HistoryEvent, Page, PurchaseEvent, SaleEvent } from './events';

const work = {
  paintingId: paintings.id,
  titleEn: paintings.titleEn,
  titleFr: paintings.titleFr,
  img: paintings.coverKey,
};

function paged<T extends { limit: (n: number) => T; offset: (n: number) => T }>(query: T, page: Page): T {
  return page.limit === undefined ? query : query.limit(page.limit).offset(page.offset ?? 0);
}

function purchaseWhere(userId: string, page: Page): SQL | undefined {
  return and(
    eq(purchases.userId, userId),
    eq(purchases.status, 'paid'),
    page.paintingIds ? inArray(purchases.paintingId, page.paintingIds) : undefined,
  );
}

async function paidPurchases(db: Executor, userId: string, page: Page): Promise<PurchaseEvent[]> {
  const rows = await paged(
    db
      .select({
        ...work,
        reference: purchases.reference,
        settledAt: purchases.settledAt,
        createdAt: purchases.createdAt,
        currency: purchases.currency,
        unitPriceMinor: purchases.unitPriceMinor,
        quantity: purchases.quantity,
        totalMinor: purchases.totalMinor,
        market: purchases.market,
        paymentMethod: purchases.paymentMethod,
      })
      .from(purchases)
      .innerJoin(paintings, eq(paintings.id, purchases.paintingId))
      .where(purchaseWhere(userId, page))
      .orderBy(desc(purchases.settledAt), desc(purchases.id))
      .$dynamic(),
    page,
  );
  return rows.map(({ settledAt, createdAt, ...row }) => ({ ...row, kind: 'PURCHASE', at: settledAt ?? createdAt }));
}

function saleWhere(userId: string, page: Page): SQL | undefined {
  return and(
    eq(listings.sellerId, userId),
    eq(purchases.status, 'paid'),
    page.paintingIds ? inArray(listings.paintingId, page.paintingIds) : undefined,
  );
}

/** A sale is one fill of a paid purchase taken from one of the member's listings (at the fill's price). */
async function listingSales(db: Executor, userId: string, page: Page): Promise<SaleEvent[]> {
  const rows = await paged(
    db
      .select({
        ...work,
        reference: purchases.reference,
        listingReference: listings.reference,
        settledAt: purchases.settledAt,
        createdAt: purchases.createdAt,
        currency: purchases.currency,
        unitPriceMinor: purchaseFills.unitPriceMinor,
        quantity: purchaseFills.quantity,
        // The listing's price is in euros (the book's): the fill's is that price in the buyer's currency.
        bookUnitPriceMinor: listings.unitPriceMinor,
      })
      .from(purchaseFills)
      .innerJoin(listings, eq(listings.id, purchaseFills.listingId))
      .innerJoin(purchases, eq(purchases.id, purchaseFills.purchaseId))
      .innerJoin(paintings, eq(paintings.id, listings.paintingId))
      .where(saleWhere(userId, page))
      .orderBy(desc(purchases.settledAt), desc(purchaseFills.id))
      .$dynamic(),
    page,
  );
  return rows.map(({ settledAt, createdAt, ...row }) => ({
    ...row,
    kind: 'SALE',
    at: settledAt ?? createdAt,
    totalMinor: purchaseTotalMinor(row.unitPriceMinor, row.quantity),
  }));
}

// ---------------------------------------------------------------- the order book's trades (issue 17)

function tradeWhere(side: 'buyer' | 'seller', userId: string, page: Page): SQL | undefined {
  return and(
    eq(side === 'buyer' ? trades.buyerId : trades.sellerId, userId),
    page.paintingIds ? inArray(trades.paintingId, page.paintingIds) : undefined,
  );
}

/** The order book trades in euros, paid from the wallet (`smart_amount`, the spec's name for it). */
const BOOK = { currency: 'EURO' as const, market: MARKET.secondary, paymentMethod: 'smart_amount' };

/** Trades the member bought in (their bid filled, or an ask they accepted): purchases on the secondary market. */
async function tradePurchases(db: Executor, userId: string, page: Page): Promise<PurchaseEvent[]> {
  const rows = await paged(
    db
      .select({
        ...work,
        reference: trades.reference,
        at: trades.createdAt,
        unitPriceMinor: trades.unitPriceMinor,
        quantity: trades.quantity,
      })
      .from(trades)
      .innerJoin(paintings, eq(paintings.id, trades.paintingId))
      .where(tradeWhere('buyer', userId, page))
      .orderBy(desc(trades.createdAt), desc(trades.id))
      .$dynamic(),
    page,
  );
  return rows.map((row) => ({
    ...row,
    ...BOOK,
    kind: 'PURCHASE',
    totalMinor: purchaseTotalMinor(row.unitPriceMinor, row.quantity),
  }));
}

/** Trades the member sold in (their ask filled, or a bid they accepted), with the order it came from. */
async function tradeSales(db: Executor, userId: string, page: Page): Promise<SaleEvent[]> {
  const rows = await paged(
    db
      .select({
        ...work,
        reference: trades.reference,
        listingReference: sql<string>`coalesce(${listings.reference}, ${bids.reference})`,
        at: trades.createdAt,
        unitPriceMinor: trades.unitPriceMinor,
        quantity: trades.quantity,
      })
      .from(trades)
      .innerJoin(paintings, eq(paintings.id, trades.paintingId))
      .leftJoin(listings, eq(listings.id, trades.listingId))
      .leftJoin(bids, eq(bids.id, trades.bidId))
      .where(tradeWhere('seller', userId, page))
      .orderBy(desc(trades.createdAt), desc(trades.id))
      .$dynamic(),
    page,
  );
  return rows.map((row) => ({
    ...row,
    currency: BOOK.currency,
    kind: 'SALE',
    totalMinor: purchaseTotalMinor(row.unitPriceMinor, row.quantity),
    bookUnitPriceMinor: row.unitPriceMinor,
  }));
}

/**
 * One page of rows kept in two tables, newest first: each source gives its first offset + limit rows (they are
 * newest first too), and the page is cut from their merge. A history page is small; its offset stays modest.
 */
async function mergedPage<T extends { at: Date; reference: string }>(
  db: Executor,
  sources: ((page: Page) => Promise<T[]>)[],
  page: Page,
): Promise<T[]> {
  const window: Page =
    page.limit === undefined
      ? { paintingIds: page.paintingIds }
      : { ...page, offset: 0, limit: (page.offset ?? 0) + page.limit };
  const rows = (
    await readsTogether(
      db,
      sources.map((source) => () => source(window)),
    )
  ).flat();
  rows.sort((a, b) => b.at.getTime() - a.at.getTime() || a.reference.localeCompare(b.reference));
  return page.limit === undefined ? rows : rows.slice(page.offset ?? 0, (page.offset ?? 0) + page.limit);
}

export function purchaseEvents(db: Executor, userId: string, page: Page): Promise<PurchaseEvent[]> {
  return mergedPage(
    db,
    [(window) => paidPurchases(db, userId, window), (window) => tradePurchases(db, userId, window)],
    page,
  );
}

export function saleEvents(db: Executor, userId: string, page: Page): Promise<SaleEvent[]> {
  return mergedPage(
    db,
    [(window) => listingSales(db, userId, window), (window) => tradeSales(db, userId, window)],
    page,
  );
}

function dividendWhere(userId: string, page: Page): SQL | undefined {
  // A declared dividend is the members' only once a second operator approved and paid it.
  return and(
    eq(dividendPayments.userId, userId),
    eq(dividends.status, 'paid'),
    page.paintingIds ? inArray(dividends.paintingId, page.paintingIds) : undefined,
  );
}

export async function dividendEvents(db: Executor, userId: string, page: Page): Promise<DividendEvent[]> {
  const rows = await paged(
    db
      .select({
        ...work,
        reference: dividends.reference,
        at: sql<Date>`coalesce(${dividends.paidAt}, ${dividendPayments.createdAt})`.mapWith(dividends.paidAt),
        year: dividends.year,
        currency: dividends.currency,
        quantity: dividendPayments.parts,
        totalMinor: dividendPayments.amountMinor,
      })
      .from(dividendPayments)
      .innerJoin(dividends, eq(dividends.id, dividendPayments.dividendId))
      .innerJoin(paintings, eq(paintings.id, dividends.paintingId))
      .where(dividendWhere(userId, page))
      .orderBy(desc(dividends.paidAt), desc(dividendPayments.id))
      .$dynamic(),
    page,
  );
  return rows.map((row) => ({
    ...row,
    kind: 'DIVIDEND',
    unitPriceMinor: Number(divideRounded(BigInt(row.totalMinor), BigInt(row.quantity))),
  }));
}

/** The member's exit payouts (accepted offers only: a payout exists only for a settled exit). */
export async function exitEvents(db: Executor, userId: string, page: Page): Promise<ExitEvent[]> {
  const rows = await paged(
    db
      .select({
        ...work,
        reference: exitOffers.reference,
        at: sql<Date>`coalesce(${exitOffers.resolvedAt}, ${exitPayouts.createdAt})`.mapWith(exitOffers.resolvedAt),
        currency: exitOffers.currency,
        quantity: exitPayouts.parts,
        totalMinor: exitPayouts.amountMinor,
        feeMinor: exitPayouts.feeMinor,
        costBasisMinor: exitPayouts.costBasisMinor,
      })
      .from(exitPayouts)
      .innerJoin(exitOffers, eq(exitOffers.id, exitPayouts.offerId))
      .innerJoin(paintings, eq(paintings.id, exitOffers.paintingId))
      .where(
        and(
          eq(exitPayouts.userId, userId),
          eq(exitOffers.status, 'accepted'),
          page.paintingIds ? inArray(exitOffers.paintingId, page.paintingIds) : undefined,
        ),
      )
      .orderBy(desc(exitOffers.resolvedAt), desc(exitPayouts.id))
      .$dynamic(),
    page,
  );
  return rows.map((row) => ({
    ...row,
    kind: 'EXIT',
    unitPriceMinor: Number(divideRounded(BigInt(row.totalMinor), BigInt(row.quantity))),
    realisedReturnMinor: row.totalMinor - row.costBasisMinor,
  }));
}

async function countOf(db: Executor, type: Exclude<HistoryType, 'ARTWORK'>, userId: string): Promise<number> {
  const page: Page = {};
  const tradesAs = async (side: 'buyer' | 'seller') =>
    (
      await db
        .select({ total: count() })
        .from(trades)
        .where(tradeWhere(side, userId, page))
    )[0];
  const rows =
    type === 'PURCHASE'
      ? [
          ...(await db.select({ total: count() }).from(purchases).where(purchaseWhere(userId, page))),
          await tradesAs('buyer'),
        ]
      : type === 'SALE'
        ? [
            ...(await db
              .select({ total: count() })
              .from(purchaseFills)
              .innerJoin(listings, eq(listings.id, purchaseFills.listingId))
              .innerJoin(purchases, eq(purchases.id, purchaseFills.purchaseId))
              .where(saleWhere(userId, page))),
            await tradesAs('seller'),
          ]
        : await db
            .select({ total: count() })
            .from(dividendPayments)
            .innerJoin(dividends, eq(dividends.id, dividendPayments.dividendId))
            .where(dividendWhere(userId, page));
  return rows.reduce((sum, row) => sum + Number(row?.total ?? 0), 0);
}

/** Every work the member has a history with, and the instant of its latest event. */
function artworkSql(userId: string) {
  return sql`
    SELECT ev.painting_id, max(ev.t) AS last_at FROM (
      SELECT pu.painting_id, coalesce(pu.settled_at, pu.created_at) AS t FROM purchases pu
      WHERE pu.user_id = ${userId} AND pu.status = 'paid'
      UNION ALL
      SELECT l.painting_id, coalesce(pu.settled_at, pu.created_at) AS t FROM purchase_fills f
      JOIN listings l ON l.id = f.listing_id JOIN purchases pu ON pu.id = f.purchase_id
      WHERE l.seller_id = ${userId} AND pu.status = 'paid'
      UNION ALL
      SELECT d.painting_id, d.paid_at AS t FROM dividend_payments dp JOIN dividends d ON d.id = dp.dividend_id
      WHERE dp.user_id = ${userId} AND d.status = 'paid'
      UNION ALL
      SELECT o.painting_id, o.resolved_at AS t FROM exit_payouts xp JOIN exit_offers o ON o.id = xp.offer_id
      WHERE xp.user_id = ${userId} AND o.status = 'accepted'
      UNION ALL
      SELECT tr.painting_id, tr.created_at AS t FROM trades tr
      WHERE tr.buyer_id = ${userId} OR tr.seller_id = ${userId}
    ) ev
    GROUP BY ev.painting_id`;
}

export type ArtworkGroup = Work & { events: HistoryEvent[] };

const newestFirst = (a: HistoryEvent, b: HistoryEvent) =>
  b.at.getTime() - a.at.getTime() || a.kind.localeCompare(b.kind) || a.reference.localeCompare(b.reference);

/**
 * The ARTWORK tab: one group per work, the work with the most recent event first; the page (limit/offset) counts
 * works, and each work carries all its events, newest first.
 */
export async function artworkGroups(db: Executor, userId: string, page: Page): Promise<ArtworkGroup[]> {
  const window = page.limit === undefined ? sql`` : sql`LIMIT ${page.limit} OFFSET ${page.offset ?? 0}`;
  const works = await queryRows<{ painting_id: string; last_at: unknown }>(
    db,
    sql`SELECT a.painting_id, a.last_at FROM (${artworkSql(userId)}) a ORDER BY a.last_at DESC, a.painting_id ${window}`,
  );
  if (works.length === 0) return [];
  const paintingIds = works.map((row) => row.painting_id);
  const [bought, sold, paid, exited] = await Promise.all([
    purchaseEvents(db, userId, { paintingIds }),
    saleEvents(db, userId, { paintingIds }),
    dividendEvents(db, userId, { paintingIds }),
    exitEvents(db, userId, { paintingIds }),
  ]);
  const events = [...bought, ...sold, ...paid, ...exited];
  const groups: ArtworkGroup[] = [];
  for (const { painting_id: id } of works) {
    const own = events.filter((event) => event.paintingId === id).sort(newestFirst);
    const first = own[0];
    if (!first) continue;
    groups.push({ paintingId: id, titleEn: first.titleEn, titleFr: first.titleFr, img: first.img, events: own });
  }
  return groups;
}

async function artworkCount(db: Executor, userId: string): Promise<number> {
  const [row] = await queryRows<{ total: number }>(
    db,
    sql`SELECT count(*)::int AS total FROM (${artworkSql(userId)}) a`,
  );
  return Number(row?.total ?? 0);
}

// ---------------------------------------------------------------- API shapes

function base(event: HistoryEvent) {
  return {
    reference_id: event.reference,
    painting_id: event.paintingId,
    painting_title: { en: event.titleEn, fr: event.titleFr },
    painting_img: event.img,
    t: event.at.toISOString(),
  };
}

/** GET /member/history/{type}: one page of a tab, amounts in the display currency at the rate of their day. */
export async function historyPage(
  db: Executor,
  userId: string,
  type: HistoryType,
  query: { limit: number; offset: number; currency: Currency },
) {
  const rates = await Rates.load(db);
  const money = (event: HistoryEvent, minor: number) =>
    displayMoney(rates, minor, event.currency, query.currency, dayOf(event.at));
  const page: Page = { limit: query.limit, offset: query.offset };
  switch (type) {
    case 'PURCHASE': {
      const [rows, total] = await Promise.all([purchaseEvents(db, userId, page), countOf(db, type, userId)]);
      // Issue 30: the key information version each primary purchase was made under (none before the rule).
      const documents = await keyInformationOfReferences(
        db,
        rows.map((e) => e.reference),
      );
      return {
        purchaseHistory: rows.map((e) => ({
          ...base(e),
          part_price: money(e, e.unitPriceMinor),
          quantity: e.quantity,
          total_amount: money(e, e.totalMinor),
          // Bought at the book's euros: those euros beside the display amounts (one currency per screen).
          ...(e.market === MARKET.secondary && e.currency === BOOK.currency
            ? { book_part_price_minor: e.unitPriceMinor, book_total_amount_minor: e.totalMinor }
            : {}),
          type: 'PURCHASE' as const,
          market: e.market,
          payment_method: e.paymentMethod,
          key_information: documents.get(e.reference) ?? null,
        })),
        total,
      };
    }
    case 'SALE': {
      const [rows, total] = await Promise.all([saleEvents(db, userId, page), countOf(db, type, userId)]);
      return {
        saleHistory: rows.map((e) => ({
          ...base(e),
          listing_reference: e.listingReference,
          part_price: money(e, e.unitPriceMinor),
          part_sold: e.quantity,
          selling_amount: money(e, e.totalMinor),
          book_part_price_minor: e.bookUnitPriceMinor,
          book_selling_amount_minor: purchaseTotalMinor(e.bookUnitPriceMinor, e.quantity),
          type: 'SALE' as const,
        })),
        total,
      };
    }
    case 'DIVIDEND': {
      const [rows, total] = await Promise.all([dividendEvents(db, userId, page), countOf(db, type, userId)]);
      return {
        dividendHistory: rows.map((e) => ({
          ...base(e),
          year: e.year,
          owner_parts: e.quantity,
          amount: money(e, e.totalMinor),
          type: 'DIVIDEND' as const,
        })),
        total,
      };
    }
    case 'ARTWORK': {
      const [groups, total] = await Promise.all([artworkGroups(db, userId, page), artworkCount(db, userId)]);
      return {
        artworkHistory: groups.map((group) => {
          // An exit's cost and return: the one cost basis (cost-basis.ts) over the work's events, in the currency
          // shown, as the portfolio and the yearly statement count them (issue 31).
          const lots = workCostBasis(movementsOfEvents(group.events), group.paintingId, rates, query.currency);
          const exits = new Map(
            lots.realised
              .filter((r) => r.disposal.sale.source === 'exit-payout')
              .map((r) => [r.disposal.sale.reference, r]),
          );
          const shown = (minor: number) => ({ value: toMajor(minor), curr: query.currency });
          return {
            painting_id: group.paintingId,
            painting_title: { en: group.titleEn, fr: group.titleFr },
            painting_img: group.img,
            salePurchase: group.events.map((e) => {
              const exit = e.kind === 'EXIT' ? exits.get(e.reference) : undefined;
              return {
                reference_id: e.reference,
                type: e.kind,
                part_price: money(e, e.unitPriceMinor),
                part_quantity: e.quantity,
                full_amount: money(e, e.totalMinor),
                t: e.at.toISOString(),
                ...(e.kind === 'SALE'
                  ? {
                      book_part_price_minor: e.bookUnitPriceMinor,
                      book_full_amount_minor: purchaseTotalMinor(e.bookUnitPriceMinor, e.quantity),
                    }
                  : {}),
                ...(e.kind === 'EXIT'
                  ? exit
                    ? { cost_basis: shown(exit.costMinor), realised_return: shown(exit.gainMinor) }
                    : { cost_basis: money(e, e.costBasisMinor), realised_return: money(e, e.realisedReturnMinor) }
                  : {}),
              };
            }),
          };
        }),
        total,
      };
    }
  }
}

/** Every event of a type (statements), newest first. ARTWORK: every event of every work, grouped by work. */
export async function allEvents(db: Executor, userId: string, type: HistoryType): Promise<HistoryEvent[]> {
  switch (type) {
    case 'PURCHASE':
      return purchaseEvents(db, userId, {});
    case 'SALE':
      return saleEvents(db, userId, {});
    case 'DIVIDEND':
      return dividendEvents(db, userId, {});
    case 'ARTWORK':
      return (await artworkGroups(db, userId, {})).flatMap((group) => group.events);
  }
}

import { marketState, PUBLIC_MARKETS, type TPriceAlertBody, type TWatchedWork } from '@parcelle/shared';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { inTransaction } from '../../db/retry';
import { paintings, priceAlerts, watchlist } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../http/errors';
import { Rates } from '../fx/rates';
import type { NotifyContext } from '../notifications/notify';
import { notifyMember } from '../notifications/notify';
import { partValueIn, partValueSources } from './part-value';

/** An alert still waiting: neither triggered nor removed. */
const active = and(isNull(priceAlerts.triggeredAt), isNull(priceAlerts.cancelledAt));

/** A work a member may watch: any public one (shown, primary, secondary, sold); drafts are not found. */
async function publicWork(db: Executor, paintingId: string): Promise<void> {
  const [work] = await db
    .select({ id: paintings.id })
    .from(paintings)
    .where(and(eq(paintings.id, paintingId), inArray(paintings.market, [...PUBLIC_MARKETS])));
  if (!work) throw notFound('PaintingNotFound');
}

/** Adds a work to the member's watchlist (a second time changes nothing). */
export async function watchWork(db: Executor, memberId: string, paintingId: string): Promise<void> {
  await publicWork(db, paintingId);
  await db.insert(watchlist).values({ userId: memberId, paintingId }).onConflictDoNothing();
}

/** Removes a work from the watchlist, and its waiting price alert with it (kept, marked removed). */
export async function unwatchWork(db: Executor, memberId: string, paintingId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(watchlist).where(and(eq(watchlist.userId, memberId), eq(watchlist.paintingId, paintingId)));
    await tx
      .update(priceAlerts)
      .set({ cancelledAt: new Date() })
      .where(and(eq(priceAlerts.userId, memberId), eq(priceAlerts.paintingId, paintingId), active));
  });
}

/** The member's watched works, latest first, each with the value of a part now and its latest price alert. */
export async function listWatchlist(db: Executor, memberId: string): Promise<{ works: TWatchedWork[] }> {
  const rows = await db
    .select({
      paintingId: watchlist.paintingId,
      createdAt: watchlist.createdAt,
      slug: paintings.slug,
      titleEn: paintings.titleEn,
      titleFr: paintings.titleFr,
      market: paintings.market,
    })
    .from(watchlist)
    .innerJoin(paintings, eq(paintings.id, watchlist.paintingId))
    .where(eq(watchlist.userId, memberId))
    .orderBy(desc(watchlist.createdAt), desc(watchlist.paintingId));
  const ids = rows.map((row) => row.paintingId);
  const [sources, rates, alerts] = await Promise.all([
    partValueSources(db, ids),
    Rates.load(db),
    ids.length === 0
      ? []
      : db
          .select()
          .from(priceAlerts)
          .where(
            and(
              eq(priceAlerts.userId, memberId),
              inArray(priceAlerts.paintingId, ids),
              isNull(priceAlerts.cancelledAt),
            ),
          )
          .orderBy(desc(priceAlerts.createdAt)),
  ]);
  return {
    works: rows.map((row) => {
      const source = sources.get(row.paintingId);
      const alert = alerts.find((a) => a.paintingId === row.paintingId);
      return {
        painting_id: row.paintingId,
        slug: row.slug,
        title_en: row.titleEn,
        title_fr: row.titleFr,
        market: marketState(row.market),
        part_value_minor: {
          EURO: source ? (partValueIn(rates, source, 'EURO') ?? 0) : 0,
          USD: source ? partValueIn(rates, source, 'USD') : null,
        },
        alert: alert
          ? {
              id: alert.id,
              direction: alert.direction as 'above' | 'below',
              threshold_minor: alert.thresholdMinor,
              currency: alert.currency,
              triggered_at: alert.triggeredAt?.toISOString() ?? null,
            }
          : null,
        created_at: row.createdAt.toISOString(),
      };
    }),
  };
}

/** Whether a part's value is on the alert's side of its threshold (reached). */
export function alertReached(direction: 'above' | 'below', valueMinor: number, thresholdMinor: number): boolean {
  return direction === 'above' ? valueMinor >= thresholdMinor : valueMinor <= thresholdMinor;
}

/**
 * Sets the member's price alert on a work (watching it if not yet), replacing a waiting one. An alert fires when the
 * value crosses its threshold: one the value has already reached is refused (400 PriceAlertAlreadyReached), so it
 * could never fire at once without anything having moved.
 */
export async function setPriceAlert(
  db: Executor,
  memberId: string,
  paintingId: string,
  body: TPriceAlertBody,
): Promise<void> {
  await publicWork(db, paintingId);
  const [source, rates] = await Promise.all([
    partValueSources(db, [paintingId]).then((map) => map.get(paintingId)),
    Rates.load(db),
  ]);
  const value = source ? partValueIn(rates, source, body.currency) : null;
  if (value === null) throw new AppError(503, 'RateUnavailable', 'currency');
  if (alertReached(body.direction, value, body.threshold_minor)) {
    throw badRequest('PriceAlertAlreadyReached', 'threshold_minor');
  }
  await inTransaction(db, async (tx) => {
    await tx.insert(watchlist).values({ userId: memberId, paintingId }).onConflictDoNothing();
    await tx
      .update(priceAlerts)
      .set({ cancelledAt: new Date() })
      .where(and(eq(priceAlerts.userId, memberId), eq(priceAlerts.paintingId, paintingId), active));
    await tx.insert(priceAlerts).values({
      userId: memberId,
      paintingId,
      direction: body.direction,
      thresholdMinor: body.threshold_minor,
      currency: body.currency,
    });
  });
}

/** Removes the member's waiting price alert on a work (404 when there is none). */
export async function removePriceAlert(db: Executor, memberId: string, paintingId: string): Promise<void> {
  const removed = await db
    .update(priceAlerts)
    .set({ cancelledAt: new Date() })
    .where(and(eq(priceAlerts.userId, memberId), eq(priceAlerts.paintingId, paintingId), active))
    .returning({ id: priceAlerts.id });
  if (removed.length === 0) throw notFound('PriceAlertNotFound');
}

/**
 * Tells every member watching a work that it opened for purchase (moved to its primary market), inside the
 * transition's transaction. `opensAt`: a scheduled opening, or null when it opens now.
 */
export async function notifyWatchersOfOpening(
  ctx: NotifyContext,
  tx: Executor,
  paintingId: string,
  opensAt: Date | null,
): Promise<number> {
  const watchers = await tx
    .select({ userId: watchlist.userId })
    .from(watchlist)
    .where(eq(watchlist.paintingId, paintingId))
    .orderBy(watchlist.userId);
  for (const watcher of watchers) {
    await notifyMember(ctx, tx, watcher.userId, 'watched_work_opened', {
      painting_id: paintingId,
      opens_at: opensAt?.toISOString() ?? null,
    });
  }
  return watchers.length;
}

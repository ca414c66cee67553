import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { QueueSpec } from '../../adapters/jobs/job-queue';
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/retry';
import { priceAlerts } from '../../db/schema';
import { Rates } from '../fx/rates';
import { notifyMember } from '../notifications/notify';
import { partValueIn, partValueSources } from './part-value';
import { alertReached } from './service';

/** Checks the waiting price alerts after a valuation (of one work) or a rate change (every work) committed. */
export const PRICE_ALERTS_JOB = 'price-alerts-check';

const CHECK: QueueSpec = {
  retryLimit: 5,
  retryDelaySeconds: 30,
  backoff: true,
  expireInSeconds: 300,
  policy: 'standard',
};

/** Asks for a check of the alerts on one work (`paintingId`) or on every work (null: the rate changed). */
export async function checkPriceAlertsLater(ctx: AppContext, paintingId: string | null): Promise<void> {
  await ctx.jobs.send(PRICE_ALERTS_JOB, { paintingId });
}

/**
 * Every waiting alert (of one work, or all) whose threshold the value of a part has reached is marked triggered and
 * its member notified, in one transaction per alert; the update only matches an alert still waiting, so two checks
 * running at once notify once. An alert in a currency without a known rate waits for one. Returns how many fired.
 */
export async function checkPriceAlerts(ctx: AppContext, paintingId: string | null): Promise<number> {
  const db = ctx.database.db;
  const waiting = and(isNull(priceAlerts.triggeredAt), isNull(priceAlerts.cancelledAt));
  const alerts = await db
    .select()
    .from(priceAlerts)
    .where(paintingId ? and(waiting, eq(priceAlerts.paintingId, paintingId)) : waiting);
  if (alerts.length === 0) return 0;
  const [sources, rates] = await Promise.all([
    partValueSources(db, [...new Set(alerts.map((alert) => alert.paintingId))]),
    Rates.load(db),
  ]);
  let fired = 0;
  for (const alert of alerts) {
    const source = sources.get(alert.paintingId);
    const value = source ? partValueIn(rates, source, alert.currency) : null;
    const direction = alert.direction as 'above' | 'below';
    if (value === null || !alertReached(direction, value, alert.thresholdMinor)) continue;
    const notified = await inTransaction(db, async (tx) => {
      const [triggered] = await tx
        .update(priceAlerts)
        .set({ triggeredAt: new Date() })
        .where(and(eq(priceAlerts.id, alert.id), waiting))
        .returning({ id: priceAlerts.id });
      if (!triggered) return false;
      await notifyMember(ctx, tx, alert.userId, 'price_alert_reached', {
        alert_id: alert.id,
        painting_id: alert.paintingId,
        direction,
        threshold_minor: alert.thresholdMinor,
        part_value_minor: value,
        currency: alert.currency,
      });
      return true;
    });
    if (notified) fired++;
  }
  return fired;
}

export function definePriceAlertJobs(ctx: AppContext, log: FastifyBaseLogger): void {
  ctx.jobs.define<{ paintingId: string | null }>(PRICE_ALERTS_JOB, CHECK, async (job) => {
    const fired = await checkPriceAlerts(ctx, job.data.paintingId);
    if (fired > 0) log.info({ fired }, 'price alerts reached');
  });
}

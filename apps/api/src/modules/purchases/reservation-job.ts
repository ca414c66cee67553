import type { FastifyBaseLogger } from 'fastify';
import type { QueueSpec } from '../../adapters/jobs/job-queue';
import type { AppContext } from '../../context';
import { PURCHASE_CONFIRMATION_JOB } from '../notifications/delivery-jobs';
import { releaseExpiredBids } from '../secondary/orders';
import { retryDueRefunds } from './refund-late-payment';
import { releaseExpired } from './release-reservation';
import { type ConfirmationJob, purchasesOfJob, sendConfirmations } from './send-confirmations';
import { announceSale } from './service';

/** Releases unpaid reservations and bids (issue 17) past their time. */
export const RESERVATION_SWEEP_JOB = 'reservation-sweep';
/** Asks the providers again for the refunds of late payments that failed before (payment-provider follow-ups). */
export const REFUND_RETRY_JOB = 'refund-retry';
export const PERIODIC_JOBS = [RESERVATION_SWEEP_JOB, REFUND_RETRY_JOB] as const;

/**
 * One sweep at a time across every process (singleton), and one a window (sendOncePer): a sweep that fails is not
 * retried, the next window's sweep does its work. A sweep still running after a minute is presumed lost (decision
 * 570): a process killed during one leaves it active, and no other sweep starts until pg-boss's supervisor (every
 * 60 s) expires it, so expired reservations stayed held up to 6 minutes after a crash with 300 s, 2 with 60. A sweep
 * takes milliseconds; one that really ran longer than a minute would only overlap the next, which releases nothing
 * twice (each release is conditional on the purchase still pending).
 */
const PERIODIC: QueueSpec = {
  retryLimit: 0,
  retryDelaySeconds: 30,
  backoff: false,
  expireInSeconds: 60,
  policy: 'singleton',
};

/**
 * A confirmation (a settlement's purchases, decision 498) is retried like a message: each attempt enqueues only the
 * emails not already queued. It yields to a drop for up to 10 s (decision 601): writing a drop's emails took a fifth
 * of the server's CPU while members were still buying; the purchase, its certificate and the member's notice are
 * already committed, and only the email waits.
 */
const CONFIRMATION: QueueSpec = {
  retryLimit: 9,
  retryDelaySeconds: 30,
  backoff: true,
  expireInSeconds: 120,
  policy: 'standard',
  yieldsToPurchasesForSeconds: 10,
};

export function definePurchaseJobs(ctx: AppContext, log: FastifyBaseLogger): void {
  ctx.jobs.define<ConfirmationJob>(PURCHASE_CONFIRMATION_JOB, CONFIRMATION, async (job) =>
    sendConfirmations(ctx, purchasesOfJob(job.data)),
  );
  ctx.jobs.define(RESERVATION_SWEEP_JOB, PERIODIC, async () => {
    const released = await releaseExpired(ctx.database.db, new Date(), (paintingId) => announceSale(ctx, paintingId));
    if (released > 0) log.info({ released }, 'expired reservations released');
    // Bids past their expiry give their held funds back in the same sweep (issue 17).
    const expiredBids = await releaseExpiredBids(ctx);
    if (expiredBids > 0) log.info({ expiredBids }, 'expired bids released');
  });
  ctx.jobs.define(REFUND_RETRY_JOB, PERIODIC, async () => {
    const refunded = await retryDueRefunds(ctx, log);
    if (refunded > 0) log.info({ refunded }, 'late payments refunded');
  });
}

/**
 * Every process with workers ticks now (catching up after a restart: a server killed between reservation and
 * payment leaves them pending) and then every `sweepSeconds / 3`; each tick asks for one sweep and one refund retry
 * per window of `sweepSeconds`, and the queue creates each at most once a window whichever process asked first, so
 * the sweep runs once per window across the cluster and keeps running while any one process is up. Returns a stop.
 */
export function startPeriodicJobs(ctx: AppContext, log: FastifyBaseLogger): () => void {
  const window = ctx.config.jobs.sweepSeconds;
  const tick = async () => {
    for (const name of PERIODIC_JOBS) {
      try {
        await ctx.jobs.sendOncePer(name, window);
      } catch (error) {
        log.error({ err: error, job: name }, 'scheduling a periodic job failed');
      }
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), Math.max(1, Math.floor(window / 3)) * 1000);
  timer.unref();
  return () => clearInterval(timer);
}

import type { FastifyBaseLogger } from 'fastify';
import type { QueueSpec } from '../../adapters/jobs/job-queue';
import type { AppContext } from '../../context';
import { recordExpiredCategories } from './category';
import { sweepEvidenceDocuments } from './evidence';

/**
 * The daily record of sophisticated statuses that expired (decision 302; the category is computed at read time), and
 * the evidence files' retention sweep (decision 329).
 */
export const INVESTOR_CATEGORY_EXPIRY_JOB = 'investor-category-expiry';
const SWEEP: QueueSpec = {
  retryLimit: 3,
  retryDelaySeconds: 300,
  backoff: true,
  expireInSeconds: 10 * 60,
  policy: 'singleton',
};
/**
 * Twice a day across the cluster: pg-boss refuses a throttling window longer than its archive interval (12 hours), so
 * a daily window failed at every start and the job never ran. The work is idempotent (what is due is done once).
 */
const WINDOW_SECONDS = 12 * 3600;

export function defineInvestorJobs(ctx: AppContext, log: FastifyBaseLogger): void {
  ctx.jobs.define(INVESTOR_CATEGORY_EXPIRY_JOB, SWEEP, async () => {
    const expired = await recordExpiredCategories(ctx.database.db);
    if (expired > 0) log.info({ expired }, 'sophisticated investor statuses expired');
    // The evidence files past their retention (decision 329) go in the same daily pass: idempotent, like the expiry.
    const deleted = await sweepEvidenceDocuments(ctx.database.db);
    if (deleted > 0) log.info({ deleted }, 'sophistication evidence past its retention deleted');
  });
}

/** Every process with workers asks for one sweep a day; the queue runs one per window across the cluster. */
export function startInvestorCategoryExpiry(ctx: AppContext, log: FastifyBaseLogger): () => void {
  const tick = () =>
    ctx.jobs
      .sendOncePer(INVESTOR_CATEGORY_EXPIRY_JOB, WINDOW_SECONDS)
      .catch((error) =>
        log.error({ err: error, job: INVESTOR_CATEGORY_EXPIRY_JOB }, 'scheduling a periodic job failed'),
      );
  void tick();
  const timer = setInterval(() => void tick(), 3600 * 1000);
  timer.unref();
  return () => clearInterval(timer);
}

import { and, eq, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { QueueSpec } from '../../adapters/jobs/job-queue';
import type { AppContext } from '../../context';
import { users, verificationDocuments, verificationEvents, verifications } from '../../db/schema';

/**
 * Records (issue 29; Code monétaire et financier L.561-12): identity documents and declared data are kept 5 years after
 * the business relationship ends — the account closed (`users.disabled_at`) or the case closed (`closed_at`) — then
 * deleted by this job. The history stays (append-only: states, reason codes), with one more event saying what was
 * deleted and when.
 */
export const RETENTION_YEARS = 5;
export const VERIFICATION_RETENTION_JOB = 'verification-retention';
const SWEEP: QueueSpec = {
  retryLimit: 3,
  retryDelaySeconds: 300,
  backoff: true,
  expireInSeconds: 30 * 60,
  policy: 'singleton',
};
/**
 * Twice a day across the cluster: pg-boss refuses a throttling window longer than its archive interval (12 hours), so
 * a daily window failed at every start and the job never ran. The work is idempotent (what is due is done once).
 */
const WINDOW_SECONDS = 12 * 3600;

/** Deletes what the retention rule allows no longer to keep; answers the number of cases emptied. */
export async function sweepVerificationRecords(ctx: AppContext, now = new Date()): Promise<number> {
  const limit = new Date(now);
  limit.setUTCFullYear(limit.getUTCFullYear() - RETENTION_YEARS);
  const db = ctx.database.db;
  const due = await db
    .select({ id: verifications.id, state: verifications.state })
    .from(verifications)
    .innerJoin(users, eq(users.id, verifications.userId))
    .where(
      and(
        or(lte(users.disabledAt, limit), lte(verifications.closedAt, limit)),
        or(
          isNotNull(verifications.declaration),
          sql`EXISTS (SELECT 1 FROM ${verificationDocuments} WHERE ${verificationDocuments.verificationId} = ${verifications.id})`,
        ),
      ),
    );
  for (const row of due) {
    await db.transaction(async (tx) => {
      const deleted = await tx
        .delete(verificationDocuments)
        .where(eq(verificationDocuments.verificationId, row.id))
        .returning({ id: verificationDocuments.id });
      await tx.update(verifications).set({ declaration: null, updatedAt: now }).where(eq(verifications.id, row.id));
      await tx.insert(verificationEvents).values({
        verificationId: row.id,
        fromState: row.state,
        toState: row.state,
        actor: 'system',
        actorId: null,
        reasonCode: 'retention_deleted',
        message: `${deleted.length} document(s) and the declared data deleted after the retention period`,
      });
    });
  }
  return due.length;
}

export function defineVerificationJobs(ctx: AppContext, log: FastifyBaseLogger): void {
  ctx.jobs.define(VERIFICATION_RETENTION_JOB, SWEEP, async () => {
    const emptied = await sweepVerificationRecords(ctx);
    if (emptied > 0) log.info({ emptied }, 'verification records past their retention deleted');
  });
}

/** Every process with workers asks for one sweep a day; the queue creates one a window across the cluster. */
export function startVerificationRetention(ctx: AppContext, log: FastifyBaseLogger): () => void {
  const tick = () =>
    ctx.jobs
      .sendOncePer(VERIFICATION_RETENTION_JOB, WINDOW_SECONDS)
      .catch((error) => log.error({ err: error, job: VERIFICATION_RETENTION_JOB }, 'scheduling a periodic job failed'));
  void tick();
  const timer = setInterval(() => void tick(), 3600 * 1000);
  timer.unref();
  return () => clearInterval(timer);
}

import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from './context';
import { defineEcbJobs, startEcbRates } from './modules/fx/ecb';
import { defineInvestorJobs, startInvestorCategoryExpiry } from './modules/investor/jobs';
import { defineAnnualStatementJobs, startAnnualStatements } from './modules/member/annual-statement-jobs';
import { defineStatementJobs, startStatementSweep } from './modules/member/statement-jobs';
import { defineDeliveryJobs } from './modules/notifications/delivery-jobs';
import { defineNotificationJobs } from './modules/notifications/notify';
import { definePurchaseJobs, startPeriodicJobs } from './modules/purchases/reservation-job';
import { defineSanctionsJobs, startSanctionsList } from './modules/sanctions';
import { defineProviderJobs, startProviderPoll } from './modules/verification/providers/provider-flow';
import { defineVerificationJobs, startVerificationRetention } from './modules/verification/retention';
import { verificationRescreenHooks } from './modules/verification/screening';
import { definePriceAlertJobs } from './modules/watchlist/alerts';

/**
 * Every kind of background job, defined in its module; the queue is then started (its tables created on the first
 * start). Enqueuing works from here on, in any process; running jobs needs startJobWorkers.
 */
export async function startJobQueue(ctx: AppContext, log: FastifyBaseLogger): Promise<void> {
  defineDeliveryJobs(ctx, log);
  defineNotificationJobs(ctx);
  definePriceAlertJobs(ctx, log);
  definePurchaseJobs(ctx, log);
  defineEcbJobs(ctx, log);
  defineStatementJobs(ctx, log);
  defineAnnualStatementJobs(ctx, log);
  // A new list version re-screens every verified member (modules/verification/screening.ts).
  defineSanctionsJobs(ctx, log, verificationRescreenHooks(ctx));
  defineVerificationJobs(ctx, log);
  defineProviderJobs(ctx, log);
  defineInvestorJobs(ctx, log);
  await ctx.jobs.start({
    onError: (error) => log.error({ err: error }, 'job queue'),
    // The job's name and attempt, and the error's kind and message: never its data (it may name a member). Not under
    // `err`: the app's serializer of that key reads an Error, and wrote this plain object as "[object Object]".
    onJobFailed: ({ name, id, retryCount, error }) =>
      log.warn({ job: name, jobId: id, retryCount, error: { type: error.name, message: error.message } }, 'job failed'),
  });
}

/** Servers only (tests drain instead): workers poll every queue, and the periodic jobs are asked for. */
export async function startJobWorkers(ctx: AppContext, log: FastifyBaseLogger): Promise<() => void> {
  await ctx.jobs.work();
  const stopPeriodic = startPeriodicJobs(ctx, log);
  const stopEcb = startEcbRates(ctx, log);
  const stopStatementSweep = startStatementSweep(ctx, log);
  const stopAnnualStatements = startAnnualStatements(ctx, log);
  const stopSanctions = startSanctionsList(ctx, log);
  const stopRetention = startVerificationRetention(ctx, log);
  const stopProviderPoll = startProviderPoll(ctx, log);
  const stopInvestorExpiry = startInvestorCategoryExpiry(ctx, log);
  return () => {
    stopInvestorExpiry();
    stopProviderPoll();
    stopSanctions();
    stopRetention();
    stopPeriodic();
    stopEcb();
    stopStatementSweep();
    stopAnnualStatements();
  };
}

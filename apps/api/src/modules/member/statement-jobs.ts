import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Currency, Language } from '@parcelle/shared';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { QueueSpec } from '../../adapters/jobs/job-queue';
import type { AppContext } from '../../context';
import { memberStatements, users } from '../../db/schema';
import { notFound, RetryLaterError } from '../../http/errors';
import { Rates } from '../fx/rates';
import { annualCsv, annualPdf, annualReport } from './annual-statement';
import { allEvents } from './history';
import { partsMovements } from './parts-movements';
import {
  ANNUAL,
  STATEMENT_LINK_SECONDS,
  type StatementFormat,
  type StatementLink,
  type StatementType,
  signedStatementPath,
  statementCsv,
  statementPdf,
  YEAR_TYPES,
  YEARLY,
} from './statements';
import { yearlyCsv, yearlyPdf, yearlyReport } from './yearly-statement';

/**
 * Statements are rendered by a job (issue 13 §4), not inside a request: asking for the download links enqueues one
 * job, whose id is the statement's id in both links; the job renders the PDF and the CSV from one reading of the
 * history (the two files agree, and the web app reuses one pair of links for both buttons) and stores them until the
 * links expire. Opening a link serves the stored file, waiting a few seconds for the job if it has not run yet.
 */
export const STATEMENT_JOB = 'statement-render';
/** Deletes the stored statements whose links have expired (personal data kept no longer than needed). */
export const STATEMENT_SWEEP_JOB = 'statement-sweep';

/**
 * A failed rendering is retried 4 times, 5 s then doubling (5, 10, 20, 40 s): well inside the links' 10 minutes.
 * A job still active after 2 minutes is presumed lost with its process and retried.
 */
const RENDER: QueueSpec = {
  retryLimit: 4,
  retryDelaySeconds: 5,
  backoff: true,
  expireInSeconds: 120,
  policy: 'standard',
};

/** One sweep at a time across every process; a failed sweep is not retried, the next window's does its work. */
const SWEEP: QueueSpec = {
  retryLimit: 0,
  retryDelaySeconds: 60,
  backoff: false,
  expireInSeconds: 300,
  policy: 'singleton',
};
/** Statements expire with their links: swept at most this long after (the links refuse them from their expiry). */
const SWEEP_WINDOW_SECONDS = 5 * 60;
/** What a link not ready yet asks the browser to wait before trying again (the first retry's delay). */
const RETRY_AFTER_SECONDS = RENDER.retryDelaySeconds;
/** How often a link waiting for its job looks for the file. */
const POLL_MS = 250;

/** `year` and `currency`: a YEARLY statement's year and the member's currency (its amounts' currency). */
type RenderJob = {
  userId: string;
  type: StatementType;
  lang: Language;
  expires: number;
  year?: number;
  currency?: Currency;
};

/**
 * The download request: enqueues the rendering of the member's statement of `type` (a new job, so a new request
 * renders afresh) and answers the signed links to its two files.
 */
export async function requestStatement(
  ctx: AppContext,
  member: { id: string; language: Language; currency: Currency },
  type: StatementType,
  year?: number,
): Promise<{ expires: number; paths: Record<StatementFormat, string> }> {
  const id = randomUUID();
  const expires = Math.floor(Date.now() / 1000) + STATEMENT_LINK_SECONDS;
  const yearly = YEAR_TYPES.includes(type) && year !== undefined ? { year } : {};
  const job: RenderJob = {
    userId: member.id,
    type,
    lang: member.language,
    expires,
    currency: member.currency,
    ...yearly,
  };
  await ctx.jobs.send(STATEMENT_JOB, job, { id });
  const link = { id, type, userId: member.id, expires, lang: member.language, ...yearly };
  const secret = ctx.config.serverSecret;
  return {
    expires,
    paths: {
      pdf: signedStatementPath(secret, { ...link, format: 'pdf' }),
      csv: signedStatementPath(secret, { ...link, format: 'csv' }),
    },
  };
}

/**
 * The job: renders both files as of now and stores them under the job's id. Run again after a failure (or by a second
 * process after its first one died), it stores nothing twice. A member disabled or gone meanwhile gets no statement
 * (the link answers 404), nor does a link already expired.
 */
async function renderStatement(ctx: AppContext, id: string, job: RenderJob): Promise<void> {
  const db = ctx.database.db;
  const expiresAt = new Date(job.expires * 1000);
  if (expiresAt.getTime() <= Date.now()) return;
  const [owner] = await db.select().from(users).where(eq(users.id, job.userId));
  if (!owner || owner.disabledAt) return;
  const createdAt = new Date();
  const memberName = `${owner.firstName} ${owner.lastName}`;
  let pdf: Uint8Array;
  let csv: string;
  if (job.type === ANNUAL) {
    // The annual statement of holdings (issue 30): the register at the year's end, the latest valuations.
    if (job.year === undefined) return;
    const report = await annualReport(db, owner.id, job.year, job.currency ?? owner.currency, await Rates.load(db));
    pdf = await annualPdf({ report, lang: job.lang, memberName, generatedAt: createdAt });
    csv = annualCsv(report, job.lang);
  } else if (job.type === YEARLY) {
    // The yearly statement (issue 17): one year's purchases, sales with FIFO gains and dividends.
    if (job.year === undefined) return;
    const [movements, rates] = await Promise.all([partsMovements(db, owner.id), Rates.load(db)]);
    const report = yearlyReport(movements, job.year, job.currency ?? owner.currency, rates);
    pdf = await yearlyPdf({ report, lang: job.lang, memberName, generatedAt: createdAt });
    csv = yearlyCsv(report, job.lang);
  } else {
    const events = await allEvents(db, owner.id, job.type);
    pdf = await statementPdf({ type: job.type, events, lang: job.lang, memberName, generatedAt: createdAt });
    csv = statementCsv(job.type, events, job.lang);
  }
  const row = { id, userId: owner.id, type: job.type, language: job.lang, createdAt, expiresAt };
  await db
    .insert(memberStatements)
    .values([
      { ...row, format: 'pdf', content: Buffer.from(pdf) },
      { ...row, format: 'csv', content: Buffer.from(csv, 'utf8') },
    ])
    .onConflictDoNothing();
}

/** Deletes every stored statement whose links have expired; answers how many files. */
export async function sweepStatements(ctx: AppContext, now = new Date()): Promise<number> {
  const deleted = await ctx.database.db
    .delete(memberStatements)
    .where(lt(memberStatements.expiresAt, now))
    .returning({ id: memberStatements.id });
  return deleted.length;
}

/**
 * The file a valid link names: its member must still be enabled (else 404). Not rendered yet, it is looked for every
 * 250 ms for up to STATEMENT_WAIT_SECONDS; then a 503 with Retry-After says to come back (the job may be waiting for
 * a worker, or for its retry after a failure). Nothing is rendered here.
 */
export async function storedStatement(
  ctx: AppContext,
  link: StatementLink,
): Promise<{ content: Buffer; createdAt: Date }> {
  const db = ctx.database.db;
  const [owner] = await db.select({ disabledAt: users.disabledAt }).from(users).where(eq(users.id, link.userId));
  if (!owner || owner.disabledAt) throw notFound();
  const deadline = Date.now() + ctx.config.statementWaitMs;
  for (;;) {
    const [file] = await db
      .select({ content: memberStatements.content, createdAt: memberStatements.createdAt })
      .from(memberStatements)
      .where(
        and(
          eq(memberStatements.id, link.id),
          eq(memberStatements.format, link.format),
          eq(memberStatements.userId, link.userId),
          gt(memberStatements.expiresAt, new Date()),
        ),
      );
    if (file) return file;
    const left = deadline - Date.now();
    if (left <= 0) throw new RetryLaterError(RETRY_AFTER_SECONDS, 'StatementPreparing', 503);
    await sleep(Math.min(POLL_MS, left));
  }
}

export function defineStatementJobs(ctx: AppContext, log: FastifyBaseLogger): void {
  ctx.jobs.define<RenderJob>(STATEMENT_JOB, RENDER, (job) => renderStatement(ctx, job.id, job.data));
  ctx.jobs.define(STATEMENT_SWEEP_JOB, SWEEP, async () => {
    const deleted = await sweepStatements(ctx);
    if (deleted > 0) log.info({ deleted }, 'expired statements deleted');
  });
}

/** Every process with workers asks for one sweep a window; the queue creates one a window across the cluster. */
export function startStatementSweep(ctx: AppContext, log: FastifyBaseLogger): () => void {
  const tick = () =>
    ctx.jobs
      .sendOncePer(STATEMENT_SWEEP_JOB, SWEEP_WINDOW_SECONDS)
      .catch((error) => log.error({ err: error, job: STATEMENT_SWEEP_JOB }, 'scheduling a periodic job failed'));
  void tick();
  const timer = setInterval(() => void tick(), (SWEEP_WINDOW_SECONDS / 3) * 1000);
  timer.unref();
  return () => clearInterval(timer);
}

import {
  type TVerificationProviderSession,
  type TVerificationProviderState,
  VerificationState,
} from '@parcelle/shared';
import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { QueueSpec } from '../../../adapters/jobs/job-queue';
import type { VerificationProviderName } from '../../../config';
import type { AppContext } from '../../../context';
import { verificationProviderCases, verificationProviderEvents, verifications } from '../../../db/schema';
import type { Member } from '../../../http/authenticate';
import { AppError, conflict, notFound } from '../../../http/errors';
import { applyProviderReview } from './provider-decision';
import { SumsubVerificationProvider } from './sumsub';
import { ProviderUnavailable } from './sumsub-client';
import { eventKey } from './sumsub-signature';

/**
 * The hosted provider's flow around the case (issue 29, decisions 290–294): the member's session, the webhook's
 * intake, the check that reads the decision from the provider's API, and the poll for decisions whose webhook is late.
 */
export const PROVIDER_CHECK_JOB = 'verification-provider-check';
export const PROVIDER_POLL_JOB = 'verification-provider-poll';

const CHECK: QueueSpec = {
  retryLimit: 8,
  retryDelaySeconds: 60,
  backoff: true,
  expireInSeconds: 300,
  policy: 'standard',
};
const POLL: QueueSpec = {
  retryLimit: 2,
  retryDelaySeconds: 60,
  backoff: true,
  expireInSeconds: 900,
  policy: 'singleton',
};
/** Cases asked for per poll (the next poll takes the rest). */
const POLL_BATCH = 100;

export function hostedProviderOf(ctx: AppContext): SumsubVerificationProvider | null {
  return ctx.verification instanceof SumsubVerificationProvider ? ctx.verification : null;
}

/** The round's record with the provider, as the member's step reads it. */
type ProviderCaseTimes = { provider: string; sentAt: Date; sessionOpenedAt: Date | null; decidedAt: Date | null };

/**
 * The member's step with a hosted provider (decision 345), pure. Only the configured provider's record counts, and only
 * for the current round: a session opened before the last submission (`sent_at` moves at each) is not this round's.
 * Awaiting steps exist only while the case is in review — the only state in which a session may be opened.
 */
export function providerStep(
  configured: VerificationProviderName,
  state: VerificationState,
  record: ProviderCaseTimes | null,
): TVerificationProviderState['step'] {
  if (configured === 'manual' || !record || record.provider !== configured) return 'none';
  if (record.decidedAt) return 'decided';
  if (state !== VerificationState.InReview) return 'none';
  return record.sessionOpenedAt && record.sessionOpenedAt >= record.sentAt ? 'with_provider' : 'to_open';
}

/** The provider configured on the server and the member's step with it, for GET /user/verification. */
export async function providerStateOf(
  ctx: AppContext,
  verificationId: string | null,
  state: VerificationState,
): Promise<TVerificationProviderState> {
  const configured = ctx.verification.name;
  // The contract names the providers this build has an adapter for; verificationProviderFor refuses the others.
  const name = configured === 'sumsub' ? 'sumsub' : 'manual';
  if (name === 'manual' || !verificationId) return { name, step: 'none' };
  const [record] = await ctx.database.db
    .select({
      provider: verificationProviderCases.provider,
      sentAt: verificationProviderCases.sentAt,
      sessionOpenedAt: verificationProviderCases.sessionOpenedAt,
      decidedAt: verificationProviderCases.decidedAt,
    })
    .from(verificationProviderCases)
    .where(eq(verificationProviderCases.verificationId, verificationId));
  return { name, step: providerStep(configured, state, record ?? null) };
}

/**
 * Where the hosted check sends the member back (decision 346): their verification page on the site, which reads the
 * state again (the decision itself arrives by webhook and API, never by this return).
 */
export function providerReturnUrl(ctx: AppContext): string {
  return `${ctx.config.publicUrl}/user/verification?from=provider`;
}

/**
 * POST /user/verification/provider-session: the member's own case only (the member is the session's), once it is in
 * review and still awaiting the provider's decision. Creates the applicant on first use (`externalUserId` = member id).
 */
export async function openProviderSession(
  ctx: AppContext,
  member: Pick<Member, 'id'>,
): Promise<TVerificationProviderSession> {
  const provider = hostedProviderOf(ctx);
  if (!provider) throw notFound('VerificationProviderNotUsed');
  const db = ctx.database.db;
  const [link] = await db
    .select({ link: verificationProviderCases, state: verifications.state })
    .from(verificationProviderCases)
    .innerJoin(verifications, eq(verifications.id, verificationProviderCases.verificationId))
    .where(and(eq(verifications.userId, member.id), eq(verificationProviderCases.provider, provider.name)));
  if (!link || link.state !== VerificationState.InReview || link.link.decidedAt !== null) {
    throw conflict('VerificationProviderNotAwaiting');
  }
  try {
    let applicantId = link.link.applicantId;
    if (!applicantId) {
      applicantId = await provider.applicantFor(member.id);
      await db
        .update(verificationProviderCases)
        .set({ applicantId })
        .where(eq(verificationProviderCases.verificationId, link.link.verificationId));
    }
    const session = await provider.session(member.id, providerReturnUrl(ctx));
    await db
      .update(verificationProviderCases)
      .set({ sessionOpenedAt: new Date() })
      .where(eq(verificationProviderCases.verificationId, link.link.verificationId));
    return {
      provider: provider.name,
      applicant_id: applicantId,
      access_token: session.accessToken,
      url: session.url,
      expires_at: session.expiresAt.toISOString(),
    };
  } catch (error) {
    if (error instanceof ProviderUnavailable) throw new AppError(503, 'VerificationProviderUnavailable');
    throw error;
  }
}

/**
 * A verified webhook: stored as received (append-only), once — a replay or a retry of the same bytes finds its digest
 * and does nothing — and, when new, a check of its applicant enqueued in the same transaction.
 */
export async function receiveProviderWebhook(
  ctx: AppContext,
  provider: SumsubVerificationProvider,
  rawBody: Buffer,
  event: { type: string; applicantId: string | null },
): Promise<'stored' | 'duplicate'> {
  return ctx.database.db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(verificationProviderEvents)
      .values({
        provider: provider.name,
        digest: eventKey(rawBody),
        type: event.type,
        applicantId: event.applicantId,
        rawBody: rawBody.toString('utf8'),
      })
      .onConflictDoNothing({ target: [verificationProviderEvents.provider, verificationProviderEvents.digest] })
      .returning({ id: verificationProviderEvents.id });
    if (!stored) return 'duplicate';
    if (event.applicantId && event.type.startsWith('applicant')) {
      await ctx.jobs.sendIn(tx, PROVIDER_CHECK_JOB, { applicantId: event.applicantId });
    }
    return 'stored';
  });
}

/** Reads the applicant's review from the provider's API and applies it (provider-decision.ts). */
export async function checkApplicant(ctx: AppContext, applicantId: string) {
  const provider = hostedProviderOf(ctx);
  if (!provider) return 'none' as const;
  const review = await provider.review(applicantId);
  return applyProviderReview(ctx, provider.name, review);
}

/**
 * The poll: cases sent to the provider more than `pollMinutes` ago, with an applicant and no decision yet, not asked
 * within the same period, are checked as a webhook would have them checked. Answers how many were asked.
 */
export async function pollLateDecisions(ctx: AppContext, now = new Date()): Promise<number> {
  const provider = hostedProviderOf(ctx);
  if (!provider) return 0;
  const before = new Date(now.getTime() - ctx.config.verification.pollMinutes * 60_000);
  const due = await ctx.database.db
    .select({ applicantId: verificationProviderCases.applicantId })
    .from(verificationProviderCases)
    .where(
      and(
        eq(verificationProviderCases.provider, provider.name),
        isNull(verificationProviderCases.decidedAt),
        isNotNull(verificationProviderCases.applicantId),
        lt(verificationProviderCases.sentAt, before),
        or(isNull(verificationProviderCases.checkedAt), lt(verificationProviderCases.checkedAt, before)),
      ),
    )
    .orderBy(verificationProviderCases.sentAt)
    .limit(POLL_BATCH);
  for (const { applicantId } of due) {
    if (applicantId) await checkApplicant(ctx, applicantId);
  }
  return due.length;
}

export function defineProviderJobs(ctx: AppContext, log: FastifyBaseLogger): void {
  ctx.jobs.define<{ applicantId: string }>(PROVIDER_CHECK_JOB, CHECK, async (job) => {
    const outcome = await checkApplicant(ctx, job.data.applicantId);
    log.info({ applicantId: job.data.applicantId, outcome }, 'verification provider review checked');
  });
  ctx.jobs.define(PROVIDER_POLL_JOB, POLL, async () => {
    const asked = await pollLateDecisions(ctx);
    if (asked > 0) log.info({ asked }, 'verification provider polled for late decisions');
  });
}

/** With a hosted provider, every process with workers asks for a poll each period; the queue creates one per window. */
export function startProviderPoll(ctx: AppContext, log: FastifyBaseLogger): () => void {
  if (!hostedProviderOf(ctx)) return () => {};
  const seconds = Math.max(60, Math.floor((ctx.config.verification.pollMinutes * 60) / 3));
  const tick = () =>
    ctx.jobs
      .sendOncePer(PROVIDER_POLL_JOB, seconds)
      .catch((error) => log.error({ err: error, job: PROVIDER_POLL_JOB }, 'scheduling a periodic job failed'));
  void tick();
  const timer = setInterval(() => void tick(), seconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}

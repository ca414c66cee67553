import { createHash, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue, QueueSpec } from '../../adapters/jobs/job-queue';
import {
  type MailQueue,
  type OutgoingEmail,
  type OutgoingSms,
  type QueuedEmail,
  SmsDeliveryError,
} from '../../adapters/mail/mailer';
import type { AppContext } from '../../context';

export const EMAIL_JOB = 'email-send';
export const SMS_JOB = 'sms-send';
/** A settled purchase's confirmation (and its sellers' notices): written by a job after the commit (issue 16). */
export const PURCHASE_CONFIRMATION_JOB = 'purchase-confirmation';
/**
 * The queues whose jobs end in a message: drained by tests and by the development outbox before they read it, in this
 * order (a confirmation job enqueues its email).
 */
/** A member's notification by email (issue 17; notify.ts): enqueued with the notification, it enqueues its email. */
export const NOTIFICATION_EMAIL_JOB = 'notification-email';
export const DELIVERY_JOBS = [PURCHASE_CONFIRMATION_JOB, NOTIFICATION_EMAIL_JOB, EMAIL_JOB, SMS_JOB] as const;

/**
 * A message is tried 10 times over about 4 hours (30 s, 1 min, 2 min … doubling): a provider's outage of an afternoon
 * delays mail, it does not lose it. A job running longer than 2 minutes is presumed lost with its process and retried.
 */
export const DELIVERY: QueueSpec = {
  retryLimit: 9,
  retryDelaySeconds: 30,
  backoff: true,
  expireInSeconds: 120,
  policy: 'standard',
};

/**
 * How long one attempt may send: half the job's expiry. An attempt still sending when its job expires would be
 * retried by another worker while it goes on, and the member would get the message twice (decision 535); ended at
 * this deadline, it fails and is retried with backoff like any provider failure.
 */
export const SEND_DEADLINE_MS = (DELIVERY.expireInSeconds * 1000) / 2;

/**
 * What services call to send an email: the message is enqueued (one job, its id the message's id) and sent after
 * the request by whichever process fetches it, retried with backoff when SMTP fails.
 */
export class QueuedMailer implements MailQueue {
  constructor(private readonly jobs: JobQueue) {}

  async sendEmail(email: OutgoingEmail): Promise<void> {
    await this.jobs.send(EMAIL_JOB, { email }, { id: randomUUID() });
  }

  /** Several messages in one statement; one whose id is already queued is not queued again (decision 498). */
  async sendEmails(messages: readonly QueuedEmail[]): Promise<void> {
    await this.jobs.sendMany(
      EMAIL_JOB,
      messages.map(({ id, email }) => ({ id, data: { email } })),
    );
  }
}

/** Name-based UUIDs (RFC 9562 version 5) of Parcelle's messages: this namespace, then what the message is about. */
const MESSAGE_NAMESPACE = Buffer.from('6f1c2a0e5b7d4c3e9a8f0d2b4c6e8a1f', 'hex');

/**
 * The id of the message about `subject` (`purchase-confirmation/<purchase id>`…): the same at every attempt of the job
 * that sends it, so a retried job queues no second copy, and SMTP's Message-ID (the email job's id) stays the same.
 */
export function messageIdOf(subject: string): string {
  const hash = createHash('sha1').update(MESSAGE_NAMESPACE).update(subject).digest();
  hash[6] = ((hash[6] as number) & 0x0f) | 0x50;
  hash[8] = ((hash[8] as number) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * A notification by SMS (a change of the account's details), sent by a job like an email. Codes by SMS are not
 * queued (modules/notifications/sms.ts, decision in docs/decisions.md): the member waits for them, and is told at
 * once when the provider refuses the number.
 */
export async function queueSms(ctx: AppContext, sms: OutgoingSms): Promise<void> {
  await ctx.jobs.send(SMS_JOB, { sms }, { id: randomUUID() });
}

/** An SMTP answer in the 5xx range refuses this message for good (no such mailbox…): retrying cannot help. */
function permanentSmtpFailure(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/**
 * What a failed attempt leaves in the job's row: the provider's code, never its message (SMTP's names the address).
 */
function retryableFailure(channel: 'SMTP' | 'SMS', error: unknown): Error {
  const { responseCode, code, httpStatus } = error as { responseCode?: unknown; code?: unknown; httpStatus?: unknown };
  const detail = [responseCode, code, httpStatus].filter((part) => part !== undefined && part !== null).join(' ');
  return new Error(`${channel} delivery failed${detail ? ` (${detail})` : ''}; retried with backoff`);
}

/**
 * The delivery jobs. A message refused for good is logged (by its job id and the provider's code only: never the
 * address, the number or the text) and completed; any other failure throws, and pg-boss retries it with backoff.
 */
export function defineDeliveryJobs(ctx: AppContext, log: FastifyBaseLogger): void {
  ctx.jobs.define<{ email: OutgoingEmail }>(EMAIL_JOB, DELIVERY, async (job) => {
    try {
      await ctx.delivery.mailer.sendEmail(job.data.email, {
        messageId: job.id,
        signal: AbortSignal.timeout(SEND_DEADLINE_MS),
      });
    } catch (error) {
      if (!permanentSmtpFailure(error)) throw retryableFailure('SMTP', error);
      log.warn({ job: job.id, smtpCode: (error as { responseCode: number }).responseCode }, 'email refused for good');
    }
  });
  ctx.jobs.define<{ sms: OutgoingSms }>(SMS_JOB, DELIVERY, async (job) => {
    try {
      await ctx.delivery.sms.sendSms(job.data.sms);
    } catch (error) {
      if (!(error instanceof SmsDeliveryError) || error.kind !== 'rejected') throw retryableFailure('SMS', error);
      log.warn({ job: job.id, providerCode: error.providerCode }, 'SMS refused for good');
    }
  });
}

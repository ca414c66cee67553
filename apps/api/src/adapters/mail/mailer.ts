/** A message to one recipient, already rendered in the recipient's language. */
export type OutgoingEmail = { to: string; subject: string; text: string; html?: string };
export type OutgoingSms = { to: string; text: string };

/**
 * A delivery attempt of one queued message: `messageId` is the message's job id, the same at every retry. SMTP sends
 * it as the Message-ID header (receivers that dedupe on it show one message); neither SMTP nor Twilio's Messages API
 * takes an idempotency key, so a retry after a crash between the provider's acceptance and the job's completion may
 * deliver twice (at-least-once, docs/architecture.md). `signal` ends an attempt that is still running at its deadline
 * (the connection closed, the send failed and retried later): an attempt may not outlive its job, or the job's
 * retry would send the same message beside it.
 */
export type DeliveryOptions = { messageId?: string; signal?: AbortSignal };

/**
 * Sends email. Implementations: SMTP (nodemailer) or the development outbox (delivery, run by the email job), and
 * the queue (what services call: the message is sent by a job, after the request, with retries).
 */
export interface Mailer {
  sendEmail(email: OutgoingEmail, options?: DeliveryOptions): Promise<void>;
}

/** An email to enqueue under its own id: the same message enqueued twice under one id is sent once. */
export type QueuedEmail = { id: string; email: OutgoingEmail };

/**
 * What services call to send email (the queue, delivery-jobs.ts): one message, or several in one statement, each
 * under an id its sender derived from what it is about (`messageIdOf`), so sending them again sends nothing more.
 */
export interface MailQueue extends Mailer {
  sendEmails(messages: readonly QueuedEmail[]): Promise<void>;
}

/**
 * Sends SMS: Twilio in production, the outbox in development. Throws SmsDeliveryError when the provider refuses the
 * message or cannot be reached, so the caller can tell the member instead of pretending it was sent.
 */
export interface SmsSender {
  sendSms(sms: OutgoingSms): Promise<void>;
}

/**
 * An SMS the provider did not accept: `rejected` (the provider refused this message: an invalid or unreachable
 * number, a number that opted out…) or `unavailable` (the provider failed, timed out or could not be reached; worth
 * trying again later). Its message names the HTTP status and the provider's error code only, never the number or
 * the text (personal data; the text may hold a code).
 */
export class SmsDeliveryError extends Error {
  constructor(
    readonly kind: 'rejected' | 'unavailable',
    readonly httpStatus: number | null,
    readonly providerCode: number | null,
  ) {
    super(`SMS not accepted by the provider: ${kind} (HTTP ${httpStatus ?? 'none'}, code ${providerCode ?? 'none'})`);
    this.name = 'SmsDeliveryError';
  }
}

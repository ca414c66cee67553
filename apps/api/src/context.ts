import type { CaptchaVerifier } from './adapters/captcha/captcha';
import type { JobQueue } from './adapters/jobs/job-queue';
import type { CounterStore } from './adapters/limits/counters';
import type { Mailer, MailQueue, SmsSender } from './adapters/mail/mailer';
import type { CardPayments, PaypalPayments } from './adapters/payments/payments';
import type { Storage } from './adapters/storage/storage';
import type { AppConfig } from './config';
import type { DatabaseHandle } from './db/client';
import type { PurchasesInFlight } from './db/turns';
import type { CatalogueChanges } from './modules/catalogue/changes';
import type { VerificationProvider } from './modules/verification/provider';

/** What every service needs from the outside world, built once at start-up (tests build their own). */
export type AppContext = {
  config: AppConfig;
  database: DatabaseHandle;
  /** Email as services send it: enqueued, then delivered by the email job (retries with backoff). */
  mailer: MailQueue;
  /** SMS sent now, in the request: codes, whose refusal the member must be told of. Notices go through queueSms. */
  sms: SmsSender;
  /** The transports the delivery jobs use: SMTP or the outbox, Twilio or the outbox. */
  delivery: { mailer: Mailer; sms: SmsSender };
  /** Background jobs, once across every process (pg-boss on this database). */
  jobs: JobQueue;
  /**
   * The purchases this process is reserving or settling (the works' turns): the job kinds that yield to a drop wait
   * while any is in flight, within their bound (decision 601).
   */
  purchasesInFlight: PurchasesInFlight;
  captcha: CaptchaVerifier;
  /** Uploaded media (profile pictures), served under /media/. */
  storage: Storage;
  /**
   * Expiring counters (failed sign-ins per account and per IP, their delays): in this process's memory, or in Redis
   * with REDIS_URL, where the per-route rate limits are counted too.
   */
  counters: CounterStore;
  /** Card (Stripe or sandbox) and PayPal (Orders API or sandbox). */
  payments: { card: CardPayments; paypal: PaypalPayments };
  /** Announced after commit whenever a public catalogue read may have changed (issue 16). */
  catalogueChanges: CatalogueChanges;
  /** Who checks members' identities (issue 29): the manual compliance queue unless VERIFICATION_PROVIDER names another. */
  verification: VerificationProvider;
};

import type { CaptchaVerifier } from './adapters/captcha/captcha';
import type { CounterStore } from './adapters/limits/counters';
import type { Mailer, SmsSender } from './adapters/mail/mailer';
import type { CardPayments, PaypalPayments } from './adapters/payments/payments';
import type { Storage } from './adapters/storage/storage';
import type { AppConfig } from './config';
import type { DatabaseHandle } from './db/client';

/** What every service needs from the outside world, built once at start-up (tests build their own). */
export type AppContext = {
  config: AppConfig;
  database: DatabaseHandle;
  mailer: Mailer;
  sms: SmsSender;
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
};

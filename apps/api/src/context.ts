import type { CaptchaVerifier } from './adapters/captcha/captcha';
import type { Mailer, SmsSender } from './adapters/mail/mailer';
import type { CardPayments, PaypalPayments } from './adapters/payments/payments';
import type { Storage } from './adapters/storage/storage';
import type { AppConfig } from './config';
import type { DatabaseHandle } from './db/client';
import type { AttemptLimiter } from './http/attempt-limiter';

/** What every service needs from the outside world, built once at start-up (tests build their own). */
export type AppContext = {
  config: AppConfig;
  database: DatabaseHandle;
  mailer: Mailer;
  sms: SmsSender;
  captcha: CaptchaVerifier;
  /** Uploaded media (profile pictures), served under /media/. */
  storage: Storage;
  /** Failed sign-ins per account, to slow down password guessing across many IPs. */
  accountAttempts: AttemptLimiter;
  /** Card (Stripe or sandbox) and PayPal (Orders API or sandbox). */
  payments: { card: CardPayments; paypal: PaypalPayments };
};

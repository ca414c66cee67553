import { join } from 'node:path';
import { AltchaVerifier } from './adapters/captcha/altcha';
import type { CaptchaVerifier } from './adapters/captcha/captcha';
import { SiteVerifyCaptcha } from './adapters/captcha/siteverify';
import { PgBossQueue } from './adapters/jobs/pg-boss-queue';
import { type CounterStore, MemoryCounterStore } from './adapters/limits/counters';
import { createRedisClient, RedisCounterStore } from './adapters/limits/redis-counters';
import { OutboxMailer } from './adapters/mail/outbox';
import { SmtpMailer } from './adapters/mail/smtp';
import { TwilioSms } from './adapters/mail/twilio-sms';
import { PaypalOrdersPayments } from './adapters/payments/paypal-orders';
import { SandboxCardPayments } from './adapters/payments/sandbox-card';
import { SandboxPaypalPayments } from './adapters/payments/sandbox-paypal';
import { StripeCardPayments } from './adapters/payments/stripe-card';
import { UnavailableCardPayments, UnavailablePaypalPayments } from './adapters/payments/unavailable';
import { LocalDiskStorage } from './adapters/storage/local-disk';
import type { AppConfig } from './config';
import type { AppContext } from './context';
import type { DatabaseHandle } from './db/client';
import { PurchasesInFlight } from './db/turns';
import {
  type CatalogueChanges,
  PostgresChangeTransport,
  RedisChangeTransport,
  SharedCatalogueChanges,
} from './modules/catalogue/changes';
import { QueuedMailer } from './modules/notifications/delivery-jobs';
import { verificationProviderFor } from './modules/verification/provider';

function captchaFor(config: AppConfig, database: DatabaseHandle): CaptchaVerifier {
  if (config.captcha.provider !== 'altcha') {
    if (!config.captcha.secret)
      throw new Error(`CAPTCHA_SECRET is required for CAPTCHA_PROVIDER=${config.captcha.provider}`);
    return new SiteVerifyCaptcha(database.db, config.captcha.provider, config.captcha.secret);
  }
  return new AltchaVerifier(database.db, `${config.serverSecret}:altcha`, config.captcha.cost);
}

/** Redis when REDIS_URL is set (every process shares the limits), else this process's memory. */
function countersFor(config: AppConfig): CounterStore {
  if (!config.redis) return new MemoryCounterStore();
  return new RedisCounterStore(createRedisClient(config.redis.url, config.redis.keyPrefix));
}

/** The channel catalogue changes travel on between processes (PostgreSQL NOTIFY; Redis adds its key prefix). */
export const CATALOGUE_CHANNEL = 'parcelle_catalogue_changes';

/**
 * Where catalogue changes reach other processes (issue 16): Redis pub/sub with REDIS_URL, else PostgreSQL
 * LISTEN/NOTIFY (the embedded server too: a command-line tool's change reaches `npm start`).
 */
function catalogueChangesFor(config: AppConfig, database: DatabaseHandle): CatalogueChanges {
  const warn = (message: string, error?: unknown) =>
    console.warn(`[catalogue] ${message}${error ? `: ${(error as Error).message}` : ''}`);
  if (config.redis) {
    const transport = new RedisChangeTransport(config.redis.url, `${config.redis.keyPrefix}${CATALOGUE_CHANNEL}`);
    return new SharedCatalogueChanges(transport, warn);
  }
  return new SharedCatalogueChanges(new PostgresChangeTransport(database.notifications, CATALOGUE_CHANNEL, warn), warn);
}

/**
 * A provider with keys is the real one. Without keys, an enabled method is played by its offline sandbox only when
 * config.payments.sandbox allows it (never silently in production); anything else is unavailable.
 */
function paymentsFor(config: AppConfig): AppContext['payments'] {
  const { stripe, paypal, sandbox, methods } = config.payments;
  return {
    card: stripe
      ? new StripeCardPayments(stripe.secretKey, stripe.publishableKey, stripe.webhookSecret)
      : sandbox && methods.includes('card')
        ? new SandboxCardPayments(config.serverSecret)
        : new UnavailableCardPayments(),
    paypal: paypal
      ? new PaypalOrdersPayments(paypal.clientId, paypal.clientSecret, paypal.apiUrl)
      : sandbox && methods.includes('paypal')
        ? new SandboxPaypalPayments(config.serverSecret)
        : new UnavailablePaypalPayments(),
  };
}

/**
 * Wires the adapters the configuration asks for. Without SMTP (or Twilio) every message lands in the outbox. The job
 * queue is built here and started by buildApp, which defines the jobs (src/jobs.ts).
 */
export function createContext(config: AppConfig, database: DatabaseHandle): AppContext {
  // First: a provider this build cannot run stops the start before any connection is opened.
  const verification = verificationProviderFor(config);
  const outbox = new OutboxMailer(database.db);
  const sms = config.sms.twilio ? new TwilioSms(config.sms.twilio) : outbox;
  const purchasesInFlight = new PurchasesInFlight();
  const jobs = new PgBossQueue(database.executeSql, {
    pollSeconds: config.jobs.pollSeconds,
    purchasesInFlight,
    // Tests run no workers and drain their queues; their databases live as long as one file.
    maintenance: config.env !== 'test',
    exclusively: database.exclusively,
  });
  return {
    config,
    database,
    mailer: new QueuedMailer(jobs),
    sms,
    delivery: { mailer: config.smtpUrl ? new SmtpMailer(config.smtpUrl, config.mailFrom) : outbox, sms },
    jobs,
    purchasesInFlight,
    captcha: captchaFor(config, database),
    storage: new LocalDiskStorage(join(config.dataDir, 'media')),
    counters: countersFor(config),
    payments: paymentsFor(config),
    catalogueChanges: catalogueChangesFor(config, database),
    verification,
  };
}

import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PaymentMethod } from '@parcelle/shared/contracts/purchases';
import { ibanChecksumValid } from '@parcelle/shared/validation/iban';
import { z } from 'zod';

/** Every environment variable the API reads. docs/configuration.md lists them for operators. */
/** Sumsub's API (the one address production may use). */
const SUMSUB_API = 'https://api.sumsub.com';

/** An on/off switch; unset leaves the default to the caller. */
const onOff = z.enum(['on', 'off']).optional();

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Default: 127.0.0.1 outside production (a development server is not on the network), 0.0.0.0 in production. */
  HOST: z.string().optional(),
  PUBLIC_URL: z.string().url().optional(),
  /** Where media is served from when a CDN fronts it (e.g. https://cdn.example.com/media/); default: same origin. */
  MEDIA_BASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  /** Connections each API process may open to PostgreSQL. */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(500).default(10),
  /** Bearer secret of the Prometheus scraper at GET /metrics (operators' sessions are accepted too). */
  METRICS_TOKEN: z.string().min(32, { error: 'METRICS_TOKEN must be at least 32 characters' }).optional(),
  SENTRY_DSN: z.string().url().optional(),
  SENTRY_ENVIRONMENT: z.string().optional(),
  SENTRY_BROWSER_DSN: z.string().url().optional(),
  /** OpenTelemetry's standard variable: traces go to this OTLP collector (read by observability/instrument.ts). */
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .string()
    .regex(/^https?:\/\/[^/\s]+/, { error: 'must be an http:// or https:// URL (OTLP over HTTP)' })
    .optional(),
  JWT_SECRET: z.string().min(32).optional(),
  SERVER_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().positive().default(30),
  CORS_ORIGINS: z.string().default(''),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Parcelle <no-reply@parcelle.local>'),
  CAPTCHA_PROVIDER: z.enum(['altcha', 'recaptcha', 'turnstile']).default('altcha'),
  CAPTCHA_SECRET: z.string().optional(),
  CAPTCHA_COST: z.coerce.number().int().positive().default(5000),
  RATE_LIMIT_AUTH_PER_MINUTE: z.coerce.number().int().positive().default(20),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  ADMIN_DIST_DIR: z.string().optional(),
  /** Seconds a public API read made for a server-rendered page is reused by the next pages (0: not kept). */
  PAGE_DATA_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(10),
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(10),
  /**
   * Seconds at most a public catalogue read is answered from memory (modules/catalogue/read-cache.ts; changes drop it
   * sooner). 0: not kept. Default 60, and 0 under NODE_ENV=test, whose tests turn it on where they test it.
   */
  CATALOGUE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).optional(),
  TRUST_PROXY: z.string().default(''),
  REDIS_URL: z.string().optional(),
  /** Prefix of every key this platform writes in Redis (several platforms, or test runs, may share one Redis). */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[\w.:-]{1,64}$/, { error: 'letters, digits and . _ : - only (at most 64)' })
    .default('parcelle:'),
  CAPTCHA_SITE_KEY: z.string().optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_JWKS_URL: z.string().url().default('https://www.googleapis.com/oauth2/v3/certs'),
  GOOGLE_ISSUER: z.string().default('accounts.google.com,https://accounts.google.com'),
  MICROSOFT_CLIENT_ID: z.string().optional(),
  MICROSOFT_TENANT: z.string().default('common'),
  MICROSOFT_JWKS_URL: z.string().url().default('https://login.microsoftonline.com/common/discovery/v2.0/keys'),
  MICROSOFT_ISSUER: z.string().default('https://login.microsoftonline.com/{tenantid}/v2.0'),
  OPERATORS_EMAIL: z.string().email().default('operators@parcelle.local'),
  COMPLAINTS_EMAIL: z.string().email().default('complaints@parcelle.local'),
  COMPLAINTS_POSTAL_ADDRESS: z
    .string()
    .min(1)
    .default('Parcelle — Service réclamations, 10 rue de la Paix, 75002 Paris, France'),
  COMPLAINTS_MEDIATOR: z
    .string()
    .min(1)
    .default(
      'Médiateur de l’AMF, 17 place de la Bourse, 75082 Paris Cedex 02 — https://www.amf-france.org/fr/le-mediateur',
    ),
  SEED_CATALOGUE: z.enum(['true', 'false']).optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  PAYPAL_CLIENT_ID: z.string().optional(),
  PAYPAL_CLIENT_SECRET: z.string().optional(),
  /** Default: PayPal's live API in production, its sandbox elsewhere. */
  PAYPAL_API_URL: z.string().url().optional(),
  /** The payment methods offered (comma-separated `card`, `paypal`, `wallet`); default all three. */
  PAYMENT_METHODS: z
    .string()
    .default('card,paypal,wallet')
    .transform((value) => [...new Set(value.split(',').map((method) => method.trim().toLowerCase()))].filter(Boolean))
    .pipe(z.array(z.enum(['card', 'paypal', 'wallet'])).min(1, { error: 'name at least one of card, paypal, wallet' })),
  /** Production only: `true` lets the offline sandboxes (and providers' test keys) stand in for real providers. */
  PAYMENTS_SANDBOX: z.enum(['true', 'false']).default('false'),
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM: z.string().optional(),
  TWILIO_API_URL: z.string().url().default('https://api.twilio.com'),
  RESERVATION_MINUTES: z.coerce.number().int().min(1).max(120).default(15),
  RESERVATION_MAX_SHARE_PERCENT: z.coerce.number().int().min(1).max(100).default(10),
  RESERVATION_MAX_PENDING_MINOR: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).default(2_000_000),
  /** `false`: this process answers requests and enqueues jobs but runs none (another process runs them). */
  JOBS_WORKERS: z.enum(['true', 'false']).default('true'),
  /** How often an idle job worker asks the queue for work. */
  JOBS_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  /** Issue 15: fetch the ECB's daily EUR/USD reference rate with a background job. */
  ECB_RATES_ENABLED: z.enum(['true', 'false']).default('false'),
  ECB_RATES_URL: z.string().url().default('https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml'),
  /**
   * Issue 29: where the `sanctions-list` job fetches the EU consolidated financial sanctions list (its XML,
   * xmlFullSanctionsList_1_1). Optional, production included: without it the list is loaded by hand
   * (`npm run admin -- sanctions:load FILE`).
   */
  SANCTIONS_LIST_URL: z.string().url().optional(),
  /**
   * How long a statement link, opened before its job has rendered the file, waits for it before answering 503 with
   * Retry-After (issue 13 §4). 0: answer at once.
   */
  STATEMENT_WAIT_SECONDS: z.coerce.number().min(0).max(30).default(8),
  /** The reservation sweep's (and the refund retries') period, once across every process. */
  RESERVATION_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** How long SIGTERM/SIGINT waits for requests and jobs in progress before the process exits anyway. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(25),
  PAYOUT_HOLD_HOURS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 30)
    .default(48),
  /**
   * Floors of an exit offer's terms (issue 26): an operator may set stricter terms on an offer, never looser ones.
   * Quorum and majority in basis points of parts; the vote window in seconds (7 days by default).
   */
  EXIT_MIN_QUORUM_BPS: z.coerce.number().int().min(1).max(10_000).default(5_000),
  EXIT_MIN_MAJORITY_BPS: z.coerce.number().int().min(1).max(10_000).default(5_001),
  EXIT_MIN_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(90 * 24 * 3600)
    .default(7 * 24 * 3600),
  /** An offer further than this from the work's latest appraisal (basis points either way) is flagged. */
  EXIT_APPRAISAL_BAND_BPS: z.coerce.number().int().min(0).max(100_000).default(2_500),
  /** An operator's session ends this long after its sign-in, whatever happens (issue 26). */
  OPERATOR_SESSION_HOURS: z.coerce.number().min(0.01).max(24).default(12),
  /** An operator's session ends after this long without a request (and its refresh tokens live no longer). */
  OPERATOR_IDLE_MINUTES: z.coerce.number().min(0.1).max(240).default(30),
  /** The platform's account the SEPA payout file debits (issue 15); the export route answers 409 until all three are set. */
  SEPA_DEBTOR_NAME: z.string().trim().min(1).max(70).optional(),
  /**
   * Who verifies members' identities (issue 29): `manual` (the console's compliance queue decides) or a provider,
   * which then needs its keys (production refuses to start without them).
   */
  VERIFICATION_PROVIDER: z.enum(['manual', 'sumsub', 'onfido', 'persona']).default('manual'),
  /** Expected yearly investment (EUR cents) from which a member must declare their source of funds. */
  VERIFICATION_SOURCE_OF_FUNDS_MINOR: z.coerce.number().int().min(0).default(1_000_000),
  /**
   * Issue 30: the legal entity that issues the parts, named in every key information document. Required in
   * production (a document naming no issuer must not be published); outside production the development defaults
   * below, which say they are not configured.
   */
  KID_ISSUER_NAME: z.string().trim().min(1).max(200).optional(),
  KID_ISSUER_ADDRESS: z.string().trim().min(1).max(300).optional(),
  /** The issuer's company registration (e.g. "RCS Paris 912 345 678"). */
  KID_ISSUER_REGISTRATION: z.string().trim().min(1).max(200).optional(),
  /**
   * Whether publishing a key information document needs the regulator's registration number (the biens divers
   * regime: a document registered with the AMF before the offer). Default true, the stricter rule (decision 321).
   */
  KID_REGISTRATION_REQUIRED: z.enum(['true', 'false']).default('true'),
  SUMSUB_APP_TOKEN: z.string().optional(),
  SUMSUB_SECRET_KEY: z.string().optional(),
  SUMSUB_WEBHOOK_SECRET: z.string().optional(),
  /** Sumsub's API. Another address (its local stub) only outside production, and only on this machine (loopback). */
  SUMSUB_API_URL: z.string().url().default(SUMSUB_API),
  /** The Sumsub verification level (its dashboard's Levels) the hosted flow runs. */
  SUMSUB_LEVEL_NAME: z.string().trim().min(1).default('basic-kyc-level'),
  /** A case sent to the provider with no decision after this long is asked for it (the poll job; webhooks are late). */
  VERIFICATION_PROVIDER_POLL_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  /**
   * The investor protections' regime (issue 30, decision 300): `union` (default, the stricter union of the French
   * "biens divers" regime and the European crowdfunding regulation's investor protections), `ecsp` or `biens_divers`.
   */
  INVESTOR_REGIME: z.enum(['union', 'ecsp', 'biens_divers']).default('union'),
  /** Each protection on or off; unset: what the regime asks. Production refuses switching off what the regime requires. */
  INVESTOR_CATEGORY: onOff,
  INVESTOR_KNOWLEDGE_TEST: onOff,
  INVESTOR_LOSS_SIMULATION: onOff,
  INVESTOR_INVESTMENT_WARNING: onOff,
  /** The per-investment warning: above max(floor, bps of the declared net worth); EUR minor units and basis points. */
  INVESTOR_WARNING_FLOOR_MINOR: z.coerce.number().int().min(0).default(100_000),
  INVESTOR_WARNING_NET_WORTH_BPS: z.coerce.number().int().min(0).max(10_000).default(500),
  /** How long a knowledge test, a loss simulation and a sophisticated status stay valid. */
  INVESTOR_VALIDITY_MONTHS: z.coerce.number().int().min(1).max(120).default(24),
  ONFIDO_API_TOKEN: z.string().optional(),
  ONFIDO_WEBHOOK_SECRET: z.string().optional(),
  PERSONA_API_KEY: z.string().optional(),
  PERSONA_WEBHOOK_SECRET: z.string().optional(),
  /**
   * Deposits by SEPA bank transfer (issue 31): on or off. Unset: on outside production (with a development account
   * that says it is not configured), off in production; on in production needs the three DEPOSIT_ACCOUNT_* below.
   */
  DEPOSITS_BANK_TRANSFER: z.enum(['true', 'false']).optional(),
  /**
   * Top-ups of the wallet by card or PayPal (issue 31), in euro cents: the smallest and largest top-up, and the most
   * a member may start in 24 hours (credited or awaiting payment).
   */
  TOP_UP_MIN_MINOR: z.coerce.number().int().min(1).max(100_000_000).default(1_000),
  TOP_UP_MAX_MINOR: z.coerce.number().int().min(1).max(100_000_000).default(500_000),
  TOP_UP_DAILY_MAX_MINOR: z.coerce.number().int().min(1).max(100_000_000).default(1_000_000),
  /** Parcelle's account that receives members' transfers: its holder's name, IBAN and BIC, shown to every member. */
  DEPOSIT_ACCOUNT_NAME: z.string().trim().min(1).max(70).optional(),
  DEPOSIT_ACCOUNT_IBAN: z
    .string()
    .transform((value) => value.replace(/\s+/g, '').toUpperCase())
    .refine((value) => ibanChecksumValid(value), { error: 'DEPOSIT_ACCOUNT_IBAN is not a valid IBAN' })
    .optional(),
  DEPOSIT_ACCOUNT_BIC: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, { error: 'DEPOSIT_ACCOUNT_BIC is not a valid BIC' })
    .optional(),
  SEPA_DEBTOR_IBAN: z
    .string()
    .transform((value) => value.replace(/\s+/g, '').toUpperCase())
    .refine((value) => ibanChecksumValid(value), { error: 'SEPA_DEBTOR_IBAN is not a valid IBAN' })
    .optional(),
  SEPA_DEBTOR_BIC: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, { error: 'SEPA_DEBTOR_BIC is not a valid BIC' })
    .optional(),
});

export type AppConfig = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  /**
   * The `base_url` of media in API answers (spec §7: image URL = base_url + key): the root-relative `/media/` by
   * default, so images load from whatever origin the site is opened at; MEDIA_BASE_URL (a CDN) when configured.
   * Emails and PDFs, which need absolute links, use publicUrl.
   */
  mediaBaseUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolMax: number;
  /** Metrics, error reporting and tracing (docs/deploy.md). */
  observability: {
    /** The scraper's bearer secret at GET /metrics; null: operators' sessions only. */
    metricsToken: string | null;
    /** Sentry error reporting; null when SENTRY_DSN is unset. */
    sentry: { dsn: string; environment: string } | null;
    /**
     * The web app's error reports, replays and traces (SENTRY_BROWSER_DSN: a browser project's DSN, which is public
     * by design); null: the browser loads no Sentry code at all.
     */
    browserSentry: { dsn: string; environment: string } | null;
    /** Where OpenTelemetry sends traces; null: tracing off (nothing loaded). */
    otlpEndpoint: string | null;
  };
  jwtSecret: Uint8Array;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  corsOrigins: string[];
  smtpUrl: string | undefined;
  mailFrom: string;
  captcha: { provider: 'altcha' | 'recaptcha' | 'turnstile'; secret: string | undefined; cost: number };
  /** HMAC key for codes, captcha signatures and other server-side secrets. */
  serverSecret: string;
  rateLimitAuthPerMinute: number;
  /** Shared store of the rate limits and sign-in counters; null: each process counts in its own memory. */
  redis: { url: string; keyPrefix: string } | null;
  passwordHashing: { memoryCost: number; timeCost: number };
  logLevel: string;
  webDistDir: string | undefined;
  /** ADMIN_DIST_DIR: the operator console's build (apps/admin/dist), found beside the web build when unset. */
  adminDistDir: string | undefined;
  /** PAGE_DATA_CACHE_SECONDS: the shared cache of public reads behind server-rendered pages (http/page-data.ts). */
  pageDataCacheSeconds: number;
  /**
   * PAGE_CACHE_SECONDS: the longest a rendered public document is served again from memory (http/page-cache.ts); never
   * longer than the reads it was built from. 0: every page is rendered.
   */
  pageCacheSeconds: number;
  /** CATALOGUE_CACHE_SECONDS: the longest a public catalogue read is answered from memory (0: not kept). */
  catalogueCacheSeconds: number;
  /**
   * Which X-Forwarded-For hops to believe: false (none, the default), a number of proxies in front of the app, or
   * the proxies' addresses (IPs, CIDRs or proxy-addr's names loopback, linklocal, uniquelocal). `true` (believe any
   * header) is refused in production: a client could then pick its own IP and escape every per-IP limit.
   */
  trustProxy: boolean | number | string[];
  /** Public site key of reCAPTCHA or Turnstile for the web widget (null for ALTCHA). */
  captchaSiteKey: string | null;
  /** OpenID Connect providers for social sign-in; null when not configured. */
  social: { google: GoogleOidcConfig | null; microsoft: MicrosoftOidcConfig | null };
  /** Where contact-form messages are sent. */
  operatorsEmail: string;
  /**
   * The published complaints address (issue 30): shown on the complaint pages and the footer, written in every
   * acknowledgement, and copied on each new complaint; with the postal address and the mediator named in answers.
   */
  complaints: { email: string; postalAddress: string; mediator: string };
  /** Seed the demo catalogue at start-up (default: on outside production). */
  seedCatalogue: boolean;
  /** SMS provider; null outside production when unset (messages then stay in the outbox). */
  sms: { twilio: TwilioConfig | null };
  /**
   * Card and PayPal providers. A provider without keys is played by its offline sandbox when `sandbox` is true
   * (development and test; production only with PAYMENTS_SANDBOX=true); a disabled method is refused.
   */
  payments: {
    /** The methods offered, in the API's names (PAYMENT_METHODS; `wallet` is `smart_amount`). */
    methods: PaymentMethod[];
    /** The offline sandboxes replace the providers whose keys are missing (and /api/payments/sandbox/* exists). */
    sandbox: boolean;
    /** No real money is taken: a sandbox runs, or a provider has test keys (sk_test_, PayPal's sandbox API). */
    testMode: boolean;
    stripe: { secretKey: string; publishableKey: string; webhookSecret: string } | null;
    paypal: { clientId: string; clientSecret: string; apiUrl: string } | null;
    /** How long a purchase holds its parts while it is paid. */
    reservationMinutes: number;
  };
  /**
   * What one member may hold in card and PayPal purchases awaiting payment (decision 84): parts of one work as a
   * percentage of its total parts, and the value of all of them in EUR minor units.
   */
  reservationLimits: { maxSharePercent: number; maxPendingEurMinor: number };
  /** The job queue (pg-boss on the application's database): see docs/architecture.md. */
  jobs: { workers: boolean; pollSeconds: number; sweepSeconds: number };
  /** A statement link opened before its file is rendered waits this long for the job, then answers 503. */
  statementWaitMs: number;
  /** The ECB daily reference rate job (issue 15): off unless ECB_RATES_ENABLED=true. */
  ecbRates: { enabled: boolean; url: string };
  /** The sanctions list's URL for the `sanctions-list` job (issue 29); null: loaded by hand only. */
  sanctions: { listUrl: string | null };
  /** Key information documents (issue 30): the issuer they name, and whether publishing needs a registration number. */
  keyInformation: {
    issuer: { name: string; address: string; registration: string };
    registrationRequired: boolean;
  };
  /** Graceful shutdown's bound: requests and jobs still running after it are abandoned (jobs are retried). */
  shutdownTimeoutMs: number;
  /** Withdrawals wait this long after a change of email, phone, bank account or PayPal address. */
  payoutHoldHours: number;
  /** The account SEPA payout files debit; null until SEPA_DEBTOR_NAME, _IBAN and _BIC are all set. */
  sepaDebtor: { name: string; iban: string; bic: string } | null;
  /**
   * Deposits by bank transfer (issue 31): whether they are offered, and the account members send to (outside
   * production without DEPOSIT_ACCOUNT_*, a development account whose name says it is not configured).
   */
  deposits: {
    bankTransfer: boolean;
    account: { name: string; iban: string; bic: string };
    /** Top-ups by card or PayPal: bounds in euro minor units, per top-up and per 24 hours. */
    topUp: { minMinor: number; maxMinor: number; dailyMaxMinor: number };
  };
  /** Floors of an exit offer's terms and the appraisal band beyond which an offer is flagged (issue 26). */
  exits: { minQuorumBps: number; minMajorityBps: number; minWindowMs: number; appraisalBandBps: number };
  /** Operators' sessions: an absolute lifetime from sign-in and an idle timeout (members' sessions have neither). */
  operatorSessions: { absoluteMs: number; idleMs: number };
  /** The investor's protections (issue 30, decisions 300+): the regime, each protection's switch and the rules' figures. */
  investor: InvestorConfig;
  /** Identity verification (issue 29): the provider, and the yearly amount from which the source of funds is asked. */
  verification: {
    provider: VerificationProviderName;
    sourceOfFundsMinor: number;
    /** Minutes after which a case sent to the provider without a decision is polled. */
    pollMinutes: number;
    /** Sumsub's keys, API and level; null when its keys are not set. */
    sumsub: SumsubConfig | null;
  };
};

export type InvestorRegime = 'union' | 'ecsp' | 'biens_divers';
export type InvestorProtection = 'category' | 'knowledge_test' | 'loss_simulation' | 'investment_warning';
export type InvestorConfig = {
  regime: InvestorRegime;
  /** Which protections are on. */
  protections: Record<InvestorProtection, boolean>;
  warningFloorMinor: number;
  warningNetWorthBps: number;
  validityMonths: number;
};

/**
 * The protections each regime requires (decision 300): the crowdfunding regulation's investor category, knowledge
 * test, loss simulation and per-investment warning (arts. 21–23); the biens divers regime asks none of the four (its own
 * obligations, the registered document and the annual statement, are other modules').
 */
export const REGIME_PROTECTIONS: Record<InvestorRegime, Record<InvestorProtection, boolean>> = {
  union: { category: true, knowledge_test: true, loss_simulation: true, investment_warning: true },
  ecsp: { category: true, knowledge_test: true, loss_simulation: true, investment_warning: true },
  biens_divers: { category: false, knowledge_test: false, loss_simulation: false, investment_warning: false },
};

const PROTECTION_VARIABLES: Record<InvestorProtection, keyof Env> = {
  category: 'INVESTOR_CATEGORY',
  knowledge_test: 'INVESTOR_KNOWLEDGE_TEST',
  loss_simulation: 'INVESTOR_LOSS_SIMULATION',
  investment_warning: 'INVESTOR_INVESTMENT_WARNING',
};

export function investorConfig(env: Env): InvestorConfig {
  const required = REGIME_PROTECTIONS[env.INVESTOR_REGIME];
  const protections = { ...required };
  for (const [protection, variable] of Object.entries(PROTECTION_VARIABLES) as [InvestorProtection, keyof Env][]) {
    const value = env[variable];
    if (value === 'on' || value === 'off') protections[protection] = value === 'on';
  }
  return {
    regime: env.INVESTOR_REGIME,
    protections,
    warningFloorMinor: env.INVESTOR_WARNING_FLOOR_MINOR,
    warningNetWorthBps: env.INVESTOR_WARNING_NET_WORTH_BPS,
    validityMonths: env.INVESTOR_VALIDITY_MONTHS,
  };
}

/**
 * Production fails closed on the investor protections (decision 301): a protection the regime requires cannot be
 * switched off, nor the warning's threshold raised above the regulation's, nor a validity made longer than two years.
 */
function investorProblems(env: Env): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  const required = REGIME_PROTECTIONS[env.INVESTOR_REGIME];
  for (const [protection, variable] of Object.entries(PROTECTION_VARIABLES) as [InvestorProtection, keyof Env][]) {
    if (required[protection] && env[variable] === 'off') {
      problems.push(`${variable}=off is refused in production: INVESTOR_REGIME=${env.INVESTOR_REGIME} requires it`);
    }
  }
  if (required.investment_warning) {
    if (env.INVESTOR_WARNING_FLOOR_MINOR > 100_000) {
      problems.push('INVESTOR_WARNING_FLOOR_MINOR above 100000 (€1,000) is refused in production');
    }
    if (env.INVESTOR_WARNING_NET_WORTH_BPS > 500) {
      problems.push('INVESTOR_WARNING_NET_WORTH_BPS above 500 (5 %) is refused in production');
    }
  }
  if (env.INVESTOR_VALIDITY_MONTHS > 24) {
    problems.push('INVESTOR_VALIDITY_MONTHS above 24 is refused in production');
  }
  return problems;
}

export type SumsubConfig = {
  appToken: string;
  secretKey: string;
  webhookSecret: string;
  apiUrl: string;
  levelName: string;
};

export type VerificationProviderName = 'manual' | 'sumsub' | 'onfido' | 'persona';

export type TwilioConfig = { accountSid: string; authToken: string; from: string; apiUrl: string };
export type GoogleOidcConfig = { clientId: string; jwksUrl: string; issuers: string[] };
/** `issuer` contains `{tenantid}`, replaced by the token's `tid` claim. */
export type MicrosoftOidcConfig = { clientId: string; tenant: string; jwksUrl: string; issuer: string };

/**
 * Secrets that must survive restarts but need no operator action in development are generated once
 * and kept in DATA_DIR/secrets.json (never logged). Production must set JWT_SECRET explicitly.
 */
function persistentSecrets(dataDir: string): { jwt: string; server: string } {
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as { jwt: string; server: string };
  mkdirSync(dataDir, { recursive: true });
  const secrets = { jwt: randomBytes(48).toString('base64url'), server: randomBytes(48).toString('base64url') };
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}

/**
 * The configuration cannot be used: every problem found, one line each. server.ts prints the message (no stack) and
 * exits with status 1.
 */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Parcelle cannot start:\n${problems.map((problem) => `- ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = z.output<typeof ZEnv>;
type KeyGroup = { label: string; names: readonly (keyof Env)[] };

const STRIPE_KEYS: KeyGroup = {
  label: 'Stripe',
  names: ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'],
};
const PAYPAL_KEYS: KeyGroup = { label: 'PayPal', names: ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET'] };
const TWILIO_KEYS: KeyGroup = { label: 'Twilio', names: ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] };
/** The keys each identity verification provider needs (the manual provider needs none). */
const VERIFICATION_KEYS: Record<Exclude<VerificationProviderName, 'manual'>, KeyGroup> = {
  sumsub: { label: 'Sumsub', names: ['SUMSUB_APP_TOKEN', 'SUMSUB_SECRET_KEY', 'SUMSUB_WEBHOOK_SECRET'] },
  onfido: { label: 'Onfido', names: ['ONFIDO_API_TOKEN', 'ONFIDO_WEBHOOK_SECRET'] },
  persona: { label: 'Persona', names: ['PERSONA_API_KEY', 'PERSONA_WEBHOOK_SECRET'] },
};

const PAYPAL_LIVE_API = 'https://api-m.paypal.com';

/** Whether a URL names this machine (127.0.0.0/8, ::1, localhost): where a provider's local stub may listen. */
function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}
const PAYPAL_SANDBOX_API = 'https://api-m.sandbox.paypal.com';

/** 'all' when every key of the group is set, 'none' when none is, else the names missing. */
function keysOf(env: Env, group: KeyGroup): 'all' | 'none' | string[] {
  const missing = group.names.filter((name) => !env[name]);
  if (missing.length === 0) return 'all';
  if (missing.length === group.names.length) return 'none';
  return missing;
}

/** Stripe test keys and PayPal's sandbox API move no real money. */
const isStripeTestKey = (key: string | undefined) => /^(sk|pk|rk)_test_/.test(key ?? '');
const isPaypalSandbox = (url: string) => new URL(url).hostname.includes('sandbox');

/**
 * Production fails closed: every secret and provider a real deployment needs, one line per missing item, so an
 * operator fixes them all at once. Partial provider keys are refused in every environment.
 */
function configProblems(env: Env, paypalApiUrl: string): string[] {
  const problems: string[] = [];
  const production = env.NODE_ENV === 'production';
  const sandboxAllowed = !production || env.PAYMENTS_SANDBOX === 'true';
  const partial = (group: KeyGroup) => {
    const keys = keysOf(env, group);
    if (Array.isArray(keys)) {
      for (const name of keys) problems.push(`${name} is required with the other ${group.label} keys`);
    }
    return keys;
  };
  if (production) {
    // The project's own PostgreSQL is a development server (no backups, no replicas): production names its server.
    if (!env.DATABASE_URL) problems.push('DATABASE_URL (a PostgreSQL server) is required when NODE_ENV=production');
    if (!env.JWT_SECRET) problems.push('JWT_SECRET (at least 32 characters) is required when NODE_ENV=production');
    // It keys one-time codes and encrypts stored IBANs: a generated one lost with its folder loses them.
    if (!env.SERVER_SECRET) {
      problems.push('SERVER_SECRET (at least 32 characters) is required when NODE_ENV=production');
    }
    if (!env.SMTP_URL) problems.push('SMTP_URL is required when NODE_ENV=production (emails would stay in the outbox)');
  }
  if (partial(TWILIO_KEYS) === 'none' && production) {
    for (const name of TWILIO_KEYS.names) {
      problems.push(`${name} is required when NODE_ENV=production (SMS go through Twilio)`);
    }
  }
  const methods = env.PAYMENT_METHODS;
  const providers = [
    { group: STRIPE_KEYS, method: 'card', label: 'card payments' },
    { group: PAYPAL_KEYS, method: 'paypal', label: 'PayPal payments' },
  ] as const;
  for (const { group, method, label } of providers) {
    if (partial(group) !== 'none' || !production || !methods.includes(method) || sandboxAllowed) continue;
    for (const name of group.names) {
      problems.push(
        `${name} is required when NODE_ENV=production and ${label} are enabled (or PAYMENT_METHODS without ${method}, or PAYMENTS_SANDBOX=true)`,
      );
    }
  }
  // Deposits by transfer switched on in production must name the account members pay into (issue 31): no default.
  if (production && env.DEPOSITS_BANK_TRANSFER === 'true') {
    for (const name of ['DEPOSIT_ACCOUNT_NAME', 'DEPOSIT_ACCOUNT_IBAN', 'DEPOSIT_ACCOUNT_BIC'] as const) {
      if (!env[name])
        problems.push(
          `${name} is required when NODE_ENV=production and DEPOSITS_BANK_TRANSFER=true (the account members pay into)`,
        );
    }
  }
  // Top-up bounds that no amount could meet are a typing mistake, refused at start rather than on every top-up.
  if (env.TOP_UP_MIN_MINOR > env.TOP_UP_MAX_MINOR || env.TOP_UP_MAX_MINOR > env.TOP_UP_DAILY_MAX_MINOR) {
    problems.push('TOP_UP_MIN_MINOR ≤ TOP_UP_MAX_MINOR ≤ TOP_UP_DAILY_MAX_MINOR is required (euro cents)');
  }
  // A key information document must name its issuer: no development defaults in production (issue 30).
  if (production) {
    for (const name of ['KID_ISSUER_NAME', 'KID_ISSUER_ADDRESS', 'KID_ISSUER_REGISTRATION'] as const) {
      if (!env[name])
        problems.push(`${name} is required when NODE_ENV=production (the issuer of key information documents)`);
    }
  }
  // A verification provider named without its keys would leave members unverifiable: refused in production.
  if (env.VERIFICATION_PROVIDER !== 'manual') {
    const group = VERIFICATION_KEYS[env.VERIFICATION_PROVIDER];
    if (partial(group) === 'none' && production) {
      for (const name of group.names) {
        problems.push(
          `${name} is required when NODE_ENV=production and VERIFICATION_PROVIDER=${env.VERIFICATION_PROVIDER} (or VERIFICATION_PROVIDER=manual)`,
        );
      }
    }
  }
  // Sumsub's API is Sumsub's: its local stub (tests, development) only outside production and only on loopback, so
  // no setting can send members' identities and the signed requests anywhere else.
  if (env.SUMSUB_API_URL.replace(/\/$/, '') !== SUMSUB_API) {
    if (production) {
      problems.push(`SUMSUB_API_URL must be ${SUMSUB_API} when NODE_ENV=production (the local stub is for tests)`);
    } else if (!isLoopbackUrl(env.SUMSUB_API_URL)) {
      problems.push(`SUMSUB_API_URL must be ${SUMSUB_API} or a loopback address (127.0.0.1, ::1, localhost)`);
    }
  }
  problems.push(...investorProblems(env));
  if (production && !sandboxAllowed) {
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY'] as const) {
      if (isStripeTestKey(env[name])) {
        problems.push(`${name} is a Stripe test key: use a live key, or PAYMENTS_SANDBOX=true for a test deployment`);
      }
    }
    if (env.PAYPAL_CLIENT_ID && isPaypalSandbox(paypalApiUrl)) {
      problems.push(
        "PAYPAL_API_URL is PayPal's sandbox: use https://api-m.paypal.com, or PAYMENTS_SANDBOX=true for a test deployment",
      );
    }
  }
  return problems;
}

/** Lines the start-up log shows at warn level: test mode must be impossible to miss. */
export function startupWarnings(config: AppConfig): string[] {
  if (!config.payments.testMode) return [];
  const what = config.payments.sandbox
    ? 'the offline payment sandboxes are running'
    : 'payment providers use test keys';
  return [`TEST MODE: ${what}; no real money is taken${config.env === 'production' ? ' (PAYMENTS_SANDBOX=true)' : ''}`];
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry) || isIP(entry) !== 0) return true;
  const [ip, range, ...rest] = entry.split('/');
  if (!ip || !range || rest.length > 0) return false;
  const family = isIP(ip);
  if (family === 0) return false;
  if (/^\d{1,3}$/.test(range)) return Number(range) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(range) === 4; // 10.0.0.0/255.0.0.0
}

/** TRUST_PROXY: empty or false, a hop count (integer), or comma-separated proxy addresses; `true` outside production. */
export function parseTrustProxy(value: string, production: boolean): AppConfig['trustProxy'] {
  const text = value.trim();
  if (text === '' || text === 'false') return false;
  if (text === 'true') {
    if (production) {
      throw new Error(
        'TRUST_PROXY=true is refused in production: any client could then choose its own IP in X-Forwarded-For and ' +
          'escape every per-IP limit. Set the addresses of your proxies (TRUST_PROXY=10.0.0.1,10.0.0.0/8) or how ' +
          'many proxies stand in front of the app (TRUST_PROXY=1).',
      );
    }
    return true;
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (!Number.isSafeInteger(hops)) throw new Error(`TRUST_PROXY: ${text} is not a usable number of proxies`);
    return hops === 0 ? false : hops;
  }
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const wrong = entries.filter((entry) => !isProxyAddress(entry));
  if (wrong.length > 0) {
    throw new Error(
      `TRUST_PROXY: ${wrong.join(', ')} is neither an IP address, a CIDR range nor a number of proxies ` +
        '(expected e.g. TRUST_PROXY=10.0.0.1,10.0.0.0/8 or TRUST_PROXY=1)',
    );
  }
  return entries;
}

function redisFrom(url: string | undefined, keyPrefix: string): AppConfig['redis'] {
  if (!url) return null;
  if (!/^rediss?:\/\//.test(url)) throw new Error('REDIS_URL must start with redis:// or rediss://');
  return { url, keyPrefix };
}

/**
 * The repository's root (the package.json that declares the workspaces), found from this file whether it runs from
 * source or from the bundle; the working directory when there is none (an installed copy without the workspace).
 */
export function workspaceRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && 'workspaces' in JSON.parse(readFileSync(manifest, 'utf8'))) return dir;
    dir = dirname(dir);
  }
  return process.cwd();
}

/** A value that could not be read is one more start-up problem, printed like the others (no stack). */
function asConfigProblem<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof ConfigError || !(error instanceof Error)) throw error;
    throw new ConfigError([error.message]);
  }
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  // An empty variable (`SMTP_URL=` in an env file) counts as unset.
  const parsed = ZEnv.safeParse(Object.fromEntries(Object.entries(source).filter(([, value]) => value !== '')));
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`),
    );
  }
  const env = parsed.data;
  const production = env.NODE_ENV === 'production';
  const paypalApiUrl = (env.PAYPAL_API_URL ?? (production ? PAYPAL_LIVE_API : PAYPAL_SANDBOX_API)).replace(/\/$/, '');
  const problems = configProblems(env, paypalApiUrl);
  if (problems.length > 0) throw new ConfigError(problems);
  // A relative DATA_DIR is the repository's, whichever workspace a script runs in: `npm run admin` (run by npm inside
  // apps/api) and `npm start` must open the same database.
  const dataDir = resolve(workspaceRoot(), env.DATA_DIR);
  const { trustProxy, redis } = asConfigProblem(() => ({
    trustProxy: parseTrustProxy(env.TRUST_PROXY, production),
    redis: redisFrom(env.REDIS_URL, env.REDIS_KEY_PREFIX),
  }));
  const secrets =
    env.NODE_ENV === 'test'
      ? { jwt: randomBytes(48).toString('base64url'), server: randomBytes(48).toString('base64url') }
      : persistentSecrets(dataDir);
  const port = env.PORT;
  const methods = env.PAYMENT_METHODS.map((method): PaymentMethod => (method === 'wallet' ? 'smart_amount' : method));
  const stripe =
    env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY && env.STRIPE_WEBHOOK_SECRET
      ? {
          secretKey: env.STRIPE_SECRET_KEY,
          publishableKey: env.STRIPE_PUBLISHABLE_KEY,
          webhookSecret: env.STRIPE_WEBHOOK_SECRET,
        }
      : null;
  const paypal =
    env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET
      ? { clientId: env.PAYPAL_CLIENT_ID, clientSecret: env.PAYPAL_CLIENT_SECRET, apiUrl: paypalApiUrl }
      : null;
  // In production only PAYMENTS_SANDBOX=true lets a sandbox play a provider (configProblems refused the rest).
  const sandbox =
    (!production || env.PAYMENTS_SANDBOX === 'true') &&
    ((methods.includes('card') && !stripe) || (methods.includes('paypal') && !paypal));
  const testMode =
    sandbox ||
    (methods.includes('card') && isStripeTestKey(stripe?.secretKey)) ||
    (methods.includes('paypal') && paypal !== null && isPaypalSandbox(paypal.apiUrl));
  return {
    env: env.NODE_ENV,
    port,
    host: env.HOST ?? (production ? '0.0.0.0' : '127.0.0.1'),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    mediaBaseUrl: env.MEDIA_BASE_URL ? `${env.MEDIA_BASE_URL.replace(/\/+$/, '')}/` : '/media/',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolMax: env.DATABASE_POOL_MAX,
    observability: {
      metricsToken: env.METRICS_TOKEN ?? null,
      sentry: env.SENTRY_DSN ? { dsn: env.SENTRY_DSN, environment: env.SENTRY_ENVIRONMENT ?? env.NODE_ENV } : null,
      browserSentry: env.SENTRY_BROWSER_DSN
        ? { dsn: env.SENTRY_BROWSER_DSN, environment: env.SENTRY_ENVIRONMENT ?? env.NODE_ENV }
        : null,
      otlpEndpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT ?? null,
    },
    jwtSecret: new TextEncoder().encode(env.JWT_SECRET ?? secrets.jwt),
    accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: env.REFRESH_TOKEN_TTL_DAYS,
    corsOrigins: env.CORS_ORIGINS.split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM,
    captcha: { provider: env.CAPTCHA_PROVIDER, secret: env.CAPTCHA_SECRET, cost: env.CAPTCHA_COST },
    serverSecret: env.SERVER_SECRET ?? secrets.server,
    rateLimitAuthPerMinute: env.RATE_LIMIT_AUTH_PER_MINUTE,
    redis,
    passwordHashing: env.NODE_ENV === 'test' ? { memoryCost: 1024, timeCost: 1 } : { memoryCost: 19456, timeCost: 2 },
    logLevel: env.NODE_ENV === 'test' ? 'silent' : env.LOG_LEVEL,
    webDistDir: env.WEB_DIST_DIR,
    adminDistDir: env.ADMIN_DIST_DIR,
    pageDataCacheSeconds: env.PAGE_DATA_CACHE_SECONDS,
    pageCacheSeconds: env.PAGE_CACHE_SECONDS,
    catalogueCacheSeconds: env.CATALOGUE_CACHE_SECONDS ?? (env.NODE_ENV === 'test' ? 0 : 60),
    trustProxy,
    captchaSiteKey: env.CAPTCHA_PROVIDER === 'altcha' ? null : env.CAPTCHA_SITE_KEY || null,
    social: {
      google: env.GOOGLE_CLIENT_ID
        ? {
            clientId: env.GOOGLE_CLIENT_ID,
            jwksUrl: env.GOOGLE_JWKS_URL,
            issuers: env.GOOGLE_ISSUER.split(',')
              .map((issuer) => issuer.trim())
              .filter(Boolean),
          }
        : null,
      microsoft: env.MICROSOFT_CLIENT_ID
        ? {
            clientId: env.MICROSOFT_CLIENT_ID,
            tenant: env.MICROSOFT_TENANT,
            jwksUrl: env.MICROSOFT_JWKS_URL,
            issuer: env.MICROSOFT_ISSUER,
          }
        : null,
    },
    operatorsEmail: env.OPERATORS_EMAIL,
    complaints: {
      email: env.COMPLAINTS_EMAIL,
      postalAddress: env.COMPLAINTS_POSTAL_ADDRESS,
      mediator: env.COMPLAINTS_MEDIATOR,
    },
    seedCatalogue: env.SEED_CATALOGUE ? env.SEED_CATALOGUE === 'true' : env.NODE_ENV !== 'production',
    sms: {
      twilio:
        env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM
          ? {
              accountSid: env.TWILIO_ACCOUNT_SID,
              authToken: env.TWILIO_AUTH_TOKEN,
              from: env.TWILIO_FROM,
              apiUrl: env.TWILIO_API_URL.replace(/\/$/, ''),
            }
          : null,
    },
    payments: {
      methods,
      sandbox,
      testMode,
      stripe,
      paypal,
      reservationMinutes: env.RESERVATION_MINUTES,
    },
    reservationLimits: {
      maxSharePercent: env.RESERVATION_MAX_SHARE_PERCENT,
      maxPendingEurMinor: env.RESERVATION_MAX_PENDING_MINOR,
    },
    payoutHoldHours: env.PAYOUT_HOLD_HOURS,
    deposits: {
      bankTransfer: (env.DEPOSITS_BANK_TRANSFER ?? (env.NODE_ENV === 'production' ? 'false' : 'true')) === 'true',
      account: {
        name: env.DEPOSIT_ACCOUNT_NAME ?? 'Parcelle (development account, not configured)',
        // The example IBAN and BIC of the French banking federation's documentation: valid, and nobody's.
        iban: env.DEPOSIT_ACCOUNT_IBAN ?? 'FR7630006000011234567890189',
        bic: env.DEPOSIT_ACCOUNT_BIC ?? 'AGRIFRPPXXX',
      },
      topUp: {
        minMinor: env.TOP_UP_MIN_MINOR,
        maxMinor: env.TOP_UP_MAX_MINOR,
        dailyMaxMinor: env.TOP_UP_DAILY_MAX_MINOR,
      },
    },
    sepaDebtor:
      env.SEPA_DEBTOR_NAME && env.SEPA_DEBTOR_IBAN && env.SEPA_DEBTOR_BIC
        ? { name: env.SEPA_DEBTOR_NAME, iban: env.SEPA_DEBTOR_IBAN, bic: env.SEPA_DEBTOR_BIC }
        : null,
    exits: {
      minQuorumBps: env.EXIT_MIN_QUORUM_BPS,
      minMajorityBps: env.EXIT_MIN_MAJORITY_BPS,
      minWindowMs: env.EXIT_MIN_WINDOW_SECONDS * 1000,
      appraisalBandBps: env.EXIT_APPRAISAL_BAND_BPS,
    },
    operatorSessions: {
      absoluteMs: Math.round(env.OPERATOR_SESSION_HOURS * 3_600_000),
      idleMs: Math.round(env.OPERATOR_IDLE_MINUTES * 60_000),
    },
    investor: investorConfig(env),
    verification: {
      provider: env.VERIFICATION_PROVIDER,
      sourceOfFundsMinor: env.VERIFICATION_SOURCE_OF_FUNDS_MINOR,
      pollMinutes: env.VERIFICATION_PROVIDER_POLL_MINUTES,
      sumsub:
        env.SUMSUB_APP_TOKEN && env.SUMSUB_SECRET_KEY && env.SUMSUB_WEBHOOK_SECRET
          ? {
              appToken: env.SUMSUB_APP_TOKEN,
              secretKey: env.SUMSUB_SECRET_KEY,
              webhookSecret: env.SUMSUB_WEBHOOK_SECRET,
              apiUrl: env.SUMSUB_API_URL.replace(/\/$/, ''),
              levelName: env.SUMSUB_LEVEL_NAME,
            }
          : null,
    },
    jobs: {
      workers: env.JOBS_WORKERS === 'true',
      pollSeconds: env.JOBS_POLL_SECONDS,
      sweepSeconds: env.RESERVATION_SWEEP_SECONDS,
    },
    statementWaitMs: env.STATEMENT_WAIT_SECONDS * 1000,
    ecbRates: { enabled: env.ECB_RATES_ENABLED === 'true', url: env.ECB_RATES_URL },
    sanctions: { listUrl: env.SANCTIONS_LIST_URL ?? null },
    keyInformation: {
      issuer: {
        name: env.KID_ISSUER_NAME ?? 'Parcelle SAS',
        address: env.KID_ISSUER_ADDRESS ?? '12 rue des Ateliers, 75011 Paris, France',
        // Outside production only (required there): a register's form in neither language's words, since the one
        // sentence is printed on the English and the French document alike; the zeros say it is no company's.
        registration: env.KID_ISSUER_REGISTRATION ?? 'RCS Paris 000 000 000',
      },
      registrationRequired: env.KID_REGISTRATION_REQUIRED === 'true',
    },
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    ...overrides,
  };
}

/** For the server and the CLIs: the configuration, or its problems on stderr (one a line, no stack) and exit 1. */
export function loadConfigOrExit(source: NodeJS.ProcessEnv = process.env): AppConfig {
  try {
    return loadConfig(source);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}

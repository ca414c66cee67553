import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtServer } from '../test/built';
import { PRODUCTION_ENV } from '../test/test-app';
import { type AppConfig, ConfigError, loadConfig, startupWarnings } from './config';
import { verificationProviderFor } from './modules/verification/provider';

const DATA_DIR = '/tmp/parcelle-config-test';
const production = (env: Record<string, string | undefined> = {}) => ({ ...PRODUCTION_ENV, DATA_DIR, ...env });

/** The problems loadConfig refuses the environment with (none: it loaded). */
function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe('production fails closed', () => {
  it('starts with every secret and provider set, all payment methods real, no test mode', () => {
    const config = loadConfig(production());
    expect(config.payments).toMatchObject({
      methods: ['card', 'paypal', 'smart_amount'],
      sandbox: false,
      testMode: false,
    });
    expect(config.payments.paypal?.apiUrl).toBe('https://api-m.paypal.com');
    expect(config.sms.twilio).toEqual({
      accountSid: PRODUCTION_ENV.TWILIO_ACCOUNT_SID,
      authToken: PRODUCTION_ENV.TWILIO_AUTH_TOKEN,
      from: PRODUCTION_ENV.TWILIO_FROM,
      apiUrl: 'https://api.twilio.com',
    });
    expect(config.host).toBe('0.0.0.0');
    expect(startupWarnings(config)).toEqual([]);
  });

  const cardLine = (name: string) =>
    `${name} is required when NODE_ENV=production and card payments are enabled (or PAYMENT_METHODS without card, or PAYMENTS_SANDBOX=true)`;
  const paypalLine = (name: string) =>
    `${name} is required when NODE_ENV=production and PayPal payments are enabled (or PAYMENT_METHODS without paypal, or PAYMENTS_SANDBOX=true)`;
  const lines: [string, string][] = [
    ['DATABASE_URL', 'DATABASE_URL (a PostgreSQL server) is required when NODE_ENV=production'],
    ['JWT_SECRET', 'JWT_SECRET (at least 32 characters) is required when NODE_ENV=production'],
    ['SERVER_SECRET', 'SERVER_SECRET (at least 32 characters) is required when NODE_ENV=production'],
    ['SMTP_URL', 'SMTP_URL is required when NODE_ENV=production (emails would stay in the outbox)'],
    // One Twilio key missing is a partial provider; all three missing names each one.
    ['TWILIO_ACCOUNT_SID', 'TWILIO_ACCOUNT_SID is required with the other Twilio keys'],
    ['TWILIO_AUTH_TOKEN', 'TWILIO_AUTH_TOKEN is required with the other Twilio keys'],
    ['TWILIO_FROM', 'TWILIO_FROM is required with the other Twilio keys'],
    ['STRIPE_SECRET_KEY', 'STRIPE_SECRET_KEY is required with the other Stripe keys'],
    ['STRIPE_PUBLISHABLE_KEY', 'STRIPE_PUBLISHABLE_KEY is required with the other Stripe keys'],
    ['STRIPE_WEBHOOK_SECRET', 'STRIPE_WEBHOOK_SECRET is required with the other Stripe keys'],
    ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_ID is required with the other PayPal keys'],
    ['PAYPAL_CLIENT_SECRET', 'PAYPAL_CLIENT_SECRET is required with the other PayPal keys'],
  ];
  it.each(lines)('refuses to start without %s, saying so in one line', (name, line) => {
    expect(problemsOf(production({ [name]: undefined }))).toEqual([line]);
  });

  it('names each Twilio key when SMS has no provider at all', () => {
    expect(
      problemsOf(production({ TWILIO_ACCOUNT_SID: undefined, TWILIO_AUTH_TOKEN: undefined, TWILIO_FROM: undefined })),
    ).toEqual([
      'TWILIO_ACCOUNT_SID is required when NODE_ENV=production (SMS go through Twilio)',
      'TWILIO_AUTH_TOKEN is required when NODE_ENV=production (SMS go through Twilio)',
      'TWILIO_FROM is required when NODE_ENV=production (SMS go through Twilio)',
    ]);
  });

  it('names each key of an enabled payment method that has none', () => {
    const noStripe = {
      STRIPE_SECRET_KEY: undefined,
      STRIPE_PUBLISHABLE_KEY: undefined,
      STRIPE_WEBHOOK_SECRET: undefined,
    };
    expect(problemsOf(production(noStripe))).toEqual([
      cardLine('STRIPE_SECRET_KEY'),
      cardLine('STRIPE_PUBLISHABLE_KEY'),
      cardLine('STRIPE_WEBHOOK_SECRET'),
    ]);
    const noPaypal = { PAYPAL_CLIENT_ID: undefined, PAYPAL_CLIENT_SECRET: undefined };
    expect(problemsOf(production(noPaypal))).toEqual([
      paypalLine('PAYPAL_CLIENT_ID'),
      paypalLine('PAYPAL_CLIENT_SECRET'),
    ]);
  });

  it('refuses a verification provider named without its keys (issue 29); manual needs none', () => {
    expect(loadConfig(production()).verification).toEqual({
      provider: 'manual',
      sourceOfFundsMinor: 1_000_000,
      pollMinutes: 30,
      sumsub: null,
    });
    expect(problemsOf(production({ VERIFICATION_PROVIDER: 'sumsub' }))).toEqual(
      ['SUMSUB_APP_TOKEN', 'SUMSUB_SECRET_KEY', 'SUMSUB_WEBHOOK_SECRET'].map(
        (name) =>
          `${name} is required when NODE_ENV=production and VERIFICATION_PROVIDER=sumsub (or VERIFICATION_PROVIDER=manual)`,
      ),
    );
    expect(problemsOf(production({ VERIFICATION_PROVIDER: 'onfido', ONFIDO_API_TOKEN: 'token' }))).toEqual([
      'ONFIDO_WEBHOOK_SECRET is required with the other Onfido keys',
    ]);
    const keyed = production({ VERIFICATION_PROVIDER: 'persona', PERSONA_API_KEY: 'k', PERSONA_WEBHOOK_SECRET: 's' });
    expect(problemsOf(keyed)).toEqual([]);
    expect(problemsOf(production({ VERIFICATION_PROVIDER: 'nobody' }))).not.toEqual([]);
  });

  const SUMSUB = {
    VERIFICATION_PROVIDER: 'sumsub',
    SUMSUB_APP_TOKEN: 'prd:app-token',
    SUMSUB_SECRET_KEY: 'secret-key',
    SUMSUB_WEBHOOK_SECRET: 'webhook-secret',
  };

  it('starts Sumsub with its three keys on its own API, and refuses a production start without any one (issue 29)', () => {
    expect(loadConfig(production(SUMSUB)).verification.sumsub).toEqual({
      appToken: 'prd:app-token',
      secretKey: 'secret-key',
      webhookSecret: 'webhook-secret',
      apiUrl: 'https://api.sumsub.com',
      levelName: 'basic-kyc-level',
    });
    for (const name of ['SUMSUB_APP_TOKEN', 'SUMSUB_SECRET_KEY', 'SUMSUB_WEBHOOK_SECRET']) {
      expect(problemsOf(production({ ...SUMSUB, [name]: undefined }))).toEqual([
        `${name} is required with the other Sumsub keys`,
      ]);
    }
  });

  it('never falls back to manual: Sumsub without keys, or a provider without an adapter, stops the start', () => {
    const development = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'development', DATA_DIR, ...env });
    expect(() => verificationProviderFor(development({ VERIFICATION_PROVIDER: 'sumsub' }))).toThrow(
      'VERIFICATION_PROVIDER=sumsub needs SUMSUB_APP_TOKEN, SUMSUB_SECRET_KEY and SUMSUB_WEBHOOK_SECRET (or VERIFICATION_PROVIDER=manual)',
    );
    expect(() => verificationProviderFor(development({ VERIFICATION_PROVIDER: 'onfido' }))).toThrow(/no adapter/);
    expect(verificationProviderFor(development(SUMSUB)).name).toBe('sumsub');
  });

  it('points Sumsub at a local stub only outside production and only on loopback', () => {
    const stub = { ...SUMSUB, SUMSUB_API_URL: 'http://127.0.0.1:8787/' };
    expect(problemsOf(production(stub))).toEqual([
      'SUMSUB_API_URL must be https://api.sumsub.com when NODE_ENV=production (the local stub is for tests)',
    ]);
    const development = { NODE_ENV: 'development', DATA_DIR, ...stub };
    expect(loadConfig(development).verification.sumsub?.apiUrl).toBe('http://127.0.0.1:8787');
    expect(problemsOf({ ...development, SUMSUB_API_URL: 'http://[::1]:8787' })).toEqual([]);
    expect(problemsOf({ ...development, SUMSUB_API_URL: 'https://sumsub.example.com' })).toEqual([
      'SUMSUB_API_URL must be https://api.sumsub.com or a loopback address (127.0.0.1, ::1, localhost)',
    ]);
  });

  it('lists every problem at once, one a line, in a single error', () => {
    const error = (() => {
      try {
        loadConfig({ NODE_ENV: 'production', DATA_DIR });
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message.split('\n');
    expect(message[0]).toBe('Parcelle cannot start:');
    expect(message.slice(1)).toEqual((error as ConfigError).problems.map((problem) => `- ${problem}`));
    // … and issue 30's three issuer fields of the key information documents.
    expect((error as ConfigError).problems).toHaveLength(1 + 3 + 3 + 3 + 2 + 3);
  });

  it('refuses production with deposits by transfer on and no account to pay into (issue 31)', () => {
    // Off by default in production: nothing to configure.
    expect(loadConfig(production()).deposits.bankTransfer).toBe(false);
    expect(problemsOf(production({ DEPOSITS_BANK_TRANSFER: 'true' }))).toEqual(
      ['DEPOSIT_ACCOUNT_NAME', 'DEPOSIT_ACCOUNT_IBAN', 'DEPOSIT_ACCOUNT_BIC'].map(
        (name) =>
          `${name} is required when NODE_ENV=production and DEPOSITS_BANK_TRANSFER=true (the account members pay into)`,
      ),
    );
    const account = {
      DEPOSITS_BANK_TRANSFER: 'true',
      DEPOSIT_ACCOUNT_NAME: 'Parcelle SAS',
      DEPOSIT_ACCOUNT_IBAN: 'fr76 3000 6000 0112 3456 7890 189',
      DEPOSIT_ACCOUNT_BIC: 'agrifrpp',
    };
    expect(problemsOf(production(account))).toEqual([]);
    expect(loadConfig(production(account)).deposits).toEqual({
      bankTransfer: true,
      account: { name: 'Parcelle SAS', iban: 'FR7630006000011234567890189', bic: 'AGRIFRPP' },
      // Issue 31's card and PayPal top-ups, at their defaults: €10 to €5,000 each, €10,000 per 24 hours.
      topUp: { minMinor: 1_000, maxMinor: 500_000, dailyMaxMinor: 1_000_000 },
    });
    expect(() => loadConfig(production({ ...account, DEPOSIT_ACCOUNT_IBAN: 'FR7630006000011234567890188' }))).toThrow();
    // Outside production: on, with a development account whose name says so.
    expect(loadConfig({ NODE_ENV: 'test' }).deposits.account.name).toMatch(/not configured/);
  });

  it('refuses production without the issuer the key information documents name (issue 30)', () => {
    for (const name of ['KID_ISSUER_NAME', 'KID_ISSUER_ADDRESS', 'KID_ISSUER_REGISTRATION']) {
      expect(problemsOf(production({ [name]: undefined }))).toEqual([
        `${name} is required when NODE_ENV=production (the issuer of key information documents)`,
      ]);
    }
    expect(loadConfig(production()).keyInformation).toEqual({
      issuer: {
        name: 'Parcelle SAS',
        address: '12 rue des Ateliers, 75011 Paris, France',
        registration: 'RCS Paris 900 000 001',
      },
      registrationRequired: true,
    });
    expect(loadConfig(production({ KID_REGISTRATION_REQUIRED: 'false' })).keyInformation.registrationRequired).toBe(
      false,
    );
  });

  it('lets PayPal be switched off: its keys are then not needed, and a PayPal purchase is refused', () => {
    const config = loadConfig(
      production({ PAYMENT_METHODS: 'card,wallet', PAYPAL_CLIENT_ID: undefined, PAYPAL_CLIENT_SECRET: undefined }),
    );
    expect(config.payments).toMatchObject({ methods: ['card', 'smart_amount'], sandbox: false, testMode: false });
    expect(problemsOf(production({ PAYMENT_METHODS: 'card,cash' }))[0]).toMatch(/^PAYMENT_METHODS/);
  });

  it('runs the offline sandboxes only with PAYMENTS_SANDBOX=true, in test mode, announced at warn level', () => {
    const noKeys = {
      STRIPE_SECRET_KEY: undefined,
      STRIPE_PUBLISHABLE_KEY: undefined,
      STRIPE_WEBHOOK_SECRET: undefined,
      PAYPAL_CLIENT_ID: undefined,
      PAYPAL_CLIENT_SECRET: undefined,
    };
    const config = loadConfig(production({ ...noKeys, PAYMENTS_SANDBOX: 'true' }));
    expect(config.payments).toMatchObject({ sandbox: true, testMode: true, stripe: null, paypal: null });
    expect(startupWarnings(config)).toEqual([
      'TEST MODE: the offline payment sandboxes are running; no real money is taken (PAYMENTS_SANDBOX=true)',
    ]);
    // With every key set, PAYMENTS_SANDBOX changes nothing: the real providers run.
    expect(loadConfig(production({ PAYMENTS_SANDBOX: 'true' })).payments).toMatchObject({ sandbox: false });
  });

  it('refuses providers’ test keys in production unless PAYMENTS_SANDBOX=true says it is a test deployment', () => {
    const testKeys = {
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
      PAYPAL_API_URL: 'https://api-m.sandbox.paypal.com',
    };
    expect(problemsOf(production(testKeys))).toEqual([
      'STRIPE_SECRET_KEY is a Stripe test key: use a live key, or PAYMENTS_SANDBOX=true for a test deployment',
      'STRIPE_PUBLISHABLE_KEY is a Stripe test key: use a live key, or PAYMENTS_SANDBOX=true for a test deployment',
      "PAYPAL_API_URL is PayPal's sandbox: use https://api-m.paypal.com, or PAYMENTS_SANDBOX=true for a test deployment",
    ]);
    const config = loadConfig(production({ ...testKeys, PAYMENTS_SANDBOX: 'true' }));
    expect(config.payments).toMatchObject({ sandbox: false, testMode: true });
    expect(startupWarnings(config)[0]).toMatch(/^TEST MODE: payment providers use test keys/);
  });
});

describe('outside production', () => {
  const base = { NODE_ENV: 'development', DATA_DIR } as const;

  it('plays missing providers with the sandboxes, listens on 127.0.0.1, and has no SMS provider', () => {
    const config = loadConfig(base);
    expect(config.payments).toMatchObject({ sandbox: true, testMode: true, stripe: null, paypal: null });
    expect(config.payments.paypal).toBeNull();
    expect(config.host).toBe('127.0.0.1');
    expect(loadConfig({ ...base, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(config.sms.twilio).toBeNull();
    expect(startupWarnings(config)).toEqual([
      'TEST MODE: the offline payment sandboxes are running; no real money is taken',
    ]);
  });

  it('still refuses partial provider keys', () => {
    expect(problemsOf({ ...base, STRIPE_SECRET_KEY: 'sk_test_1' })).toEqual([
      'STRIPE_PUBLISHABLE_KEY is required with the other Stripe keys',
      'STRIPE_WEBHOOK_SECRET is required with the other Stripe keys',
    ]);
    expect(problemsOf({ ...base, PAYPAL_CLIENT_ID: 'id' })).toEqual([
      'PAYPAL_CLIENT_SECRET is required with the other PayPal keys',
    ]);
    expect(problemsOf({ ...base, TWILIO_FROM: '+33100000000' })).toEqual([
      'TWILIO_ACCOUNT_SID is required with the other Twilio keys',
      'TWILIO_AUTH_TOKEN is required with the other Twilio keys',
    ]);
  });

  it('uses PayPal’s sandbox API by default and reads Twilio when all three keys are set', () => {
    const config: AppConfig = loadConfig({
      ...base,
      PAYPAL_CLIENT_ID: 'id',
      PAYPAL_CLIENT_SECRET: 'secret',
      TWILIO_ACCOUNT_SID: 'AC1',
      TWILIO_AUTH_TOKEN: 'token',
      TWILIO_FROM: '+33100000000',
      TWILIO_API_URL: 'http://127.0.0.1:9999/',
    });
    expect(config.payments.paypal?.apiUrl).toBe('https://api-m.sandbox.paypal.com');
    expect(config.sms.twilio).toEqual({
      accountSid: 'AC1',
      authToken: 'token',
      from: '+33100000000',
      apiUrl: 'http://127.0.0.1:9999',
    });
  });
});

describe('the server', () => {
  it('prints the problems to stderr, one a line, without a stack trace, and exits with status 1', () => {
    const root = resolve(import.meta.dirname, '../../..');
    const { SMTP_URL: _smtp, ...withoutSmtp } = PRODUCTION_ENV;
    const run = spawnSync(process.execPath, [builtServer()], {
      cwd: root,
      env: { PATH: process.env.PATH, ...withoutSmtp, JWT_SECRET: '', DATA_DIR },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([
      'Parcelle cannot start:',
      '- JWT_SECRET (at least 32 characters) is required when NODE_ENV=production',
      '- SMTP_URL is required when NODE_ENV=production (emails would stay in the outbox)',
    ]);
  }, 60_000);
});

describe('observability configuration (docs/deploy.md)', () => {
  it('is optional in production: metrics closed to scrapers, no Sentry, no tracing, a pool of 10', () => {
    const config = loadConfig(production());
    expect(config.observability).toEqual({
      metricsToken: null,
      sentry: null,
      browserSentry: null,
      otlpEndpoint: null,
    });
    expect(config.databasePoolMax).toBe(10);
  });

  it('reads the metrics token, Sentry, the OTLP endpoint and the pool size', () => {
    const config = loadConfig(
      production({
        METRICS_TOKEN: 'a-metrics-token-of-at-least-32-characters',
        SENTRY_DSN: 'https://public@o1.ingest.sentry.io/2',
        SENTRY_BROWSER_DSN: 'https://browser@o1.ingest.sentry.io/3',
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        DATABASE_POOL_MAX: '25',
      }),
    );
    expect(config.observability).toEqual({
      metricsToken: 'a-metrics-token-of-at-least-32-characters',
      sentry: { dsn: 'https://public@o1.ingest.sentry.io/2', environment: 'production' },
      browserSentry: { dsn: 'https://browser@o1.ingest.sentry.io/3', environment: 'production' },
      otlpEndpoint: 'http://collector:4318',
    });
    expect(config.databasePoolMax).toBe(25);
  });

  it('refuses a short metrics token, a malformed DSN or endpoint, and an impossible pool', () => {
    expect(
      problemsOf(
        production({
          METRICS_TOKEN: 'short',
          SENTRY_DSN: 'not a url',
          SENTRY_BROWSER_DSN: 'also not a url',
          OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318',
          DATABASE_POOL_MAX: '0',
        }),
      ),
    ).toEqual([
      'DATABASE_POOL_MAX: Too small: expected number to be >=1',
      'METRICS_TOKEN: METRICS_TOKEN must be at least 32 characters',
      'SENTRY_DSN: Invalid URL',
      'SENTRY_BROWSER_DSN: Invalid URL',
      'OTEL_EXPORTER_OTLP_ENDPOINT: must be an http:// or https:// URL (OTLP over HTTP)',
    ]);
  });
});

describe('investor protections (issue 30)', () => {
  it('default to the stricter union: every protection on, €1,000 / 5 %, two years', () => {
    expect(loadConfig(production()).investor).toEqual({
      regime: 'union',
      protections: { category: true, knowledge_test: true, loss_simulation: true, investment_warning: true },
      warningFloorMinor: 100_000,
      warningNetWorthBps: 500,
      validityMonths: 24,
    });
  });

  it('production refuses switching off what the regime requires, or loosening the figures', () => {
    expect(problemsOf(production({ INVESTOR_KNOWLEDGE_TEST: 'off' }))).toEqual([
      'INVESTOR_KNOWLEDGE_TEST=off is refused in production: INVESTOR_REGIME=union requires it',
    ]);
    expect(problemsOf(production({ INVESTOR_WARNING_FLOOR_MINOR: '200000', INVESTOR_VALIDITY_MONTHS: '36' }))).toEqual([
      'INVESTOR_WARNING_FLOOR_MINOR above 100000 (€1,000) is refused in production',
      'INVESTOR_VALIDITY_MONTHS above 24 is refused in production',
    ]);
    expect(problemsOf(production({ INVESTOR_REGIME: 'strict' }))[0]).toMatch(/^INVESTOR_REGIME/);
    expect(problemsOf(production({ INVESTOR_LOSS_SIMULATION: 'maybe' }))[0]).toMatch(/^INVESTOR_LOSS_SIMULATION/);
  });

  it('the biens divers regime alone leaves them off unless switched on; development may switch any off', () => {
    const config = loadConfig(production({ INVESTOR_REGIME: 'biens_divers', INVESTOR_KNOWLEDGE_TEST: 'on' }));
    expect(config.investor.protections).toEqual({
      category: false,
      knowledge_test: true,
      loss_simulation: false,
      investment_warning: false,
    });
    const development = loadConfig({ NODE_ENV: 'development', DATA_DIR, INVESTOR_INVESTMENT_WARNING: 'off' });
    expect(development.investor.protections.investment_warning).toBe(false);
  });
});

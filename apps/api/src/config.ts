import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** Every environment variable the API reads. docs/configuration.md lists them for operators. */
const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
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
  TRUST_PROXY: z.string().default(''),
  REDIS_URL: z.string().optional(),
  CAPTCHA_SITE_KEY: z.string().optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_JWKS_URL: z.string().url().default('https://www.googleapis.com/oauth2/v3/certs'),
  GOOGLE_ISSUER: z.string().default('accounts.google.com,https://accounts.google.com'),
  MICROSOFT_CLIENT_ID: z.string().optional(),
  MICROSOFT_TENANT: z.string().default('common'),
  MICROSOFT_JWKS_URL: z.string().url().default('https://login.microsoftonline.com/common/discovery/v2.0/keys'),
  MICROSOFT_ISSUER: z.string().default('https://login.microsoftonline.com/{tenantid}/v2.0'),
  OPERATORS_EMAIL: z.string().email().default('operators@parcelle.local'),
  SEED_CATALOGUE: z.enum(['true', 'false']).optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  PAYPAL_CLIENT_ID: z.string().optional(),
  PAYPAL_CLIENT_SECRET: z.string().optional(),
  PAYPAL_API_URL: z.string().url().default('https://api-m.sandbox.paypal.com'),
  RESERVATION_MINUTES: z.coerce.number().int().min(1).max(120).default(15),
});

export type AppConfig = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
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
  /** Seed the demo catalogue at start-up (default: on outside production). */
  seedCatalogue: boolean;
  /** Card and PayPal providers: the offline sandboxes unless keys are set. */
  payments: {
    stripe: { secretKey: string; publishableKey: string; webhookSecret: string } | null;
    paypal: { clientId: string; clientSecret: string; apiUrl: string } | null;
    /** How long a purchase holds its parts while it is paid. */
    reservationMinutes: number;
  };
};

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

function redisFrom(url: string | undefined): AppConfig['redis'] {
  if (!url) return null;
  if (!/^rediss?:\/\//.test(url)) throw new Error('REDIS_URL must start with redis:// or rediss://');
  return { url, keyPrefix: 'parcelle:' };
}

function required(value: string | undefined, name: string): string {
  if (!value) throw new Error(`${name} is required with the other keys of its provider`);
  return value;
}

/**
 * The repository's root (the package.json that declares the workspaces), found from this file whether it runs from
 * source or from the bundle; the working directory when there is none (an installed copy without the workspace).
 */
function workspaceRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && 'workspaces' in JSON.parse(readFileSync(manifest, 'utf8'))) return dir;
    dir = dirname(dir);
  }
  return process.cwd();
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const env = ZEnv.parse(source);
  // A relative DATA_DIR is the repository's, whichever workspace a script runs in: `npm run admin` (run by npm inside
  // apps/api) and `npm start` must open the same database.
  const dataDir = resolve(workspaceRoot(), env.DATA_DIR);
  const trustProxy = parseTrustProxy(env.TRUST_PROXY, env.NODE_ENV === 'production');
  const redis = redisFrom(env.REDIS_URL);
  if (env.NODE_ENV === 'production' && !env.JWT_SECRET) {
    throw new Error('JWT_SECRET (at least 32 characters) is required when NODE_ENV=production');
  }
  if (env.NODE_ENV === 'production' && !env.SERVER_SECRET) {
    // It keys one-time codes and encrypts stored IBANs: a generated one lost with its folder loses them.
    throw new Error('SERVER_SECRET (at least 32 characters) is required when NODE_ENV=production');
  }
  const secrets =
    env.NODE_ENV === 'test'
      ? { jwt: randomBytes(48).toString('base64url'), server: randomBytes(48).toString('base64url') }
      : persistentSecrets(dataDir);
  const port = env.PORT;
  return {
    env: env.NODE_ENV,
    port,
    host: env.HOST,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
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
    seedCatalogue: env.SEED_CATALOGUE ? env.SEED_CATALOGUE === 'true' : env.NODE_ENV !== 'production',
    payments: {
      stripe: env.STRIPE_SECRET_KEY
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            publishableKey: required(env.STRIPE_PUBLISHABLE_KEY, 'STRIPE_PUBLISHABLE_KEY'),
            webhookSecret: required(env.STRIPE_WEBHOOK_SECRET, 'STRIPE_WEBHOOK_SECRET'),
          }
        : null,
      paypal: env.PAYPAL_CLIENT_ID
        ? {
            clientId: env.PAYPAL_CLIENT_ID,
            clientSecret: required(env.PAYPAL_CLIENT_SECRET, 'PAYPAL_CLIENT_SECRET'),
            apiUrl: env.PAYPAL_API_URL.replace(/\/$/, ''),
          }
        : null,
      reservationMinutes: env.RESERVATION_MINUTES,
    },
    ...overrides,
  };
}

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import type { DestinationStream } from 'pino';
import { OutboxMailer } from '../src/adapters/mail/outbox';
import { buildApp } from '../src/app';
import { type AppConfig, loadConfig } from '../src/config';
import type { AppContext } from '../src/context';
import { createContext } from '../src/create-context';
import { type DatabaseHandle, openPostgres } from '../src/db/client';
import type { App } from '../src/http/types';
import { checkInvariants } from '../src/modules/ledger/invariants';
import { DELIVERY_JOBS } from '../src/modules/notifications/delivery-jobs';
import { TEMPLATE_ENV } from './template';

/**
 * Each test file gets a clean database on the run's PostgreSQL server (test/global-setup.ts: TEST_DATABASE_URL or
 * the project's own server), cloned from the run's template (already migrated, pg-boss's schema included) and
 * dropped afterwards. Same migrations, same code as production.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const template = process.env[TEMPLATE_ENV];
  if (!serverUrl) throw new Error('no TEST_DATABASE_URL: the API tests run through apps/api/vitest.config.ts');
  const name = `parcelle_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString());
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

export type TestApp = {
  app: App;
  ctx: AppContext;
  close: () => Promise<void>;
  /** JSON request helper: `call('POST', '/api/auth/token', { body, token })`. */
  call: (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    options?: {
      body?: unknown;
      token?: string;
      headers?: Record<string, string>;
      ip?: string;
      /** false: this purchase call does not acknowledge the work's key information document first (below). */
      acknowledgeKeyInformation?: boolean;
    },
    // biome-ignore lint/suspicious/noExplicitAny: tests read response JSON freely and assert on it.
  ) => Promise<LightMyRequestResponse & { body: string; json: <T = any>() => T }>;
  /**
   * Issue 30: before a member's purchase or quote of a work (POST /api/paintings/purchase or /validate), `call` makes
   * the member open and acknowledge the work's current key information document through the API, as the web app's
   * purchase step does, when they have not yet (a test member is one who read it). False: the calls go as they are;
   * the gate's own tests set it, and a call may opt out with `acknowledgeKeyInformation: false`.
   */
  acknowledgeKeyInformation: boolean;
};

const PURCHASE_CALLS = new Set(['/api/paintings/purchase', '/api/paintings/validate']);

/** The member acknowledges the current version of the work's document, through the member routes, if not yet. */
async function acknowledgeBeforePurchase(app: App, token: string, body: unknown): Promise<void> {
  const paintingId = (body as { painting_id?: unknown } | null)?.painting_id;
  if (typeof paintingId !== 'string' || !/^[0-9a-f-]{36}$/.test(paintingId)) return;
  const authorization = `Bearer ${token}`;
  const status = await app.inject({
    method: 'GET',
    url: `/api/user/key-information/${paintingId}`,
    headers: { authorization },
  });
  if (status.statusCode !== 200) return;
  const data = status.json<{ data: { published: boolean; acknowledged: boolean; version_id: string | null } }>().data;
  if (!data.published || data.acknowledged || !data.version_id) return;
  await app.inject({
    method: 'POST',
    url: `/api/user/key-information/${paintingId}/acknowledge`,
    headers: { authorization },
    payload: { version_id: data.version_id, language: 'en' },
  });
}

export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  options: { logStream?: DestinationStream } = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  await database.migrate();
  return createTestAppOn(database, overrides, { ...options, ownsDatabase: true });
}

/**
 * What a production deployment must set, with fake credentials (tests never reach the providers): the start-up
 * checks of config.ts pass with exactly this, and refuse it with any one item removed.
 */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://parcelle@127.0.0.1:5432/parcelle',
  JWT_SECRET: 'test-jwt-secret-of-at-least-thirty-two-characters',
  SERVER_SECRET: 'test-server-secret-of-at-least-thirty-two-characters',
  SMTP_URL: 'smtp://127.0.0.1:2525',
  TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000000',
  TWILIO_AUTH_TOKEN: 'twilio-auth-token',
  TWILIO_FROM: '+33100000000',
  STRIPE_SECRET_KEY: 'sk_live_parcelle_test',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_parcelle_test',
  STRIPE_WEBHOOK_SECRET: 'whsec_parcelle_test',
  PAYPAL_CLIENT_ID: 'paypal-client-id',
  PAYPAL_CLIENT_SECRET: 'paypal-client-secret',
  KID_ISSUER_NAME: 'Parcelle SAS',
  KID_ISSUER_ADDRESS: '12 rue des Ateliers, 75011 Paris, France',
  KID_ISSUER_REGISTRATION: 'RCS Paris 900 000 001',
} as const satisfies NodeJS.ProcessEnv;

/**
 * An app configured as production (loadConfig on PRODUCTION_ENV plus `env`; undefined removes a variable), on a
 * fresh test database. Logs stay silent and password hashing cheap; nothing else is overridden.
 */
export async function createProductionTestApp(
  env: Record<string, string | undefined> = {},
  overrides: Partial<AppConfig> = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  await database.migrate();
  return createTestAppOn(database, overrides, { ownsDatabase: true, env: { ...PRODUCTION_ENV, ...env } });
}

/**
 * An app on an existing database: a second app on the same database plays a server restarted after a crash.
 * Only an app that owns its database closes it (and checks the invariants on it).
 */
export async function createTestAppOn(
  database: DatabaseHandle,
  overrides: Partial<AppConfig> = {},
  options: { ownsDatabase?: boolean; env?: NodeJS.ProcessEnv; logStream?: DestinationStream } = {},
): Promise<TestApp> {
  // Each app its own data folder (uploaded media), removed on close.
  const dataDir = mkdtempSync(join(tmpdir(), 'parcelle-test-'));
  const config = loadConfig(
    { ...(options.env ?? { NODE_ENV: 'test' }), DATA_DIR: dataDir },
    {
      rateLimitAuthPerMinute: 1000,
      captcha: { provider: 'altcha', secret: undefined, cost: 50 },
      ...(options.env ? { logLevel: 'silent', passwordHashing: { memoryCost: 1024, timeCost: 1 } } : {}),
      // Test works have a few dozen parts: the share cap is off unless a test sets it (decision 84).
      reservationLimits: { maxSharePercent: 100, maxPendingEurMinor: 100_000_000 },
      ...overrides,
    },
  );
  const ctx = createContext(config, database);
  // A production-configured app has no SMTP server to talk to: its emails go to the outbox tests read.
  if (options.env) ctx.delivery.mailer = new OutboxMailer(database.db);
  const app = await buildApp(ctx, { logStream: options.logStream });
  await app.ready();
  const testApp: TestApp = {
    app,
    ctx,
    acknowledgeKeyInformation: true,
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
      if (!options.ownsDatabase) return;
      // Every integration test file ends by checking the money and parts invariants on what it left behind.
      const problems = await checkInvariants(database.db);
      await database.close();
      if (problems.length > 0) throw new Error(`invariants broken:\n${problems.join('\n')}`);
    },
    call: async (method, url, options = {}) => {
      if (
        testApp.acknowledgeKeyInformation &&
        options.acknowledgeKeyInformation !== false &&
        method === 'POST' &&
        options.token &&
        PURCHASE_CALLS.has(url)
      ) {
        await acknowledgeBeforePurchase(app, options.token, options.body);
      }
      const headers: Record<string, string> = { ...(options.headers ?? {}) };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      const response = await app.inject({
        method,
        url,
        headers,
        remoteAddress: options.ip,
        ...(options.body === undefined ? {} : { payload: options.body as object }),
      });
      // What the request enqueued for delivery is sent now, so a test reads the outbox right after (no workers run
      // in tests, and nothing sleeps).
      await ctx.jobs.drain(DELIVERY_JOBS);
      return response as never;
    },
  };
  return testApp;
}

/**
 * Solves a challenge of this app as the page's ALTCHA widget does (GET /api/captcha/challenge, then the proof of work;
 * the cost is low in tests) and answers the value a protected request carries in `captcha`.
 */
export async function solvedCaptcha(t: Pick<TestApp, 'call'>): Promise<string> {
  const response = await t.call('GET', '/api/captcha/challenge');
  if (response.statusCode !== 200) throw new Error(`no captcha challenge: ${response.body}`);
  const { challenge } = response.json().data;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the captcha challenge could not be solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/**
 * The Redis of the tests: TEST_REDIS_URL (CI sets it, and then it must answer), else a local one on 127.0.0.1:6379 if
 * it answers; null when there is none, and the tests that need it are skipped with a message saying so.
 */
export async function testRedisUrl(): Promise<string | null> {
  const configured = process.env.TEST_REDIS_URL;
  const url = configured || 'redis://127.0.0.1:6379';
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await client.connect();
    await client.ping();
    return url;
  } catch (error) {
    if (configured) throw new Error(`TEST_REDIS_URL=${configured} does not answer: ${(error as Error).message}`);
    console.warn(`Redis does not answer on ${url}: the tests of the shared (Redis) limits are skipped`);
    return null;
  } finally {
    client.disconnect();
  }
}

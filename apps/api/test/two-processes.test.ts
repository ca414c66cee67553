import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { messages } from '@parcelle/shared';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalDiskStorage } from '../src/adapters/storage/local-disk';
import { type AppConfig, loadConfig } from '../src/config';
import { type DatabaseHandle, openPostgres, queryRows } from '../src/db/client';
import { paintings, partMovements, purchases } from '../src/db/schema';
import { seedCatalogue } from '../src/db/seed-catalogue';
import { checkInvariants } from '../src/modules/ledger/invariants';
import { builtServer } from './built';
import { acknowledgeKeyInformation, codeIn, createPaintingForSale, registration } from './factories';
import { solvedCaptcha, type TestApp } from './test-app';

/**
 * Two API processes (the built server, dist/server.js, each as `npm run start:cluster`'s workers run it) on one fresh PostgreSQL database and one
 * Redis: what one process does, the other sees. Needs TEST_REDIS_URL (CI sets it); the database server is the run's.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const skipReason = !serverUrl || !redisUrl ? 'needs TEST_REDIS_URL (a Redis both processes share; CI sets it)' : null;
if (skipReason) console.warn(`two-process test skipped: ${skipReason}`);

const apiDir = join(dirname(fileURLToPath(import.meta.url)), '..');
/** The per-IP sign-in budget both processes must share. */
const SIGN_IN_PER_MINUTE = 6;
const SWEEP_SECONDS = 2;

type Server = { port: number; child: ChildProcess; output: string[]; dataDir: string };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

function startServer(env: Record<string, string>, port: number): Server {
  const dataDir = mkdtempSync(join(tmpdir(), 'parcelle-two-'));
  const child = spawn(process.execPath, [builtServer()], {
    cwd: apiDir,
    env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port), DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  return { port, child, output, dataDir };
}

async function waitUntil<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 90_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function stopServer(server: Server): Promise<number | null> {
  if (server.child.exitCode !== null) return server.child.exitCode;
  const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
  server.child.kill('SIGTERM');
  const code = await exited;
  rmSync(server.dataDir, { recursive: true, force: true });
  return code;
}

/** The test factories' `call`, over HTTP to one process, from a client address of the test's choosing. */
function client(server: Server, db: DatabaseHandle, config: AppConfig): TestApp {
  const call: TestApp['call'] = async (method, url, options = {}) => {
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.ip) headers['x-forwarded-for'] = options.ip;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`http://127.0.0.1:${server.port}${url}`, {
      method,
      headers,
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
    const body = await response.text();
    return { statusCode: response.status, body, json: () => JSON.parse(body) } as never;
  };
  // The processes' configuration, for the factories that publish a work's key information document (issue 30).
  return { call, ctx: { database: db, config } } as unknown as TestApp;
}

let ipSequence = 0;
/** Each member signs up from an address of their own (the per-IP limits are not what this test is about). */
function nextIp(): string {
  ipSequence += 1;
  return `198.51.100.${ipSequence}`;
}

describe.skipIf(skipReason !== null)('two API processes on one PostgreSQL and one Redis', () => {
  let a: Server;
  let b: Server;
  let database: DatabaseHandle;
  let databaseName: string;
  let onA: TestApp;
  let onB: TestApp;

  /** A member signed up on one process, whose email code (sent by a job, whichever process ran it) is confirmed. */
  async function verifiedMember(on: TestApp, other: TestApp) {
    const ip = nextIp();
    const payload: Record<string, unknown> = {
      ...registration(),
      captcha: await solvedCaptcha({ call: (m, u, o) => on.call(m, u, { ...o, ip }) }),
    };
    const registered = await on.call('POST', '/api/user/register', { body: payload, ip });
    if (registered.statusCode !== 200) throw new Error(`register failed: ${registered.body}`);
    const session = registered.json().data as { access_token: string; refresh_token: string };
    const email = String(payload.email);
    // The other process's development outbox: the message was queued by `on` and delivered by a job.
    const code = await waitUntil('the verification email', async () => {
      const outbox = await other.call('GET', `/api/dev/outbox?to=${encodeURIComponent(email)}`);
      const text = outbox.json().data[0]?.text as string | undefined;
      return text ? codeIn(text) : undefined;
    });
    const verified = await other.call('POST', '/api/user/email/verify', {
      body: { code },
      token: session.access_token,
      ip,
    });
    if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.body}`);
    // Identity approved (issue 29: no purchase without it), through the development route as a test operator would.
    const approved = await other.call('POST', '/api/dev/verification/approve', { body: { email } });
    if (approved.statusCode !== 200) throw new Error(`approve failed: ${approved.body}`);
    return { email, ip, accessToken: session.access_token, refreshToken: session.refresh_token };
  }

  beforeAll(async () => {
    databaseName = `parcelle_two_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${databaseName}`);
    await admin.end();
    const url = new URL(serverUrl ?? '');
    url.pathname = `/${databaseName}`;
    const secret = randomBytes(32).toString('hex');
    const env = {
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      DATABASE_URL: url.toString(),
      REDIS_URL: redisUrl ?? '',
      // A prefix of this run's own: nothing another test left in this Redis counts here.
      REDIS_KEY_PREFIX: `parcelle-two-${randomBytes(4).toString('hex')}:`,
      // Both processes sign and verify the same tokens, as a cluster's do.
      JWT_SECRET: `jwt-${secret}`,
      SERVER_SECRET: `server-${secret}`,
      TRUST_PROXY: 'loopback',
      SEED_CATALOGUE: 'false',
      CAPTCHA_COST: '50',
      RATE_LIMIT_AUTH_PER_MINUTE: String(SIGN_IN_PER_MINUTE),
      RESERVATION_SWEEP_SECONDS: String(SWEEP_SECONDS),
      // One buyer may hold most of a small test work (decision 84's cap is not what this test is about).
      RESERVATION_MAX_SHARE_PERCENT: '100',
      JOBS_POLL_SECONDS: '0.5',
      LOG_LEVEL: 'info',
    };
    const [portA, portB] = [await freePort(), await freePort()];
    // Both start at once: they migrate and seed one after the other (an advisory lock), then serve.
    a = startServer(env, portA);
    b = startServer(env, portB);
    for (const server of [a, b]) {
      await waitUntil(`the process on port ${server.port}`, async () => {
        const response = await fetch(`http://127.0.0.1:${server.port}/api/health`).catch(() => null);
        return response?.ok ? true : undefined;
      }).catch((error: Error) => {
        throw new Error(`${error.message}; its output:\n${server.output.join('').slice(-4000)}`);
      });
    }
    database = await openPostgres(url.toString());
    await seedCatalogue(database.db, new LocalDiskStorage(a.dataDir), { media: false });
    const config = loadConfig({ ...process.env, ...env, DATA_DIR: a.dataDir });
    onA = client(a, database, config);
    onB = client(b, database, config);
  }, 180_000);

  afterAll(async () => {
    const codes = await Promise.all([a, b].filter(Boolean).map((server) => stopServer(server)));
    await database?.close();
    if (databaseName) {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
      await admin.end();
    }
    // Graceful shutdown: SIGTERM ends each process cleanly, after its requests and jobs.
    expect(codes).toEqual([0, 0]);
  }, 120_000);

  it('sells the last parts to buyers split across both processes, never more than exist', async () => {
    const painting = await createPaintingForSale(onA, { widthCm: 2, heightCm: 1 });
    const buyers = await Promise.all(Array.from({ length: 16 }, (_, i) => verifiedMember(i % 2 ? onA : onB, onA)));
    // Each has read the work's key information document (issue 30), on either process.
    await Promise.all(buyers.map((buyer, i) => acknowledgeKeyInformation(i % 2 ? onB : onA, buyer, painting.id)));
    const buy = (on: TestApp, buyer: (typeof buyers)[number], parts: number) =>
      on.call('POST', '/api/paintings/purchase', {
        body: { total_part: parts, payment_method: 'card', painting_id: painting.id, owner: 'J. D.' },
        token: buyer.accessToken,
        ip: buyer.ip,
      });
    const [first, ...rest] = buyers;
    if (!first) throw new Error('no buyer');
    // 10 of the 18 parts go first, leaving 8 for the 15 others, who ask at once, alternately on each process.
    expect((await buy(onA, first, 10)).statusCode).toBe(200);
    const responses = await Promise.all(rest.map((buyer, i) => buy(i % 2 ? onA : onB, buyer, 1)));
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(8);
    expect(codes.filter((code) => code === 400)).toHaveLength(7);
    // Each refused buyer asked for one part once none was left: told the work is sold out (issue 16).
    for (const response of responses.filter((r) => r.statusCode === 400)) {
      expect(response.json().error).toEqual(messages.PartsSoldOut);
    }
    // sold + available = total, in the painting's row and in the parts register; the ledger balances.
    const [row] = await database.db.select().from(paintings).where(eq(paintings.id, painting.id));
    expect(row?.soldParts).toBe(18);
    const [available] = await queryRows<{ quantity: string }>(
      database.db,
      sql`SELECT coalesce(sum(quantity), 0) AS quantity FROM part_entries
          WHERE painting_id = ${painting.id} AND holder_kind = 'available'`,
    );
    expect(Number(available?.quantity)).toBe(0);
    expect(await checkInvariants(database.db)).toEqual([]);
  }, 180_000);

  it('counts one sign-in limit across both processes', async () => {
    const ip = '203.0.113.9';
    const codes: number[] = [];
    for (let i = 0; i < SIGN_IN_PER_MINUTE + 2; i++) {
      // Another address each time: the per-account slow-down (after 3 failures) stays out of this.
      const response = await (i % 2 ? onB : onA).call('POST', '/api/auth/token', {
        body: { email: `nobody-${i}@example.com`, password: 'not-the-password-1A!', device_type: 'web' },
        ip,
      });
      codes.push(response.statusCode);
      if (response.statusCode === 429) expect(response.json().error).toEqual(messages.TooManyRequests);
    }
    // Three attempts on each process: alone, neither would have reached the budget of 6.
    expect(codes.slice(0, SIGN_IN_PER_MINUTE)).toEqual(Array(SIGN_IN_PER_MINUTE).fill(401));
    expect(codes.slice(SIGN_IN_PER_MINUTE)).toEqual([429, 429]);
  }, 60_000);

  it('refuses on one process a refresh token rotated on the other', async () => {
    const member = await verifiedMember(onA, onB);
    const refresh = (on: TestApp, token: string) =>
      on.call('POST', '/api/auth/token/refresh', { body: { refresh_token: token }, ip: member.ip });
    const first = await refresh(onA, member.refreshToken);
    expect(first.statusCode).toBe(200);
    const second = await refresh(onB, first.json().data.refresh_token);
    expect(second.statusCode).toBe(200);
    // Rotated on A, refused on B; rotated on B, refused on A.
    expect((await refresh(onB, member.refreshToken)).statusCode).toBe(401);
    expect((await refresh(onA, first.json().data.refresh_token)).statusCode).toBe(401);
    // A rotated token presented again ends the session on every process: the newest token is refused too.
    expect((await refresh(onA, second.json().data.refresh_token)).statusCode).toBe(401);
  }, 120_000);

  it('runs the reservation sweep once per window across both processes: an expired reservation is released once', async () => {
    const painting = await createPaintingForSale(onA, { widthCm: 1, heightCm: 1 });
    const buyer = await verifiedMember(onB, onA);
    await acknowledgeKeyInformation(onA, buyer, painting.id);
    const reserved = await onB.call('POST', '/api/paintings/purchase', {
      body: { total_part: 3, payment_method: 'card', painting_id: painting.id, owner: 'J. D.' },
      token: buyer.accessToken,
      ip: buyer.ip,
    });
    expect(reserved.statusCode).toBe(200);
    const reference = reserved.json().data.reference_id as string;
    await database.db
      .update(purchases)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(purchases.reference, reference));
    await waitUntil(
      'the sweep',
      async () => {
        const [row] = await database.db.select().from(purchases).where(eq(purchases.reference, reference));
        return row?.status === 'expired' ? true : undefined;
      },
      60_000,
    );
    // Two more windows, in which both processes go on asking for sweeps.
    await new Promise((resolve) => setTimeout(resolve, SWEEP_SECONDS * 2 * 1000 + 500));
    const releases = await database.db
      .select()
      .from(partMovements)
      .where(and(eq(partMovements.reference, reference), eq(partMovements.reason, 'release')));
    expect(releases).toHaveLength(1);
    const [row] = await database.db.select().from(paintings).where(eq(paintings.id, painting.id));
    expect(row?.soldParts).toBe(0);
    // One process logged the release, not both.
    const logged = [a, b].map((server) => server.output.join('').split('expired reservations released').length - 1);
    expect(logged.reduce((sum, count) => sum + count, 0)).toBe(1);
    // The queue holds at most one sweep per window, though both processes asked for one every window.
    const perWindow = await queryRows<{ jobs: string }>(
      database.db,
      sql`SELECT count(*) AS jobs FROM pgboss.job WHERE name = 'reservation-sweep' GROUP BY singleton_on`,
    );
    expect(perWindow.length).toBeGreaterThan(1);
    expect(perWindow.every((window) => Number(window.jobs) === 1)).toBe(true);
    const [completed] = await queryRows<{ jobs: string }>(
      database.db,
      sql`SELECT count(*) AS jobs FROM pgboss.job WHERE name = 'reservation-sweep' AND state = 'completed'`,
    );
    expect(Number(completed?.jobs)).toBeGreaterThan(0);
    expect(await checkInvariants(database.db)).toEqual([]);
  }, 120_000);
});

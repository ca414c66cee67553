import { messages } from '@parcelle/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMember, createOperator, createPaintingForSale } from '../../test/factories';
import { createProductionTestApp, createTestApp, type TestApp } from '../../test/test-app';
import { queryRows } from '../db/client';
import { seedCatalogue } from '../db/seed-catalogue';
import { releaseExpired } from '../modules/purchases/release-reservation';
import { DB_GAUGE_TTL_MS } from './metrics';

/** Issue 13 §4: Prometheus metrics at an operator-only GET /metrics. */

const METRICS_TOKEN = 'metrics-token-of-at-least-thirty-two-characters';

/** The value of one sample of the exposition text (0 when the series does not exist yet). */
function sample(body: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of body.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const labelText = /\{(.*)\}/.exec(line)?.[1] ?? '';
    if (wanted.every((pair) => labelText.split(',').includes(pair))) return Number(line.split(' ').at(-1));
  }
  return 0;
}

describe('GET /metrics (development configuration)', () => {
  let t: TestApp;
  let operatorToken: string;
  let buyer: Awaited<ReturnType<typeof createMember>>;
  beforeAll(async () => {
    t = await createTestApp();
    await seedCatalogue(t.ctx.database.db, t.ctx.storage, { media: false });
    buyer = await createMember(t, { verified: true });
    operatorToken = (await createOperator(t)).accessToken;
    // Seeding, a member and an operator (argon2, TOTP enrolment): generous on a loaded machine.
  }, 180_000);
  afterAll(() => t?.close());

  const scrape = async () => {
    const response = await t.call('GET', '/metrics', { token: operatorToken });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  it('refuses guests (401) and members (403), and a wrong bearer secret', async () => {
    const guest = await t.call('GET', '/metrics');
    expect(guest.statusCode).toBe(401);
    expect(guest.json().error).toEqual(messages.InvalidToken);
    const member = await t.call('GET', '/metrics', { token: buyer.accessToken });
    expect(member.statusCode).toBe(403);
    expect(member.json().error).toEqual(messages.OperatorOnly);
    // No METRICS_TOKEN configured: no bearer secret opens it.
    expect((await t.call('GET', '/metrics', { token: METRICS_TOKEN })).statusCode).toBe(401);
  });

  it('serves an operator the Prometheus text: process, HTTP, pool and business metrics', async () => {
    const response = await t.call('GET', '/metrics', { token: operatorToken });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.body;
    for (const name of [
      'process_cpu_seconds_total',
      'nodejs_eventloop_lag_seconds',
      'http_requests_total',
      'http_request_duration_seconds_bucket',
      'parcelle_db_pool_connections',
      'parcelle_reservations_pending',
      'parcelle_ledger_transactions',
    ]) {
      expect(body).toContain(`# TYPE ${name.replace(/_bucket$/, '')} `);
    }
    const kind = t.ctx.database.kind;
    expect(sample(body, 'parcelle_db_pool_connections', { state: 'max', database: kind })).toBe(
      kind === 'postgres' ? 10 : 1,
    );
  });

  it('labels requests by route pattern, never by the URL', async () => {
    const number = 'PCL-2026-SECRETNUMB';
    // The registry is the process's: other test files of this worker count requests too, so counts are differences.
    const verified = { route: '/api/certificates/verify/:number', status_code: '404' };
    const before = sample(await scrape(), 'http_requests_total', verified);
    expect((await t.call('GET', `/api/certificates/verify/${number}?utm_source=mail`)).statusCode).toBe(404);
    await t.call('GET', '/api/no-such-route/secret-looking-value');
    const body = await scrape();
    expect(body).not.toContain('SECRETNUMB');
    expect(body).not.toContain('secret-looking-value');
    expect(body).not.toContain('utm_source');
    expect(sample(body, 'http_requests_total', verified)).toBe(before + 1);
    expect(sample(body, 'http_requests_total', { route: '(unmatched)', status_code: '404' })).toBeGreaterThan(0);
    expect(
      sample(body, 'http_request_duration_seconds_count', { route: '/api/user/register', method: 'POST' }),
    ).toBeGreaterThan(0);
  });

  it('counts a card purchase, its reservation and its settlement; the ledger gauge follows the database', async () => {
    const before = await scrape();
    const painting = await createPaintingForSale(t, { pricePerPartMinor: 300 });
    const bought = await t.call('POST', '/api/paintings/purchase', {
      token: buyer.accessToken,
      body: { total_part: 9, payment_method: 'card', painting_id: painting.id, owner: 'J. D.', currency: 'EURO' },
    });
    expect(bought.statusCode).toBe(200);
    const paid = await t.call('POST', '/api/payments/sandbox/card/confirm', {
      token: buyer.accessToken,
      body: { client_secret: bought.json().data.payment_client_secret, card_number: '4242 4242 4242 4242' },
    });
    expect(paid.statusCode).toBe(200);
    // The database gauges are cached for DB_GAUGE_TTL_MS: the next scrape comes after it.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + DB_GAUGE_TTL_MS + 1000);
    const after = await scrape().finally(() => vi.useRealTimers());
    const delta = (name: string, labels: Record<string, string>) =>
      sample(after, name, labels) - sample(before, name, labels);
    expect(delta('parcelle_purchases_total', { method: 'card', outcome: 'reserved' })).toBe(1);
    expect(delta('parcelle_purchases_total', { method: 'card', outcome: 'settled' })).toBe(1);
    expect(delta('parcelle_reservations_total', { event: 'created' })).toBe(1);
    expect(delta('parcelle_reservations_total', { event: 'settled' })).toBe(1);
    expect(delta('http_requests_total', { route: '/api/paintings/purchase', status_code: '200' })).toBe(1);
    const [ledger] = await queryRows<{ count: number }>(
      t.ctx.database.db,
      sql`select count(*)::int as count from ledger_transactions`,
    );
    expect(sample(after, 'parcelle_ledger_transactions')).toBe(Number(ledger?.count));
    expect(Number(ledger?.count)).toBeGreaterThan(0);
  });

  it('counts reservations released when they expire', async () => {
    const before = await scrape();
    const painting = await createPaintingForSale(t);
    const bought = await t.call('POST', '/api/paintings/purchase', {
      token: buyer.accessToken,
      body: { total_part: 2, payment_method: 'paypal', painting_id: painting.id, owner: 'J. D.', currency: 'EURO' },
    });
    expect(bought.statusCode).toBe(200);
    expect(await releaseExpired(t.ctx.database.db, new Date(Date.now() + 24 * 3600_000))).toBe(1);
    const after = await scrape();
    const delta = (name: string, labels: Record<string, string>) =>
      sample(after, name, labels) - sample(before, name, labels);
    expect(delta('parcelle_reservations_total', { event: 'expired' })).toBe(1);
    expect(delta('parcelle_purchases_total', { method: 'paypal', outcome: 'reserved' })).toBe(1);
  });
});

// Each test builds a production-configured app on a fresh database: slow on a loaded machine.
describe('GET /metrics in production', { timeout: 120_000 }, () => {
  it('opens to the METRICS_TOKEN bearer secret only; nothing else but operators', async () => {
    const t = await createProductionTestApp({ METRICS_TOKEN });
    try {
      expect((await t.call('GET', '/metrics')).statusCode).toBe(401);
      expect((await t.call('GET', '/metrics', { token: `${METRICS_TOKEN}x` })).statusCode).toBe(401);
      expect(
        (await t.call('GET', '/metrics', { headers: { authorization: `Basic ${METRICS_TOKEN}` } })).statusCode,
      ).toBe(401);
      const scraped = await t.call('GET', '/metrics', { token: METRICS_TOKEN });
      expect(scraped.statusCode).toBe(200);
      expect(scraped.body).toContain('http_requests_total');
    } finally {
      await t.close();
    }
  });

  it('without METRICS_TOKEN, refuses every caller but an operator (fails closed)', async () => {
    const t = await createProductionTestApp();
    try {
      expect((await t.call('GET', '/metrics')).statusCode).toBe(401);
      expect((await t.call('GET', '/metrics', { token: METRICS_TOKEN })).statusCode).toBe(401);
      // The production OpenAPI document does not list it.
      const docs = await t.call('GET', '/api/docs/json');
      expect(Object.keys(docs.json().paths)).not.toContain('/metrics');
    } finally {
      await t.close();
    }
  });
});

import { readFileSync } from 'node:fs';
import { messages } from '@parcelle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperator } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { importEcbRate, parseEcbDaily } from './ecb';
import { NO_RATE, Rates } from './rates';

/**
 * Issue 15: exchange rates. No rate never means 1 (USD prices are refused as unavailable); the ECB's daily file
 * (a fixture in its published format: no internet in tests) gives the rate of its day; an operator's rate wins.
 */
const fixture = readFileSync(new URL('../../../test/fixtures/eurofxref-daily.xml', import.meta.url), 'utf8');
const stubFetch = (body: string, status = 200) =>
  (async () => new Response(body, { status, headers: { 'content-type': 'text/xml' } })) as unknown as typeof fetch;

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ ecbRates: { enabled: true, url: 'https://ecb.test/eurofxref-daily.xml' } });
  token = (await createOperator(t, 'catalogue')).accessToken;
});
afterAll(() => t.close());

describe('parseEcbDaily', () => {
  it('reads the day and the USD rate as exact text', () => {
    expect(parseEcbDaily(fixture)).toEqual({ day: '2026-11-23', rate: '1.1523' });
  });

  it('refuses a page that is not the rates file', () => {
    expect(() => parseEcbDaily('<html><body>Maintenance</body></html>')).toThrow(/ECB rates/);
    expect(() => parseEcbDaily(fixture.replace("currency='USD'", "currency='XXX'"))).toThrow(/no USD rate/);
  });
});

describe('rates without a fallback', () => {
  it('never converts with 1: USD amounts are unavailable until a rate exists, EUR amounts are not', () => {
    const empty = new Rates([]);
    expect(empty.latest()).toBe(NO_RATE);
    expect(empty.money(12_345, 'EURO')).toEqual({ value: 123.45, curr: 'EURO' });
    expect(() => empty.money(12_345, 'USD')).toThrow(messages.RateUnavailable.en);
    expect(() => empty.toEuro(100, 'USD')).toThrow(messages.RateUnavailable.en);
  });

  it('answers 503 "price unavailable in USD" on a public page, then converts once the ECB rate is imported', async () => {
    const artist = await t.call('POST', '/api/admin/artists', {
      token,
      body: { name: 'Rate Test', bio_en: 'Bio.', bio_fr: 'Bio.' },
    });
    const id = artist.json().data.id;
    await t.call('PUT', `/api/admin/artists/${id}/years/2000`, {
      token,
      body: { turnover_minor: 1_000_000, lots_sold: 1, lots_unsold: 0, avg_price_cm2_minor: 1000 },
    });
    const usd = await t.call('GET', `/api/artists/detail?artistId=${id}&currency=USD`);
    expect(usd.statusCode).toBe(503);
    expect(usd.json().error).toEqual(messages.RateUnavailable);
    expect((await t.call('GET', `/api/artists/detail?artistId=${id}&currency=EURO`)).statusCode).toBe(200);

    expect(await importEcbRate(t.ctx, stubFetch(fixture))).toEqual({ day: '2026-11-23', rate: '1.1523' });
    const after = await t.call('GET', `/api/artists/detail?artistId=${id}&currency=USD`);
    expect(after.statusCode).toBe(200);
    expect(after.json().data.artist.turnover).toEqual([{ year: 2000, value: { value: 11_523, curr: 'USD' } }]);
    const listed = await t.call('GET', '/api/admin/exchange-rates', { token });
    expect(listed.json().data.rates).toContainEqual(
      expect.objectContaining({ day: '2026-11-23', rate: '1.1523', source: 'ecb' }),
    );
  });

  it('keeps an operator’s rate over the job’s, and fails the job on an HTTP error', async () => {
    await t.call('PUT', '/api/admin/exchange-rates/2026-11-24', { token, body: { rate: '1.2' } });
    await importEcbRate(t.ctx, stubFetch(fixture.replace("time='2026-11-23'", "time='2026-11-24'")));
    const listed = await t.call('GET', '/api/admin/exchange-rates', { token });
    expect(listed.json().data.rates).toContainEqual(
      expect.objectContaining({ day: '2026-11-24', rate: '1.2', source: 'manual' }),
    );
    await expect(importEcbRate(t.ctx, stubFetch('unavailable', 503))).rejects.toThrow(/HTTP 503/);
  });
});

import { convertMinor, messages, PARTS_PER_CM2, toMajor } from '@parcelle/shared';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { artists, artistYearlyStats, paintingDocuments, paintings, paintingValuations } from '../../db/schema';
import { seedCatalogue } from '../../db/seed-catalogue';
import { SEED_ARTISTS, SEED_PAINTINGS } from '../../db/seed-catalogue-data';
import { Rates } from '../fx/rates';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.ctx.database.db, t.ctx.storage, { media: false });
});
afterAll(() => t.close());

const get = (url: string) => t.call('GET', url);

async function counts() {
  const db = t.ctx.database.db;
  const [[a], [p], [s], [h], [d]] = await Promise.all([
    db.select({ n: count() }).from(artists),
    db.select({ n: count() }).from(paintings),
    db.select({ n: count() }).from(artistYearlyStats),
    db.select({ n: count() }).from(paintingValuations),
    db.select({ n: count() }).from(paintingDocuments),
  ]);
  return [a?.n, p?.n, s?.n, h?.n, d?.n].map(Number);
}

describe('seed', () => {
  it('is idempotent: a second run adds nothing', async () => {
    const before = await counts();
    await seedCatalogue(t.ctx.database.db, t.ctx.storage, { media: false });
    expect(await counts()).toEqual(before);
    expect(before[0]).toBe(SEED_ARTISTS.length);
    expect(before[1]).toBe(SEED_PAINTINGS.length);
  });

  it('keeps the parts invariants: total = W × H × 9, 0 ≤ sold ≤ total, market 3 sold out', async () => {
    const rows = await t.ctx.database.db.select().from(paintings);
    const markets = new Set(rows.map((row) => row.market));
    expect([...markets].sort()).toEqual([1, 2, 3]);
    for (const row of rows) {
      expect(row.totalParts).toBe(row.widthCm * row.heightCm * PARTS_PER_CM2);
      expect(row.soldParts).toBeGreaterThanOrEqual(0);
      expect(row.soldParts).toBeLessThanOrEqual(row.totalParts);
      if (row.market === 3) expect(row.soldParts).toBe(row.totalParts);
    }
    expect(rows.some((row) => row.market === 2 && row.soldParts > 0 && row.soldParts < row.totalParts)).toBe(true);
  });
});

describe('GET /api/paintings/', () => {
  it('lists the primary market (markets 1 and 2) and the secondary market (3), paginated', async () => {
    const primary = await get('/api/paintings/?type=primary&limit=100&offset=0&currency=EURO');
    expect(primary.statusCode).toBe(200);
    const data = primary.json().data;
    expect(data.base_url).toMatch(/\/media\/$/);
    expect(data.total).toBe(SEED_PAINTINGS.filter((p) => p.market !== 3).length);
    expect(data.paintings.every((p: { market: number }) => p.market === 1 || p.market === 2)).toBe(true);
    const secondary = (await get('/api/paintings/?type=secondary&limit=100&offset=0')).json().data;
    expect(secondary.total).toBe(SEED_PAINTINGS.filter((p) => p.market === 3).length);
    expect(secondary.paintings[0].price_per_part.curr).toBe('USD');

    const page1 = (await get('/api/paintings/?type=primary&limit=3&offset=0')).json().data.paintings;
    const page2 = (await get('/api/paintings/?type=primary&limit=3&offset=3')).json().data.paintings;
    expect(page1).toHaveLength(3);
    expect(page2.map((p: { id: string }) => p.id)).toEqual(data.paintings.slice(3, 6).map((p: { id: string }) => p.id));
    const beyond = (await get('/api/paintings/?type=primary&limit=5&offset=100000')).json().data;
    expect(beyond.paintings).toEqual([]);
  });

  it('answers with or without the trailing slash of spec §7', async () => {
    const withSlash = await t.call('GET', '/api/paintings/?type=primary&limit=1&offset=0');
    const without = await t.call('GET', '/api/paintings?type=primary&limit=1&offset=0');
    expect(withSlash.statusCode).toBe(200);
    expect(without.statusCode).toBe(200);
    expect(without.json().data.total).toBe(withSlash.json().data.total);
  });

  it('shapes a painting as spec §3', async () => {
    const [painting] = (await get('/api/paintings/?type=primary&limit=1&offset=0&currency=EURO')).json().data.paintings;
    expect(Object.keys(painting)).toEqual(
      expect.arrayContaining([
        '_id',
        'id',
        'cover_img',
        'images',
        'title',
        'description',
        'year',
        'painting_type_en',
        'painting_type_fr',
        'dimension',
        'market',
        'price_per_part',
        'painting_price',
        'total_part',
        'sold_out_part',
        'percentage',
        'artist',
      ]),
    );
    expect(painting.title.fr).toBeTruthy();
    expect(painting.total_part).toBe(painting.dimension.width * painting.dimension.height * 9);
    const [row] = SEED_PAINTINGS.filter((p) => p.titleEn === painting.title.en);
    expect(painting.price_per_part).toEqual({ value: toMajor(row?.pricePerPart ?? 0), curr: 'EURO' });
    expect(painting.painting_price.value).toBe(toMajor((row?.pricePerPart ?? 0) * painting.total_part));
  });

  it.each([
    ['limit=-1'],
    ['limit=0'],
    ['limit=101'],
    ['limit=abc'],
    ['limit=1.5'],
    ['offset=-1'],
    ['offset=100001'],
    ['offset=99999999999'],
    ['offset=x'],
    ['currency=GBP'],
    ['type=tertiary'],
    ['unknown=1'],
  ])('answers 400 in both languages for %s', async (query) => {
    const response = await get(`/api/paintings/?type=primary&${query}`.replace('type=primary&type=', 'type='));
    expect(response.statusCode).toBe(400);
    const error = response.json().error;
    expect(error.en).toBeTruthy();
    expect(error.fr).toBeTruthy();
  });

  it('bad pagination names the rule', async () => {
    const response = await get('/api/artists/?limit=-5');
    expect(response.json().error).toEqual(messages.InvalidPagination);
  });
});

describe('GET /api/paintings/detail', () => {
  it('answers the painting with history, artist index, counts and documents', async () => {
    const [first] = (await get('/api/paintings/?type=primary&limit=1&offset=0')).json().data.paintings;
    const response = await get(`/api/paintings/detail?painting_id=${first.id}&currency=EURO`);
    expect(response.statusCode).toBe(200);
    const detail = response.json().data.paintings;
    expect(detail.evolution_list.length).toBeGreaterThanOrEqual(8);
    expect(detail.evolution_list.at(-1).totalValue).toBe(detail.painting_price.value);
    expect(detail.artist_evolution.length).toBeGreaterThanOrEqual(8);
    // The newest work is not on sale yet: nobody holds parts of it.
    expect(detail.sold_out_part).toBe(0);
    expect(detail.investors_count).toBe(0);
    // A sold-out work: its co-owners and their countries come from the parts register.
    const [sold] = (await get('/api/paintings/?type=secondary&limit=1&offset=0')).json().data.paintings;
    const soldDetail = (await get(`/api/paintings/detail?painting_id=${sold.id}`)).json().data.paintings;
    expect(soldDetail.investors_count).toBeGreaterThanOrEqual(2);
    expect(soldDetail.countries_count).toBeGreaterThanOrEqual(1);
    expect(soldDetail.countries_count).toBeLessThanOrEqual(soldDetail.investors_count);
    expect(Object.keys(detail.documents)).toHaveLength(10);
    expect(detail.documents.client_pdf_en).toMatch(/\/media\/documents\/.+\/client_pdf-en\.pdf$/);
  });

  it('missing documents are null', async () => {
    const seeded = SEED_PAINTINGS.find((p) => p.missing?.includes('notice'));
    const [row] = (await get('/api/paintings/?type=primary&limit=100&offset=0'))
      .json()
      .data.paintings.filter((p: { title: { en: string } }) => p.title.en === seeded?.titleEn);
    const detail = (await get(`/api/paintings/detail?painting_id=${row.id}`)).json().data.paintings;
    expect(detail.documents.notice_en).toBeNull();
    expect(detail.documents.notice_fr).toBeNull();
  });

  it.each([['00000000-0000-4000-8000-000000000000'], ['not-a-uuid']])(
    'unknown id %s → 404 in both languages',
    async (id) => {
      const response = await get(`/api/paintings/detail?painting_id=${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toEqual(messages.PaintingNotFound);
      const artist = await get(`/api/artists/detail?artistId=${id}`);
      expect(artist.statusCode).toBe(404);
      expect(artist.json().error).toEqual(messages.ArtistNotFound);
    },
  );
});

describe('currency conversion', () => {
  it('USD amounts are the EUR amounts at the latest seeded rate, in integers', async () => {
    const rates = await Rates.load(t.ctx.database.db);
    const eur = (await get('/api/paintings/?type=primary&limit=5&offset=0&currency=EURO')).json().data.paintings;
    const usd = (await get('/api/paintings/?type=primary&limit=5&offset=0&currency=USD')).json().data.paintings;
    for (let i = 0; i < eur.length; i++) {
      const eurMinor = Math.round(eur[i].price_per_part.value * 100);
      expect(usd[i].price_per_part).toEqual({
        value: toMajor(convertMinor(eurMinor, 'EURO', 'USD', rates.latest())),
        curr: 'USD',
      });
    }
    expect(rates.latest()).toBe('1.1650');
  });
});

describe('artists', () => {
  it('GET /api/artists/ pages by name with IC and record price', async () => {
    const all = (await get('/api/artists/?limit=100&offset=0&currency=EURO')).json().data;
    expect(all.total).toBe(SEED_ARTISTS.length);
    const names = all.artists.map((a: { name: string }) => a.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const page = (await get('/api/artists/?limit=2&offset=2')).json().data.artists;
    expect(page.map((a: { id: string }) => a.id)).toEqual(all.artists.slice(2, 4).map((a: { id: string }) => a.id));
    const first = all.artists[0];
    expect(first.all_time_record_price[0].curr).toBe('EURO');
    expect(first.ic_artist_euro).toBeGreaterThan(0);
    expect(first.ic_artist_usd).toBeGreaterThan(0);
  });

  it('GET /api/artists/detail answers the index, turnover, lots and works', async () => {
    const [artist] = (await get('/api/artists/?limit=1&offset=0')).json().data.artists;
    const response = await get(`/api/artists/detail?artistId=${artist.id}&currency=EURO`);
    expect(response.statusCode).toBe(200);
    const detail = response.json().data.artist;
    expect(detail.bio.en).toBeTruthy();
    expect(detail.bio.fr).toBeTruthy();
    expect(detail.evolution[0]).toEqual({ year: detail.evolution[0].year, value: 100 });
    expect(detail.evolution.at(-1).value).toBe(detail.ic_artist_euro);
    expect(detail.turnover.length).toBe(detail.lots.length);
    expect(detail.paintings.length).toBeGreaterThan(0);
  });

  it('GET /api/artists/list/kpis answers one quote per artist', async () => {
    const response = await get('/api/artists/list/kpis');
    expect(response.statusCode).toBe(200);
    const kpis = response.json().data.kpis;
    expect(kpis).toHaveLength(SEED_ARTISTS.length);
    for (const kpi of kpis) {
      expect(['up', 'down']).toContain(kpi.direction);
      expect(kpi.direction === 'up').toBe(kpi.percentage >= 0);
      expect(kpi.direction_usd === 'up').toBe(kpi.percentage_usd >= 0);
      expect(kpi.value_usd).toBeGreaterThan(0);
    }
  });

  it('gives the ticker’s change in each currency from that currency’s quotes (issue 17)', async () => {
    const db = t.ctx.database.db;
    const [kpis, stats, rates] = await Promise.all([
      get('/api/artists/list/kpis').then((r) => r.json().data.kpis),
      db.select().from(artistYearlyStats),
      Rates.load(db),
    ]);
    const kpi = kpis[0];
    const years = stats.filter((s) => s.artistId === kpi.artist_id).sort((a, b) => a.year - b.year);
    const [previous, latest] = years.slice(-2).map((s) => ({
      year: s.year,
      perPart: Math.round(s.avgPriceCm2Minor / PARTS_PER_CM2),
    }));
    if (!previous || !latest) throw new Error('the seed gives every artist several years');
    // In dollars each year's quote at that year's rate (as the artist's index chart in USD).
    const usd = (q: { year: number; perPart: number }) => rates.convert(q.perPart, 'USD', rates.forYear(q.year));
    expect(kpi.percentage).toBeCloseTo(((latest.perPart - previous.perPart) / previous.perPart) * 100, 1);
    expect(kpi.percentage_usd).toBeCloseTo(((usd(latest) - usd(previous)) / usd(previous)) * 100, 1);
    // The change is measured from the previous year of record, and says which (issue 31).
    expect(kpi.since_year).toBe(previous.year);
    // The two differ whenever the dollar moved between the two years.
    if (rates.forYear(previous.year) !== rates.forYear(latest.year)) {
      expect(kpi.percentage_usd).not.toBe(kpi.percentage);
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperator } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { exchangeRates } from '../../db/schema';
import { seedCatalogue, stableId } from '../../db/seed-catalogue';

/** Issue 15: a work's value chart and change come from its appraisals; corrections replace what they correct. */
let t: TestApp;
let token: string;
const work = stableId('painting:vermilion-breath');

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.ctx.database.db, t.ctx.storage, { media: false });
  token = (await createOperator(t, 'catalogue')).accessToken;
});
afterAll(() => t.close());

async function detail(currency = 'EURO') {
  const response = await t.call('GET', `/api/paintings/detail?painting_id=${work}&currency=${currency}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.paintings as {
    evolution_list: { _id: number; totalValue: number }[];
    percentage: number;
    painting_price: { value: number };
  };
}

async function appraise(body: Record<string, unknown>, correcting?: string) {
  const url = correcting ? `/api/admin/valuations/${correcting}/correct` : `/api/admin/paintings/${work}/valuations`;
  const response = await t.call('POST', url, {
    token,
    body: {
      appraiser: 'Maison Test',
      method_en: 'Comparable sales',
      method_fr: 'Ventes comparables',
      currency: 'EURO',
      ...body,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { id: string };
}

describe('the painting’s value history', () => {
  it('is the seed’s appraisals: one point a year, the last one the work’s price', async () => {
    const { evolution_list, painting_price } = await detail();
    expect(evolution_list.map((point) => point._id)).toEqual([
      2016, 2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025,
    ]);
    expect(evolution_list.at(-1)?.totalValue).toBe(painting_price.value);
  });

  it('shows a new appraisal, the latest of its year, and its change from the year before', async () => {
    const before = await detail();
    const last2025 = before.evolution_list.at(-1)?.totalValue ?? 0;
    await appraise({ valued_on: '2026-03-01', value_minor: 100_000_00 });
    await appraise({ valued_on: '2026-09-15', value_minor: 125_000_00 });
    // An earlier date entered later does not replace the latest of the year.
    await appraise({ valued_on: '2026-01-10', value_minor: 90_000_00 });
    const after = await detail();
    expect(after.evolution_list.at(-1)).toEqual({ _id: 2026, totalValue: 125_000 });
    expect(after.evolution_list).toHaveLength(before.evolution_list.length + 1);
    expect(after.percentage).toBeCloseTo(((125_000 - last2025) / last2025) * 100, 1);
  });

  it('never shows a corrected appraisal: its correction stands in its place', async () => {
    const wrong = await appraise({ valued_on: '2027-06-30', value_minor: 999_999_00 });
    expect((await detail()).evolution_list.at(-1)).toEqual({ _id: 2027, totalValue: 999_999 });
    await appraise({ valued_on: '2027-06-30', value_minor: 130_000_00 }, wrong.id);
    const { evolution_list } = await detail();
    expect(evolution_list.at(-1)).toEqual({ _id: 2027, totalValue: 130_000 });
    expect(evolution_list.filter((point) => point._id === 2027)).toHaveLength(1);
  });

  it('converts each appraisal at its own date’s rate; one in dollars stays exact in dollars', async () => {
    const db = t.ctx.database.db;
    await db
      .insert(exchangeRates)
      .values([
        { day: '2028-01-01', base: 'EURO', quote: 'USD', rate: '1.25', source: 'manual' },
        { day: '2028-07-01', base: 'EURO', quote: 'USD', rate: '2', source: 'manual' },
      ])
      .onConflictDoNothing();
    await appraise({ valued_on: '2028-02-01', value_minor: 150_000_00, currency: 'USD' });
    expect((await detail('USD')).evolution_list.at(-1)).toEqual({ _id: 2028, totalValue: 150_000 });
    // 150,000 USD at 1.25 on 1 February (not at the later rate of 2).
    expect((await detail('EURO')).evolution_list.at(-1)).toEqual({ _id: 2028, totalValue: 120_000 });
    // A later appraisal of the year in euros: 100,000 EUR at 2 on 1 August.
    await appraise({ valued_on: '2028-08-01', value_minor: 100_000_00 });
    expect((await detail('USD')).evolution_list.at(-1)).toEqual({ _id: 2028, totalValue: 200_000 });
  });

  it('gives the change badge in the currency shown: the last step of that currency’s chart (issue 17)', async () => {
    const shown = [];
    for (const currency of ['EURO', 'USD']) {
      const { evolution_list, percentage } = await detail(currency);
      const [previous = 0, last = 0] = evolution_list.slice(-2).map((point) => Math.round(point.totalValue * 100));
      expect(percentage, currency).toBe(Math.round(((last - previous) * 10_000) / previous) / 100);
      shown.push(percentage);
    }
    // 2027 → 2028 fell in euros and rose in dollars (the dollar value of 2028 is at a rate of 2).
    expect(shown[0]).toBeLessThan(0);
    expect(shown[1]).toBeGreaterThan(0);
  });
});

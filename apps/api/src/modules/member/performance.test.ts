import { xirr } from '@parcelle/shared';
import { and, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buyByCard,
  createMember,
  createOperator,
  createPaintingForSale,
  userRow,
  walletCode,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { paintings, paintingValuations, purchases, users } from '../../db/schema';
import { seedCatalogue } from '../../db/seed-catalogue';
import { STATEMENT_JOB } from './statement-jobs';

/**
 * Issue 17 "True numbers": cost basis and realised gains first in, first out across several buys and partial sales
 * (to the cent), the current value from the latest appraisal, dividends received, the annualised return, and the
 * value chart starting at the member's first purchase.
 */
type Member = { accessToken: string; id: string };
let t: TestApp;
let alice: Member;
let bob: Member;
let carol: Member;
let dave: Member;
let work: typeof paintings.$inferSelect;
const FIRST_BUY = new Date('2023-01-10T10:00:00Z');
const SECOND_BUY = new Date('2024-03-01T10:00:00Z');

async function member(): Promise<Member> {
  const created = await createMember(t, { verified: true });
  await t.ctx.database.db.update(users).set({ currency: 'EURO' }).where(eq(users.email, created.email));
  const row = await userRow(t, created.email);
  return { accessToken: created.accessToken, id: row?.id ?? '' };
}

const buyAndPay = (buyer: Member, parts: number, paintingId = work.id) => buyByCard(t, buyer, paintingId, parts);

/** The history of the test: the purchase happened on `at` (its settlement date is what every figure reads). */
async function dated(reference: string, at: Date) {
  await t.ctx.database.db.update(purchases).set({ settledAt: at }).where(eq(purchases.reference, reference));
}

const setPrice = (pricePerPartMinor: number) =>
  t.ctx.database.db.update(paintings).set({ pricePerPartMinor }).where(eq(paintings.id, work.id));

const get = (who: Member, url: string) => t.call('GET', `/api${url}`, { token: who.accessToken });

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.ctx.database.db, t.ctx.storage, { media: false });
  [alice, bob, carol, dave] = [await member(), await member(), await member(), await member()];
  // 1 cm² = 9 parts. Alice buys 3 at 10.00 (2023), then 2 at 13.33 (2024); Dave the last 4 (opens the secondary).
  work = await createPaintingForSale(t, { widthCm: 1, heightCm: 1, pricePerPartMinor: 1000 });
  await dated(await buyAndPay(alice, 3), FIRST_BUY);
  await setPrice(1333);
  await dated(await buyAndPay(alice, 2), SECOND_BUY);
  await buyAndPay(dave, 4);
  // Alice lists 4 at 15.00; Bob takes 2, then Carol 2 (the secondary market is for primary holders: of another work).
  const other = await createPaintingForSale(t, { widthCm: 1, heightCm: 1, pricePerPartMinor: 250 });
  await buyAndPay(bob, 1, other.id);
  await buyAndPay(carol, 1, other.id);
  await setPrice(1500);
  const listed = await t.call('POST', '/api/paintings/sale', {
    token: alice.accessToken,
    body: { ...(await walletCode(t, alice.accessToken)), total_part: 4, painting_id: work.id },
  });
  if (listed.statusCode !== 200) throw new Error(`listing failed: ${listed.body}`);
  await buyAndPay(bob, 2);
  await buyAndPay(carol, 2);
  // The work's appraisal: 180.00 on 30 June 2025.
  await t.ctx.database.db.insert(paintingValuations).values({
    paintingId: work.id,
    currency: 'EURO',
    appraiser: 'A',
    methodEn: 'M',
    methodFr: 'M',
    createdBy: alice.id,
    valuedOn: '2025-06-30',
    valueMinor: 18_000,
  });
  // A dividend of 9.00: Alice's 1 part of 9 receives 1.00.
  const operator = await createOperator(t);
  const dividend = await t.call('POST', '/api/admin/dividends', {
    token: operator.accessToken,
    body: { painting_id: work.id, year: 2025, currency: 'EURO', total_amount_minor: 900 },
  });
  if (dividend.statusCode !== 200) throw new Error(`dividend failed: ${dividend.body}`);
  const approver = await createOperator(t, 'finance');
  const approved = await t.call('POST', `/api/admin/dividends/${dividend.json().data.id}/approve`, {
    token: approver.accessToken,
  });
  if (approved.statusCode !== 200) throw new Error(`dividend approval failed: ${approved.body}`);
});
afterAll(() => t.close());

describe('portfolio performance (issue 17)', () => {
  it('cost basis and realised gains first in, first out, to the cent', async () => {
    const row = (await get(alice, '/member/parts')).json().data.getParts[0];
    // Sale 1 (2 × 15.00) takes 2 of the 3 parts at 10.00 (cost 20.00): +10.00.
    // Sale 2 (2 × 15.00) takes the last 10.00 part and one 13.33 part (13.33 = 26.66 × 1 ÷ 2): +6.67.
    // Left: 1 part of the 2024 lot, cost 13.33; worth 180.00 × 1 ÷ 9 = 20.00 (the appraisal).
    expect(row).toMatchObject({
      quantity: 1,
      cost_basis_minor: 1333,
      value_minor: 2000,
      valued_on: '2025-06-30',
      gain_minor: 667,
      // 6.67 ÷ 13.33 = 50.0375 % → 5004 bps (half-even).
      gain_bps: 5004,
      realised_gain_minor: 1667,
      dividends_minor: 100,
      allocation_bps: 10_000,
    });
    expect(row.annualised_return_bps).toBeGreaterThan(0);
  });

  it('totals with the dividends received and the money-weighted annualised return (XIRR)', async () => {
    const summary = (await get(alice, '/member/portfolio')).json().data[0];
    expect(summary).toMatchObject({
      cost_basis_minor: 1333,
      value_minor: 2000,
      gain_minor: 667,
      gain_bps: 5004,
      realised_gain_minor: 1667,
      dividends_minor: 100,
      allocation: [{ painting_id: work.id, value_minor: 2000, allocation_bps: 10_000 }],
    });
    // The rate solving −30.00 (2023-01-10) −26.66 (2024-03-01) +30.00 +30.00 +1.00 +20.00 (settled now).
    const sold = await t.ctx.database.db
      .select({ at: purchases.settledAt })
      .from(purchases)
      .where(and(eq(purchases.paintingId, work.id), eq(purchases.market, 3)));
    const now = Date.now();
    const expected = xirr([
      { at: FIRST_BUY.getTime(), amountMinor: -3000 },
      { at: SECOND_BUY.getTime(), amountMinor: -2666 },
      ...sold.map((s) => ({ at: s.at?.getTime() ?? now, amountMinor: 3000 })),
      { at: now, amountMinor: 100 },
      { at: now, amountMinor: 2000 },
    ]);
    expect(Math.abs(summary.annualised_return_bps - Math.round((expected ?? 0) * 10_000))).toBeLessThanOrEqual(1);
    expect(summary.annualised_return_bps).toBeGreaterThan(0);
  });

  it('a buyer of today has no annualised return yet, and a cost basis of what was paid', async () => {
    const rows = (await get(bob, '/member/parts')).json().data.getParts;
    expect(rows.find((row: { _id: string }) => row._id === work.id)).toMatchObject({
      cost_basis_minor: 3000,
      value_minor: 4000,
      gain_minor: 1000,
      gain_bps: 3333,
      realised_gain_minor: 0,
      annualised_return_bps: null,
      // 40.00 of the 42.50 held (the other work, never appraised, at its part price 2.50): 94.12 %.
      allocation_bps: 9412,
    });
    expect((await get(bob, '/member/portfolio')).json().data[0]).toMatchObject({
      cost_basis_minor: 3250,
      value_minor: 4250,
      annualised_return_bps: null,
    });
  });

  it('starts the value chart at the first purchase and ends today (not at the work’s first appraisal)', async () => {
    const lines = (await get(alice, '/member/parts/graph')).json().data;
    const today = new Date().toISOString().slice(0, 10);
    expect(lines.map((line: { date: string; prices: { value: number } }) => [line.date, line.prices.value])).toEqual([
      // 3 parts held at the end of 2023, not appraised yet: their cost.
      ['2023-12-31', 30],
      // 5 parts, cost 30.00 + 26.66.
      ['2024-12-31', 56.66],
      // 5 parts at the 2025 appraisal: 180.00 × 5 ÷ 9.
      ['2025-12-31', 100],
      // Today: the 1 part left, at the appraisal.
      [today, 20],
    ]);
    // Bought today: one point, today's value.
    const bobs = (await get(bob, '/member/parts/graph')).json().data;
    expect(
      bobs
        .filter((line: { painting_id: string }) => line.painting_id === work.id)
        .map((line: { date: string }) => line.date),
    ).toEqual([today]);
  });
});

describe('the yearly statement (issue 17)', () => {
  /** Asks for a year's links, runs the rendering job, and answers the CSV's lines and the PDF's bytes. */
  async function statement(who: Member, year: number | string) {
    const response = await get(who, `/member/download/yearly/${year}`);
    expect(response.statusCode, response.body).toBe(200);
    await t.ctx.jobs.drain([STATEMENT_JOB]);
    const data = response.json().data;
    expect(data.download_url).toMatch(new RegExp(`/api/member/statements/yearly-${year}\\.pdf\\?`));
    const path = (url: string) => url.replace(t.ctx.config.publicUrl, '');
    const csv = await t.call('GET', path(data.csv_url));
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain(`parcelle-yearly-${year}-`);
    const pdf = await t.call('GET', path(data.download_url));
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    return {
      lines: csv.body
        .replace(/^\ufeff/, '')
        .trimEnd()
        .split('\r\n'),
      pdf: pdf.rawPayload,
    };
  }

  it('this year: the sales with their FIFO cost basis and gains, and the dividends; no purchase', async () => {
    const year = new Date().getUTCFullYear();
    const { lines, pdf } = await statement(alice, year);
    expect(lines[0]).toBe('Section;Reference;Date;Work;Parts;Amount;Cost basis;Gain;Currency');
    const rows = lines.slice(1).map((line) => line.split(';'));
    const sales = rows.filter((row) => row[0] === 'Sales and realised gains');
    expect(sales.map((row) => row.slice(4))).toEqual([
      ['2', '30.00', '20.00', '10.00', 'EUR'],
      ['2', '30.00', '23.33', '6.67', 'EUR'],
    ]);
    expect(rows.filter((row) => row[0] === 'Purchases')).toEqual([]);
    expect(rows.find((row) => row[0] === 'Dividends')?.slice(4)).toEqual(['1', '1.00', '', '', 'EUR']);
    expect(rows.find((row) => row[0] === 'Total — Sales and realised gains')?.slice(5)).toEqual([
      '60.00',
      '43.33',
      '16.67',
      'EUR',
    ]);
    const doc = await PDFDocument.load(pdf);
    expect(doc.getTitle()).toBe(`Yearly statement ${year} — Parcelle`);
  });

  it('an earlier year: only that year’s purchase; in French when the member reads French', async () => {
    await t.ctx.database.db.update(users).set({ language: 'fr' }).where(eq(users.id, alice.id));
    const { lines, pdf } = await statement(alice, 2023);
    await t.ctx.database.db.update(users).set({ language: 'en' }).where(eq(users.id, alice.id));
    expect(lines[0]).toBe('Rubrique;Référence;Date;Œuvre;Parts;Montant;Prix de revient;Plus-value;Devise');
    const rows = lines.slice(1).map((line) => line.split(';'));
    expect(rows.filter((row) => row[0] === 'Achats').map((row) => [row[2], ...row.slice(4)])).toEqual([
      [FIRST_BUY.toISOString(), '3', '30.00', '', '', 'EUR'],
    ]);
    expect(rows.filter((row) => row[0] === 'Ventes et plus-values réalisées')).toEqual([]);
    expect((await PDFDocument.load(pdf)).getTitle()).toBe('Relevé annuel 2023 — Parcelle');
  });

  it('refuses a year that is not one (400), and needs a token', async () => {
    for (const year of ['1999', 'abcd', '20251', String(new Date().getUTCFullYear() + 1)]) {
      const response = await get(alice, `/member/download/yearly/${year}`);
      expect(response.statusCode, year).toBe(400);
      expect(response.json().error.en).toBe('Please enter a valid year.');
    }
    expect((await t.call('GET', '/api/member/download/yearly/2025')).statusCode).toBe(401);
  });

  it('is documented in the OpenAPI document, with the new portfolio fields', async () => {
    const doc = (await t.call('GET', '/api/docs/json')).json();
    expect(Object.keys(doc.paths)).toContain('/api/member/download/yearly/{year}');
    const portfolio = JSON.stringify(doc.paths['/api/member/portfolio']);
    for (const field of ['cost_basis_minor', 'gain_bps', 'annualised_return_bps', 'allocation']) {
      expect(portfolio).toContain(field);
    }
  });
});

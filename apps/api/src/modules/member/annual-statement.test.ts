import { purchaseTotalMinor } from '@parcelle/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyByCard, createMember, createPaintingForSale, lastMessageTo, userRow } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { annualStatementNotices, paintingValuations, partEntries, users } from '../../db/schema';
import { seedCatalogue } from '../../db/seed-catalogue';
import { Rates } from '../fx/rates';
import { annualCsv, annualReport } from './annual-statement';
import { dispatchAnnualStatements, dueYear } from './annual-statement-jobs';
import { STATEMENT_JOB } from './statement-jobs';

/**
 * The annual statement per investor (issue 30): its figures are the register's parts at the year's end and the works'
 * latest valuations by then; it is sent once a year in the member's language and downloaded from the member area.
 */
let t: TestApp;
let member: { accessToken: string; email: string; id: string };
let valued: { id: string; titleEn: string; totalParts: number };
let unvalued: { id: string; titleEn: string; totalParts: number };
const year = new Date().getUTCFullYear();

beforeAll(async () => {
  t = await createTestApp({ statementWaitMs: 5000 });
  const db = t.ctx.database.db;
  await seedCatalogue(db, t.ctx.storage, { media: false });
  const created = await createMember(t, { verified: true, overrides: { lang: 'fr' } });
  member = { ...created, id: (await userRow(t, created.email))?.id ?? '' };
  await db.update(users).set({ currency: 'EURO' }).where(eq(users.id, member.id));
  valued = await createPaintingForSale(t, { pricePerPartMinor: 250 });
  unvalued = await createPaintingForSale(t, { pricePerPartMinor: 250 });
  await buyByCard(t, member, valued.id, 6);
  await buyByCard(t, member, unvalued.id, 2);
  const appraisal = { paintingId: valued.id, currency: 'EURO' as const, appraiser: 'A', methodEn: 'M', methodFr: 'M' };
  await db.insert(paintingValuations).values([
    { ...appraisal, createdBy: member.id, valuedOn: `${year}-01-01`, valueMinor: 36_000 },
    // Dated after the year's end: not this year's value.
    { ...appraisal, createdBy: member.id, valuedOn: `${year + 1}-01-02`, valueMinor: 99_999 },
  ]);
});
afterAll(() => t.close());

/** The member's parts of a work in the register, summed directly. */
async function registerParts(paintingId: string): Promise<number> {
  const [row] = await t.ctx.database.db
    .select({ parts: sql<number>`coalesce(sum(${partEntries.quantity}), 0)::int` })
    .from(partEntries)
    .where(
      and(
        eq(partEntries.userId, member.id),
        eq(partEntries.paintingId, paintingId),
        eq(partEntries.holderKind, 'member'),
      ),
    );
  return Number(row?.parts ?? 0);
}

describe('the annual statement’s figures', () => {
  it('are the register’s parts and the latest valuations by the year’s end', async () => {
    const db = t.ctx.database.db;
    const report = await annualReport(db, member.id, year, 'EURO', await Rates.load(db));
    const byWork = new Map(report.lines.map((line) => [line.paintingId, line]));
    expect(byWork.get(valued.id)).toMatchObject({ parts: await registerParts(valued.id), totalParts: 18 });
    expect(byWork.get(valued.id)?.parts).toBe(6);
    expect(byWork.get(valued.id)?.valuation).toMatchObject({ valuedOn: `${year}-01-01`, valueMinor: 36_000 });
    // 6 of 18 parts of a work valued at 360.00: 120.00.
    expect(byWork.get(valued.id)?.valueMinor).toBe(12_000);
    // Never appraised: its part price.
    expect(byWork.get(unvalued.id)).toMatchObject({ parts: await registerParts(unvalued.id), valuation: null });
    expect(byWork.get(unvalued.id)?.valueMinor).toBe(purchaseTotalMinor(250, 2));
    expect(report.totalMinor).toBe(12_000 + purchaseTotalMinor(250, 2));
    const csv = annualCsv(report, 'fr');
    expect(csv).toContain(`${valued.titleEn.replace('Test work', 'Œuvre test')};6;18;${year}-01-01;120.00;EUR`);
  });

  it('holds nothing at the end of a year before the purchases', async () => {
    const db = t.ctx.database.db;
    expect((await annualReport(db, member.id, year - 1, 'EURO', await Rates.load(db))).lines).toEqual([]);
  });

  it('is downloaded from the member area as PDF and CSV', async () => {
    const response = await t.call('GET', `/api/member/download/annual/${year}?currency=EURO`, {
      token: member.accessToken,
    });
    expect(response.statusCode, response.body).toBe(200);
    const csvPath = response.json().data.csv_url.replace(t.ctx.config.publicUrl, '');
    expect(csvPath).toContain(`/annual-${year}.csv`);
    await t.ctx.jobs.drain([STATEMENT_JOB]);
    const csv = await t.call('GET', csvPath);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(';6;18;');
    const pdf = await t.call('GET', response.json().data.download_url.replace(t.ctx.config.publicUrl, ''));
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('sending it once a year', () => {
  it('is due from 15 January, for the past year', () => {
    expect(dueYear(new Date(Date.UTC(2027, 0, 14, 23)))).toBeNull();
    expect(dueYear(new Date(Date.UTC(2027, 0, 15)))).toBe(2026);
  });

  it('tells each investor once, in their language, with the figures recorded', async () => {
    expect(await dispatchAnnualStatements(t.ctx, new Date(Date.UTC(year + 1, 0, 10)))).toBe(0);
    const when = new Date(Date.UTC(year + 1, 0, 20));
    expect(await dispatchAnnualStatements(t.ctx, when)).toBeGreaterThanOrEqual(1);
    const [notice] = await t.ctx.database.db
      .select()
      .from(annualStatementNotices)
      .where(and(eq(annualStatementNotices.userId, member.id), eq(annualStatementNotices.year, year)));
    expect(notice).toMatchObject({ works: 2, totalValueMinor: 12_000 + purchaseTotalMinor(250, 2), language: 'fr' });
    const mail = await lastMessageTo(t, member.email);
    expect(mail?.subject).toBe(`Votre relevé annuel ${year}`);
    expect(mail?.text).toContain('de 2 œuvres');
    expect(await dispatchAnnualStatements(t.ctx, when)).toBe(0);
    await expect(
      t.ctx.database.db.execute(sql`DELETE FROM annual_statement_notices WHERE user_id = ${member.id}`),
    ).rejects.toThrow();
  });
});

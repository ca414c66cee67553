import { messages } from '@parcelle/shared';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  codeIn,
  createMember,
  createOperator,
  createPaintingForSale,
  fundWallet,
  giveBankAccount,
  lastMessageTo,
  pastReflectionPeriod,
  userRow,
  walletCode,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { SANDBOX_CARD_OK } from '../../adapters/payments/sandbox-card';
import { type paintings, paintingValuations, users } from '../../db/schema';
import { seedCatalogue } from '../../db/seed-catalogue';
import { Rates } from '../fx/rates';
import { dayOf } from './money';
import { STATEMENT_JOB } from './statement-jobs';
import { signedStatementPath } from './statements';

type Member = { accessToken: string; id: string; email: string };
type Painting = typeof paintings.$inferSelect;

let t: TestApp;
let alice: Member;
let bob: Member;
let carol: Member;
let dave: Member;
let workA: Painting;
let workB: Painting;
let carolPurchaseOfA: string;

async function member(): Promise<Member> {
  const created = await createMember(t, { verified: true });
  const row = await userRow(t, created.email);
  // Every amount below is in euros unless a test asks for dollars.
  await t.ctx.database.db.update(users).set({ currency: 'EURO' }).where(eq(users.email, created.email));
  return { ...created, id: row?.id ?? '' };
}

async function buyAndPay(buyer: Member, paintingId: string, parts: number): Promise<string> {
  const purchase = await t.call('POST', '/api/paintings/purchase', {
    token: buyer.accessToken,
    body: { total_part: parts, payment_method: 'card', painting_id: paintingId, owner: 'Holder', currency: 'EURO' },
  });
  if (purchase.statusCode !== 200) throw new Error(`purchase failed: ${purchase.body}`);
  const paid = await t.call('POST', '/api/payments/sandbox/card/confirm', {
    token: buyer.accessToken,
    body: { client_secret: purchase.json().data.payment_client_secret, card_number: SANDBOX_CARD_OK },
  });
  // Issue 30: parts are provisional for their reflection period; this story sells them after it.
  await pastReflectionPeriod(t);
  if (paid.statusCode !== 200) throw new Error(`payment failed: ${paid.body}`);
  return purchase.json().data.reference_id;
}

const get = (who: Member, url: string) => t.call('GET', `/api${url}`, { token: who.accessToken });
/** Asks for a statement's links, then runs its rendering job (what a worker does in a server). */
async function links(who: Member, type: string) {
  const response = await get(who, `/member/download/${type}`);
  await t.ctx.jobs.drain([STATEMENT_JOB]);
  return response;
}
/** A signed link's path under the app (the answer carries absolute URLs on the public origin). */
const pathOf = (url: string) => url.replace(t.ctx.config.publicUrl, '');

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.ctx.database.db, t.ctx.storage, { media: false });
  [alice, bob, carol, dave] = [await member(), await member(), await member(), await member()];
  workA = await createPaintingForSale(t, { widthCm: 1, heightCm: 1, pricePerPartMinor: 400 });
  workB = await createPaintingForSale(t, { widthCm: 2, heightCm: 1, pricePerPartMinor: 250 });
  // The work's appraisals (its value history): one per year, the 2024 one entered wrong and corrected.
  const appraisal = {
    paintingId: workA.id,
    currency: 'EURO' as const,
    appraiser: 'A',
    methodEn: 'M',
    methodFr: 'M',
    createdBy: alice.id,
  };
  const [wrong] = await t.ctx.database.db
    .insert(paintingValuations)
    .values([
      { ...appraisal, valuedOn: '2024-06-30', valueMinor: 999_000 },
      { ...appraisal, valuedOn: '2023-12-31', valueMinor: 360_000 },
    ])
    .returning();
  await t.ctx.database.db
    .insert(paintingValuations)
    .values({ ...appraisal, valuedOn: '2024-06-30', valueMinor: 400_000, supersedesId: wrong?.id });
  // Alice: 6 of A, then 2 of B; Bob: the last 3 of A, which opens A on the secondary market.
  await buyAndPay(alice, workA.id, 6);
  await buyAndPay(bob, workA.id, 3);
  await buyAndPay(alice, workB.id, 2);
  // Alice lists 2 parts of A; Carol (a primary holder of B) buys 1 of them.
  const listed = await t.call('POST', '/api/paintings/sale', {
    token: alice.accessToken,
    body: { ...(await walletCode(t, alice.accessToken)), total_part: 2, painting_id: workA.id },
  });
  if (listed.statusCode !== 200) throw new Error(`listing failed: ${listed.body}`);
  await buyAndPay(carol, workB.id, 1);
  carolPurchaseOfA = await buyAndPay(carol, workA.id, 1);
  // A dividend of 9.00 on A: Alice holds 5 (4 in hand + 1 listed), Bob 3, Carol 1.
  const operator = await createOperator(t);
  const dividend = await t.call('POST', '/api/admin/dividends', {
    token: operator.accessToken,
    body: { painting_id: workA.id, year: 2025, currency: 'EURO', total_amount_minor: 900 },
  });
  if (dividend.statusCode !== 200) throw new Error(`dividend failed: ${dividend.body}`);
  // Paid once a second operator approves it (issue 15): before, the members see nothing of it.
  const approver = await createOperator(t, 'finance');
  const approved = await t.call('POST', `/api/admin/dividends/${dividend.json().data.id}/approve`, {
    token: approver.accessToken,
  });
  if (approved.statusCode !== 200) throw new Error(`dividend approval failed: ${approved.body}`);
});
afterAll(() => t.close());

describe('GET /member/portfolio', () => {
  it('sums the parts held (in hand + listed), their value, the dividends and the wallet', async () => {
    const response = await get(alice, '/member/portfolio');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject([
      {
        quantity: 7,
        total: { value: 25, curr: 'EURO' },
        dividend: { value: 5, curr: 'EURO' },
        // 4.00 from Carol's purchase + 5.00 of dividend.
        total_credit: { value: 9, curr: 'EURO' },
        currency: 'EURO',
      },
    ]);
  });

  it('converts to the asked currency at today’s rate', async () => {
    const rates = await Rates.load(t.ctx.database.db);
    const response = await get(alice, '/member/portfolio?currency=USD');
    expect(response.json().data[0]).toMatchObject({
      total: rates.money(2500, 'USD'),
      dividend: rates.money(500, 'USD'),
      total_credit: rates.money(900, 'USD'),
      currency: 'USD',
    });
    expect((await get(alice, '/member/portfolio?currency=GBP')).statusCode).toBe(400);
  });

  it('a member with nothing sees zeros; no token is 401', async () => {
    expect((await get(dave, '/member/portfolio')).json().data[0]).toMatchObject({
      quantity: 0,
      total: { value: 0 },
      dividend: { value: 0 },
      total_credit: { value: 0 },
    });
    expect((await t.call('GET', '/api/member/portfolio')).statusCode).toBe(401);
  });
});

describe('GET /member/parts/', () => {
  it('one row per work, most recently bought first, with lots, listed parts and the work’s change', async () => {
    const response = await get(alice, '/member/parts/');
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.total).toBe(2);
    expect(data.base_url).toMatch(/\/media\/$/);
    expect(data.getParts.map((row: { _id: string }) => row._id)).toEqual([workB.id, workA.id]);
    expect(data.getParts[1]).toMatchObject({
      _id: workA.id,
      painting: { id: workA.id, img: workA.coverKey, title: { en: workA.titleEn, fr: workA.titleFr } },
      part_price: { value: 4, curr: 'EURO' },
      percentage: 11.11,
      quantity: 5,
      total: { value: 20, curr: 'EURO' },
      value_of_the_work: { value: 36, curr: 'EURO' },
      market: 3,
      listed: 1,
      lots: { primary: 4, secondary: 0 },
    });
    expect(data.getParts[0]).toMatchObject({ quantity: 2, total: { value: 5 }, listed: 0, percentage: 0 });
  });

  it('paginates in the database (page size 4) and refuses bad bounds', async () => {
    const page = (await get(alice, '/member/parts?limit=1&offset=1')).json().data;
    expect(page.total).toBe(2);
    expect(page.getParts.map((row: { _id: string }) => row._id)).toEqual([workA.id]);
    expect((await get(alice, '/member/parts?offset=50')).json().data).toMatchObject({ getParts: [], total: 2 });
    for (const query of ['limit=-1', 'limit=0', 'limit=100000', 'limit=abc', 'offset=-3', 'offset=1.5', 'offset=x']) {
      const bad = await get(alice, `/member/parts?${query}`);
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json().error).toEqual(messages.InvalidPagination);
    }
  });

  it('another member sees only their own rows', async () => {
    const data = (await get(bob, '/member/parts')).json().data;
    expect(data.getParts).toHaveLength(1);
    expect(data.getParts[0]).toMatchObject({ _id: workA.id, quantity: 3, listed: 0 });
    expect((await get(dave, '/member/parts')).json().data).toMatchObject({ getParts: [], total: 0 });
  });
});

describe('GET /member/parts/graph and /member/parts/primary', () => {
  it('values the member’s parts from their purchase: value × parts ÷ total parts, rounded half-even', async () => {
    const response = await get(alice, '/member/parts/graph');
    expect(response.statusCode).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    const year = Number(today.slice(0, 4));
    // Bought today: one point each, today (issue 17: not the work's appraisals back to 2023). A at its latest
    // appraisal, 400000 × 5 / 9 = 222222.2… → 222222; B, never appraised, at its part price (2 × 2.50).
    expect(response.json().data).toEqual(
      expect.arrayContaining([
        {
          date: today,
          year,
          prices: { value: 2222.22, curr: 'EURO' },
          painting_title: { en: workA.titleEn, fr: workA.titleFr },
          painting_id: workA.id,
        },
        {
          date: today,
          year,
          prices: { value: 5, curr: 'EURO' },
          painting_title: { en: workB.titleEn, fr: workB.titleFr },
          painting_id: workB.id,
        },
      ]),
    );
    expect(response.json().data).toHaveLength(2);
    expect((await get(dave, '/member/parts/graph')).json().data).toEqual([]);
  });

  it('lists the works with primary parts, by lot', async () => {
    const data = (await get(alice, '/member/parts/primary')).json().data;
    const a = data.paintings.find((row: { id: string }) => row.id === workA.id);
    expect(a).toMatchObject({ parts: { primary: 4, secondary: 0, listed: 1 }, quantity: 4, market: 3 });
    expect(data.paintings).toHaveLength(2);
    // Carol's part of A is a secondary part: only B is listed for her.
    const carols = (await get(carol, '/member/parts/primary')).json().data.paintings;
    expect(carols.map((row: { id: string }) => row.id)).toEqual([workB.id]);
  });
});

describe('GET /member/market/', () => {
  it('primary: parts owned and total − sold available', async () => {
    const response = await get(alice, '/member/market/?type=primary&limit=100');
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.base_url).toMatch(/\/media\/$/);
    const b = data.paintings.find((row: { id: string }) => row.id === workB.id);
    expect(b).toMatchObject({
      market: 2,
      part_quantity: 2,
      total_part: 18,
      sold_out_part: 3,
      available_part: 15,
      price_per_part: { value: 2.5, curr: 'EURO' },
      total_price: { value: 45, curr: 'EURO' },
    });
    expect(Array.isArray(b.artist_evolution)).toBe(true);
    expect(b.artist.name).toEqual(expect.any(String));
  });

  it('secondary: what other members’ open listings offer, at the lowest listed price', async () => {
    const forBob = (await get(bob, '/member/market?type=secondary&limit=100')).json().data;
    expect(forBob.paintings.find((row: { id: string }) => row.id === workA.id)).toMatchObject({
      market: 3,
      part_quantity: 3,
      available_part: 1,
      price_per_part: { value: 4 },
      percentage: 11.11,
    });
    // Alice's own listing is not for her.
    const forAlice = (await get(alice, '/member/market?type=secondary&limit=100')).json().data;
    expect(forAlice.paintings.find((row: { id: string }) => row.id === workA.id)).toMatchObject({
      part_quantity: 5,
      available_part: 0,
    });
  });

  it('pages of 6 by default; bad type or bounds are 400', async () => {
    const data = (await get(alice, '/member/market')).json().data;
    expect(data.paintings.length).toBeLessThanOrEqual(6);
    expect(data.total).toBeGreaterThan(0);
    expect((await get(alice, '/member/market?type=tertiary')).statusCode).toBe(400);
    expect((await get(alice, '/member/market?limit=-6')).json().error).toEqual(messages.InvalidPagination);
    expect((await get(alice, '/member/market?offset=9999999999')).json().error).toEqual(messages.InvalidPagination);
  });
});

describe('GET /member/history/{type}', () => {
  it('PURCHASE: paid purchases, newest first', async () => {
    const response = await get(alice, '/member/history/PURCHASE');
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.total).toBe(2);
    expect(data.base_url).toMatch(/\/media\/$/);
    expect(data.purchaseHistory.map((row: { painting_id: string }) => row.painting_id)).toEqual([workB.id, workA.id]);
    expect(data.purchaseHistory[1]).toMatchObject({
      reference_id: expect.stringMatching(/^PA-/),
      painting_title: { en: workA.titleEn, fr: workA.titleFr },
      painting_img: workA.coverKey,
      part_price: { value: 4, curr: 'EURO' },
      quantity: 6,
      total_amount: { value: 24, curr: 'EURO' },
      type: 'PURCHASE',
      market: 2,
      payment_method: 'card',
    });
    expect(new Date(data.purchaseHistory[0].t).getTime()).toBeGreaterThanOrEqual(
      new Date(data.purchaseHistory[1].t).getTime(),
    );
    // Case-insensitive type; pagination.
    const page = (await get(alice, '/member/history/purchase?limit=1&offset=1')).json().data;
    expect(page.purchaseHistory).toHaveLength(1);
    expect(page.purchaseHistory[0].painting_id).toBe(workA.id);
  });

  it('PURCHASE: a purchase at the book’s euros carries them; a primary purchase does not (issue 31)', async () => {
    const rows = (await get(carol, '/member/history/PURCHASE')).json().data.purchaseHistory as {
      reference_id: string;
      book_part_price_minor?: number;
      book_total_amount_minor?: number;
    }[];
    // Carol's part of A came from Alice's listing at €4.00, paid in euros; her part of B from the primary market.
    const fromListing = rows.find((row) => row.reference_id === carolPurchaseOfA);
    expect(fromListing).toMatchObject({ book_part_price_minor: 400, book_total_amount_minor: 400 });
    const primary = rows.find((row) => row.reference_id !== carolPurchaseOfA);
    expect(primary?.book_part_price_minor).toBeUndefined();
    expect(primary?.book_total_amount_minor).toBeUndefined();
  });

  it('SALE: the fills of paid purchases taken from the member’s listings', async () => {
    const data = (await get(alice, '/member/history/sale')).json().data;
    expect(data.total).toBe(1);
    expect(data.saleHistory[0]).toMatchObject({
      reference_id: carolPurchaseOfA,
      listing_reference: expect.stringMatching(/^LS-/),
      painting_id: workA.id,
      part_price: { value: 4, curr: 'EURO' },
      part_sold: 1,
      selling_amount: { value: 4, curr: 'EURO' },
      // Issue 31: the book's euros the listing sold at, shown beside the display currency.
      book_part_price_minor: 400,
      book_selling_amount_minor: 400,
      type: 'SALE',
    });
    // Carol bought, she did not sell.
    expect((await get(carol, '/member/history/SALE')).json().data).toMatchObject({ saleHistory: [], total: 0 });
  });

  it('DIVIDEND: the member’s share, with the parts held', async () => {
    const data = (await get(alice, '/member/history/Dividend')).json().data;
    expect(data.total).toBe(1);
    expect(data.dividendHistory[0]).toMatchObject({
      reference_id: expect.stringMatching(/^DV-/),
      painting_id: workA.id,
      year: 2025,
      owner_parts: 5,
      amount: { value: 5, curr: 'EURO' },
    });
    expect((await get(bob, '/member/history/DIVIDEND')).json().data.dividendHistory[0]).toMatchObject({
      owner_parts: 3,
      amount: { value: 3 },
    });
  });

  it('ARTWORK: one item per work, the most recent first, each with all its movements', async () => {
    const data = (await get(alice, '/member/history/ARTWORK')).json().data;
    expect(data.total).toBe(2);
    expect(data.artworkHistory.map((row: { painting_id: string }) => row.painting_id)).toEqual([workA.id, workB.id]);
    const a = data.artworkHistory[0];
    expect(a.salePurchase.map((row: { type: string }) => row.type)).toEqual(['DIVIDEND', 'SALE', 'PURCHASE']);
    expect(a.salePurchase[0]).toMatchObject({ part_price: { value: 1 }, part_quantity: 5, full_amount: { value: 5 } });
    expect(a.salePurchase[2]).toMatchObject({ part_price: { value: 4 }, part_quantity: 6, full_amount: { value: 24 } });
    const second = (await get(alice, '/member/history/artwork?limit=1&offset=1')).json().data;
    expect(second.artworkHistory.map((row: { painting_id: string }) => row.painting_id)).toEqual([workB.id]);
  });

  it('an unknown type or bad bounds are 400; another member sees nothing of Alice’s', async () => {
    expect((await get(alice, '/member/history/REFUND')).statusCode).toBe(400);
    expect((await get(alice, '/member/history/PURCHASE?limit=0')).json().error).toEqual(messages.InvalidPagination);
    expect((await get(alice, '/member/history/PURCHASE?offset=-1')).json().error).toEqual(messages.InvalidPagination);
    for (const type of ['PURCHASE', 'SALE', 'DIVIDEND', 'ARTWORK']) {
      const data = (await get(dave, `/member/history/${type}`)).json().data;
      expect(data.total, type).toBe(0);
    }
  });
});

describe('GET /member/finance/history', () => {
  it('the member’s money movements, newest first, numbered 1 purchase, 2 sale, 3 dividend', async () => {
    const response = await get(alice, '/member/finance/history');
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.total).toBe(4);
    expect(
      data.purchaseHistory.map((row: { type: number; payment_method: string; direction: string }) => [
        row.type,
        row.payment_method,
        row.direction,
      ]),
    ).toEqual([
      [3, 'smart_amount', 'in'],
      [2, 'smart_amount', 'in'],
      [1, 'card', 'out'],
      [1, 'card', 'out'],
    ]);
    expect(data.purchaseHistory.map((row: { total_amount: { value: number } }) => row.total_amount.value)).toEqual([
      5, 4, 5, 24,
    ]);
    expect(data.purchaseHistory[0].total_amount).toEqual({ value: 5, currency: 'EURO' });
    expect(data.purchaseHistory[1].reference_id).toBe(carolPurchaseOfA);
    const page = (await get(alice, '/member/finance/history?limit=2&offset=2')).json().data;
    expect(page.purchaseHistory.map((row: { total_amount: { value: number } }) => row.total_amount.value)).toEqual([
      5, 24,
    ]);
    expect((await get(alice, '/member/finance/history?limit=abc')).json().error).toEqual(messages.InvalidPagination);
    expect((await get(dave, '/member/finance/history')).json().data).toEqual({ purchaseHistory: [], total: 0 });
  });
});

describe('finance: withdrawals and other wallet movements', () => {
  it('numbers a withdrawal 4 (bank) and a wallet credit with no purchase, sale or dividend 5', async () => {
    const created = await createMember(t, { verified: true, overrides: { number: '699000111' } });
    const erin = { ...created, id: (await userRow(t, created.email))?.id ?? '' };
    await t.ctx.database.db.update(users).set({ currency: 'EURO' }).where(eq(users.id, erin.id));
    await fundWallet(t, erin.id, 'EURO', 5_000);
    await giveBankAccount(t, erin.id);
    const sent = await t.call('POST', '/api/member/withdrawal/code', { token: erin.accessToken });
    expect(sent.statusCode).toBe(200);
    const code = codeIn((await lastMessageTo(t, '+33699000111'))?.text);
    const stored = await t.call('POST', '/api/member/withdrawal/store', {
      token: erin.accessToken,
      body: { payment_method: 'bank', account: 'saved', amount: 12.5, verification_code: code },
    });
    expect(stored.statusCode).toBe(200);
    const data = (await get(erin, '/member/finance/history')).json().data;
    expect(data.total).toBe(2);
    expect(data.purchaseHistory).toEqual([
      expect.objectContaining({
        type: 4,
        payment_method: 'bank',
        direction: 'out',
        total_amount: { value: 12.5, currency: 'EURO' },
      }),
      expect.objectContaining({
        type: 5,
        payment_method: 'smart_amount',
        direction: 'in',
        total_amount: { value: 50, currency: 'EURO' },
      }),
    ]);
    expect(data.purchaseHistory[0].reference_id).toMatch(/^WD-/);
    expect((await get(erin, '/member/portfolio')).json().data[0].total_credit).toEqual({ value: 37.5, curr: 'EURO' });
  });
});

describe('history in dollars', () => {
  it('converts each row at the rate of its day', async () => {
    const rates = await Rates.load(t.ctx.database.db);
    const row = (await get(alice, '/member/history/PURCHASE?currency=USD&limit=1&offset=1')).json().data
      .purchaseHistory[0];
    const rate = rates.at(dayOf(new Date(row.t)));
    expect(row.total_amount).toEqual(rates.money(2400, 'USD', rate));
    expect(row.part_price).toEqual(rates.money(400, 'USD', rate));
  });
});

describe('statements: GET /member/download/{type} and the signed links', () => {
  it('answers signed PDF and CSV links; the CSV is the whole history, UTF-8 with BOM, `;`-separated', async () => {
    const response = await links(alice, 'purchase');
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.download_url).toMatch(/\/api\/member\/statements\/purchase\.pdf\?/);
    expect(data.csv_url).toMatch(/\/api\/member\/statements\/purchase\.csv\?/);
    expect(new Date(data.expires_at).getTime()).toBeGreaterThan(Date.now());
    const csv = await t.call('GET', pathOf(data.csv_url));
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('attachment');
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = csv.body
      .replace(/^\ufeff/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Reference;Date;Work;Type;Parts;Part price;Amount;Currency');
    expect(lines).toHaveLength(3);
    const cells = lines.find((line) => line.includes(workA.titleEn))?.split(';');
    expect(cells?.[0]).toMatch(/^PA-/);
    expect(new Date(cells?.[1] ?? '').toISOString()).toBe(cells?.[1]);
    expect(cells?.slice(3)).toEqual(['PURCHASE', '6', '4.00', '24.00', 'EURO']);
  });

  it('the PDF is a PDF pdf-lib can read', async () => {
    for (const type of ['PURCHASE', 'SALE', 'DIVIDEND', 'ARTWORK']) {
      const data = (await links(alice, type)).json().data;
      const pdf = await t.call('GET', pathOf(data.download_url));
      expect(pdf.statusCode, type).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const doc = await PDFDocument.load(pdf.rawPayload);
      expect(doc.getPageCount()).toBeGreaterThanOrEqual(1);
      const [page] = doc.getPages();
      expect(Math.round(page?.getWidth() ?? 0)).toBe(595);
    }
    // An empty history still gives a statement.
    const empty = (await links(dave, 'SALE')).json().data;
    expect((await t.call('GET', pathOf(empty.download_url))).statusCode).toBe(200);
  });

  it('one member’s link does not open another’s statement; forged, expired and unknown links are refused', async () => {
    const data = (await links(alice, 'DIVIDEND')).json().data;
    const url = new URL(data.csv_url);
    const swapped = new URL(url);
    swapped.searchParams.set('u', bob.id);
    const forged = await t.call('GET', `${swapped.pathname}${swapped.search}`);
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error).toEqual(messages.Forbidden);
    const otherType = `${url.pathname.replace('dividend.csv', 'purchase.csv')}${url.search}`;
    expect((await t.call('GET', otherType)).statusCode).toBe(403);
    const otherFormat = `${url.pathname.replace('.csv', '.pdf')}${url.search}`;
    expect((await t.call('GET', otherFormat)).statusCode).toBe(403);
    const token = url.searchParams.get('token') ?? '';
    const tampered = new URL(url);
    tampered.searchParams.set('token', `${token.slice(0, -1)}${token.endsWith('0') ? '1' : '0'}`);
    expect((await t.call('GET', `${tampered.pathname}${tampered.search}`)).statusCode).toBe(403);
    expect((await t.call('GET', url.pathname)).statusCode).toBe(403);
    expect((await t.call('GET', `/api/member/statements/taxes.csv${url.search}`)).statusCode).toBe(404);
    expect((await t.call('GET', `/api/member/statements/dividend.xlsx${url.search}`)).statusCode).toBe(404);

    const expired = signedStatementPath(t.ctx.config.serverSecret, {
      id: url.searchParams.get('s') ?? '',
      type: 'DIVIDEND',
      userId: alice.id,
      expires: Math.floor(Date.now() / 1000) - 1,
      format: 'csv',
      lang: 'en',
    });
    const refused = await t.call('GET', expired);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual(messages.TokenExpired);

    // Bob's own link shows Bob's dividend, not Alice's.
    const bobs = (await links(bob, 'DIVIDEND')).json().data;
    const bobCsv = await t.call('GET', pathOf(bobs.csv_url));
    expect(bobCsv.body).toContain(';3;1.00;3.00;EURO');
    expect(bobCsv.body).not.toContain(';5;1.00;5.00;EURO');
  });

  it('needs a token to ask for links; an unknown type is 400', async () => {
    expect((await t.call('GET', '/api/member/download/PURCHASE')).statusCode).toBe(401);
    expect((await get(alice, '/member/download/LOANS')).statusCode).toBe(400);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buyByCard,
  createMember,
  createOperator,
  createPaintingForSale,
  fundWallet,
  userRow,
  walletCode,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { exitOffers, users } from '../../db/schema';
import { seedCatalogue } from '../../db/seed-catalogue';
import { STATEMENT_JOB } from '../member/statement-jobs';

/**
 * Issue 31: one cost basis (first in, first out over every acquisition — primary purchase, listing bought, order-book
 * trade — net of the parts sold) for every figure of an exit: the history's cost basis and realised return, the
 * console's exit page, the portfolio's realised gains and the yearly statement agree to the cent.
 */
type Who = { accessToken: string; id: string; email: string };
let t: TestApp;

async function member(): Promise<Who> {
  const created = await createMember(t, { verified: true });
  await t.ctx.database.db.update(users).set({ currency: 'EURO' }).where(eq(users.email, created.email));
  return { ...created, id: (await userRow(t, created.email))?.id ?? '' };
}

const call = (who: { accessToken: string }, method: 'GET' | 'POST', url: string, body?: Record<string, unknown>) =>
  t.call(method, `/api${url}`, { token: who.accessToken, ...(body ? { body } : {}) });

const ask = async (seller: Who, paintingId: string, parts: number, price?: number) => {
  const response = await call(seller, 'POST', '/paintings/sale', {
    ...(await walletCode(t, seller.accessToken)),
    total_part: parts,
    painting_id: paintingId,
    ...(price === undefined ? {} : { price_per_part_minor: price }),
  });
  expect(response.statusCode, response.body).toBe(200);
};

const bid = async (buyer: Who, paintingId: string, parts: number, price: number) => {
  const response = await call(buyer, 'POST', '/paintings/bids', {
    ...(await walletCode(t, buyer.accessToken)),
    total_part: parts,
    painting_id: paintingId,
    price_per_part_minor: price,
  });
  expect(response.statusCode, response.body).toBe(200);
};

let x: Who;
let paintingId: string;
let offerId: string;
let operator: Awaited<ReturnType<typeof createOperator>>;

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.ctx.database.db, t.ctx.storage, { media: false });
  operator = await createOperator(t, 'finance');
  const approver = await createOperator(t, 'finance');
  const [y, z] = [await member(), await member()];
  x = await member();
  // A work of 36 parts at 12.34. X buys 10 on the primary market (123.40), Y the other 26 (sold out: secondary).
  const work = await createPaintingForSale(t, { widthCm: 2, heightCm: 2, pricePerPartMinor: 1234 });
  paintingId = work.id;
  const other = await createPaintingForSale(t, { widthCm: 2, heightCm: 2, pricePerPartMinor: 1234 });
  await buyByCard(t, x, work.id, 10);
  await buyByCard(t, y, work.id, 26);
  await buyByCard(t, z, other.id, 1);
  for (const who of [x, z]) await fundWallet(t, who.id, 'EURO', 100_000);
  // Y lists 5 at the part price; X buys them by card (a listing purchase: 61.70).
  await ask(y, work.id, 5);
  await buyByCard(t, x, work.id, 5);
  // Y asks 8 at 15.00 on the book; X's bid takes them (an order-book trade: 120.00).
  await ask(y, work.id, 8, 1500);
  await bid(x, work.id, 8, 1500);
  // X sells 3 on the book at 16.00 to Z: first in, first out, they leave the primary lot (3 × 12.34 = 37.02).
  await ask(x, work.id, 3, 1600);
  await bid(z, work.id, 3, 1600);
  // An exit: every holder votes for it, the window closes, the offer is accepted and settled.
  const recorded = await call(operator, 'POST', '/admin/exits', {
    painting_id: work.id,
    buyer_name: 'Fondation Test',
    amount_minor: 1_000_001,
    currency: 'EURO',
  });
  expect(recorded.statusCode, recorded.body).toBe(200);
  offerId = recorded.json().data.id;
  const funded = await call(operator, 'POST', `/admin/exits/${offerId}/funds`, {
    amount_minor: 1_000_001,
    bank_reference: 'BANK-1',
  });
  expect(funded.statusCode, funded.body).toBe(200);
  const approved = await call(approver, 'POST', `/admin/exits/${offerId}/approve`, {
    acknowledge_appraisal_flag: true,
  });
  expect(approved.statusCode, approved.body).toBe(200);
  expect((await call(operator, 'POST', `/admin/exits/${offerId}/open`)).statusCode).toBe(200);
  for (const who of [x, y, z]) {
    const voted = await call(who, 'POST', `/member/exits/${offerId}/vote`, { choice: 'accept' });
    expect(voted.statusCode, voted.body).toBe(200);
  }
  await t.ctx.database.db
    .update(exitOffers)
    .set({ voteClosesAt: new Date(Date.now() - 1000) })
    .where(eq(exitOffers.id, offerId));
  const resolved = await call(operator, 'POST', `/admin/exits/${offerId}/resolve`);
  expect(resolved.statusCode, resolved.body).toBe(200);
  expect(resolved.json().data.status).toBe('accepted');
});
afterAll(() => t.close());

describe('one cost basis for an exit (issue 31)', () => {
  // X held 20 parts at the exit: 7 of the primary lot (86.38), the 5 listing parts (61.70), the 8 book parts (120.00).
  const COST = 8_638 + 6_170 + 12_000;
  // The book sale realised 3 × 16.00 − 37.02 = 10.98.
  const SALE_GAIN = 4_800 - 3_702;

  it('the history, the console, the portfolio and the yearly statement agree to the cent', async () => {
    const page = await call(operator, 'GET', `/admin/exits/${offerId}`);
    expect(page.statusCode, page.body).toBe(200);
    const voter = page.json().data.voters.find((v: { user_id: string }) => v.user_id === x.id);
    expect(voter).toMatchObject({ parts: 20, cost_basis_minor: COST });
    const payout: number = voter.payout_minor;
    expect(payout).toBeGreaterThan(0);

    const history = (await call(x, 'GET', '/member/history/ARTWORK')).json().data.artworkHistory;
    const exit = history
      .find((group: { painting_id: string }) => group.painting_id === paintingId)
      .salePurchase.find((row: { type: string }) => row.type === 'EXIT');
    expect(exit).toMatchObject({
      part_quantity: 20,
      full_amount: { value: payout / 100, curr: 'EURO' },
      cost_basis: { value: COST / 100, curr: 'EURO' },
      realised_return: { value: (payout - COST) / 100, curr: 'EURO' },
    });

    const [summary] = (await call(x, 'GET', '/member/portfolio')).json().data;
    expect(summary.realised_gain_minor).toBe(SALE_GAIN + payout - COST);

    const year = new Date().getUTCFullYear();
    const links = await call(x, 'GET', `/member/download/yearly/${year}`);
    expect(links.statusCode, links.body).toBe(200);
    await t.ctx.jobs.drain([STATEMENT_JOB]);
    const csv = await t.call('GET', links.json().data.csv_url.replace(t.ctx.config.publicUrl, ''));
    const rows = csv.body
      .replace(/^\ufeff/, '')
      .trimEnd()
      .split('\r\n')
      .map((line: string) => line.split(';'));
    const sales = rows.filter((row: string[]) => row[0] === 'Sales and realised gains');
    const money = (minor: number) => (minor / 100).toFixed(2);
    expect(sales.map((row: string[]) => row.slice(4))).toEqual([
      ['3', '48.00', '37.02', money(SALE_GAIN), 'EUR'],
      ['20', money(payout), money(COST), money(payout - COST), 'EUR'],
    ]);
  });
});

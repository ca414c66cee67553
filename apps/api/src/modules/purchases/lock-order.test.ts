import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  codeIn,
  createMember,
  createPaintingForSale,
  fundWallet,
  lastMessageTo,
  pastReflectionPeriod,
  userRow,
  walletCode,
} from '../../../test/factories';
import { sideConnection } from '../../../test/pg-side';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { SANDBOX_CARD_OK } from '../../adapters/payments/sandbox-card';
import { transactionRetries } from '../../db/retry';
import { listings, paintings, purchases } from '../../db/schema';
import { seedCatalogue } from '../../db/seed-catalogue';
import { checkInvariants } from '../ledger/invariants';
import { accountFor, balanceOf } from '../ledger/ledger';
import { releaseExpired } from './release-reservation';
import { settlePurchase } from './settle';

/**
 * The soak's races (issue 13 §2): two wallet buyers taking each other's listed parts deadlocked; two settlements of
 * a work's last parts each saw the other pending and left the work on market 2. The interleavings are forced with
 * locks held by a side connection.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.ctx.database.db, t.ctx.storage, { media: false });
});
afterAll(() => t.close());
afterEach(async () => {
  expect(await checkInvariants(t.ctx.database.db)).toEqual([]);
});

let phones = 0;
type Member = Awaited<ReturnType<typeof member>>;
async function member() {
  const phone = `6${String(30_000_000 + phones++).padStart(8, '0')}`;
  const created = await createMember(t, { verified: true, overrides: { number: phone } });
  return { ...created, phone, id: (await userRow(t, created.email))?.id ?? '' };
}

const reserve = (buyer: Member, paintingId: string, parts: number) =>
  t.call('POST', '/api/paintings/purchase', {
    token: buyer.accessToken,
    body: { total_part: parts, payment_method: 'card', painting_id: paintingId, owner: 'Holder', currency: 'EURO' },
  });

async function buyAndPay(buyer: Member, paintingId: string, parts: number) {
  const reserved = await reserve(buyer, paintingId, parts);
  expect(reserved.statusCode).toBe(200);
  const paid = await t.call('POST', '/api/payments/sandbox/card/confirm', {
    token: buyer.accessToken,
    body: { client_secret: reserved.json().data.payment_client_secret, card_number: SANDBOX_CARD_OK },
  });
  // Issue 30: parts are provisional for their reflection period; this story sells them after it.
  await pastReflectionPeriod(t);
  expect(paid.statusCode).toBe(200);
}

async function marketOf(paintingId: string) {
  const [row] = await t.ctx.database.db.select().from(paintings).where(eq(paintings.id, paintingId));
  return row?.market;
}

async function pendingPurchase(buyer: Member, paintingId: string, parts: number) {
  const reference = (await reserve(buyer, paintingId, parts)).json().data.reference_id;
  const [row] = await t.ctx.database.db.select().from(purchases).where(eq(purchases.reference, reference));
  if (!row) throw new Error('no purchase');
  return row;
}

const external = { kind: 'external', providerRef: null } as const;

describe('the last parts of a work settled by two payments', () => {
  it('move the work to market 3 once both are paid (one after the other)', async () => {
    const [a, b] = [await member(), await member()];
    const work = await createPaintingForSale(t, { widthCm: 1, heightCm: 1 });
    const first = await pendingPurchase(a, work.id, 5);
    const second = await pendingPurchase(b, work.id, 4);
    await t.ctx.database.db.transaction((tx) => settlePurchase(tx, first.id, external));
    expect(await marketOf(work.id)).toBe(2);
    await t.ctx.database.db.transaction((tx) => settlePurchase(tx, second.id, external));
    expect(await marketOf(work.id)).toBe(3);
  });

  it('move it to market 3 when they commit at the same moment (PostgreSQL)', async () => {
    const [a, b] = [await member(), await member()];
    const work = await createPaintingForSale(t, { widthCm: 1, heightCm: 1 });
    const first = await pendingPurchase(a, work.id, 5);
    const second = await pendingPurchase(b, work.id, 4);
    const side = await sideConnection(t);
    try {
      let commitFirst = () => {};
      const held = new Promise<void>((resolve) => {
        commitFirst = resolve;
      });
      let firstSettled = () => {};
      const settled = new Promise<void>((resolve) => {
        firstSettled = resolve;
      });
      // The first settlement has done all its work and not committed yet when the second runs.
      const one = t.ctx.database.db.transaction(async (tx) => {
        await settlePurchase(tx, first.id, external);
        firstSettled();
        await held;
      });
      await settled;
      const two = t.ctx.database.db.transaction((tx) => settlePurchase(tx, second.id, external));
      // The second waits for the first (the fix); without it the second has already finished, seeing the first pending.
      await side.lockWaits(1, two);
      commitFirst();
      await Promise.all([one, two]);
    } finally {
      await side.close();
    }
    expect(await marketOf(work.id)).toBe(3);
  });

  it('a sold-out work left on market 2 with nothing pending is opened by the sweep', async () => {
    const buyer = await member();
    const work = await createPaintingForSale(t, { widthCm: 1, heightCm: 1 });
    await buyAndPay(buyer, work.id, 9);
    // The state the race above left behind before the fix.
    await t.ctx.database.db.update(paintings).set({ market: 2 }).where(eq(paintings.id, work.id));
    await releaseExpired(t.ctx.database.db);
    expect(await marketOf(work.id)).toBe(3);
  });
});

// Up to 20 s for the two lock waits (pg-side.ts), after a setup of many requests, on a loaded 2-core CI machine.
describe('two members buying each other’s listed parts from their wallets at once (PostgreSQL)', {
  timeout: 60_000,
}, () => {
  it('both succeed, with no deadlock to retry', async () => {
    const [a, b] = [await member(), await member()];
    const work = await createPaintingForSale(t, { widthCm: 1, heightCm: 1, pricePerPartMinor: 400 });
    await buyAndPay(a, work.id, 5);
    await buyAndPay(b, work.id, 4);
    expect(await marketOf(work.id)).toBe(3);
    for (const seller of [a, b]) {
      const listed = await t.call('POST', '/api/paintings/sale', {
        token: seller.accessToken,
        body: { ...(await walletCode(t, seller.accessToken)), total_part: 2, painting_id: work.id },
      });
      expect(listed.statusCode).toBe(200);
      await fundWallet(t, seller.id, 'EURO', 10_000);
    }
    const codes: (string | undefined)[] = [];
    for (const buyer of [a, b]) {
      expect((await t.call('POST', '/api/paintings/purchase/code', { token: buyer.accessToken })).statusCode).toBe(200);
      codes.push(codeIn((await lastMessageTo(t, `+33${buyer.phone}`))?.text));
    }
    const ids = (await t.ctx.database.db.select().from(listings).where(eq(listings.paintingId, work.id))).map(
      (listing) => listing.id,
    );
    const retriesBefore = transactionRetries();
    const side = await sideConnection(t);
    let answers: Awaited<ReturnType<TestApp['call']>>[] = [];
    try {
      // Both buyers lock their own wallet, then wait for the listings held here: released together, each then
      // credits the other's wallet. With the wallets locked FOR UPDATE that was a deadlock, every time.
      await side.client.query('BEGIN');
      await side.client.query('SELECT id FROM listings WHERE id = ANY($1) FOR UPDATE', [ids]);
      const calls = [a, b].map((buyer, index) =>
        t.call('POST', '/api/paintings/purchase', {
          token: buyer.accessToken,
          body: {
            total_part: 2,
            payment_method: 'smart_amount',
            painting_id: work.id,
            owner: 'Holder',
            verification_code: codes[index],
          },
        }),
      );
      // A request answered before the lock (a refusal) leaves one waiter: the test says which, and what it answered.
      const waited = await side.lockWaits(2, Promise.race(calls));
      await side.client.query('COMMIT');
      answers = await Promise.all(calls);
      const early = waited === 'done' ? answers.map((answer) => `${answer.statusCode} ${answer.body}`) : [];
      expect(early).toEqual([]);
    } finally {
      await side.close();
    }
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(transactionRetries()).toBe(retriesBefore);
    const wallet = async (id: string) =>
      balanceOf(t.ctx.database.db, await accountFor(t.ctx.database.db, 'member_wallet', 'EURO', id));
    // Each paid 2 × 4.00 and received 2 × 4.00.
    expect([await wallet(a.id), await wallet(b.id)]).toEqual([10_000, 10_000]);
  });
});

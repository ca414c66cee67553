import { messages } from '@parcelle/shared';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  buyByCard,
  createMember,
  createPaintingForSale,
  fundWallet,
  userRow,
  walletCode,
} from '../../../test/factories';
import { statementsSentBy } from '../../../test/statements';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { exchangeRates, users } from '../../db/schema';
import { seedCatalogue } from '../../db/seed-catalogue';
import { checkInvariants } from './invariants';
import { accountFor, balanceOf } from './ledger';
import { memberCredits, memberCreditsMany } from './member-credits';

/**
 * A member has one wallet, in their own currency: money paid to them in the other currency is exchanged into it at
 * the latest rate through Parcelle's `fx_clearing` accounts (member-credits.ts), never left in a wallet they cannot
 * see or withdraw. Shown with a dollar member selling in the euro order book and on the secondary market.
 */
let t: TestApp;
const today = new Date().toISOString().slice(0, 10);
type Who = { accessToken: string; id: string };

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.ctx.database.db, t.ctx.storage, { media: false });
  await setRate('1.2500');
});
afterAll(() => t.close());
afterEach(async () => {
  expect(await checkInvariants(t.ctx.database.db)).toEqual([]);
});

const db = () => t.ctx.database.db;

async function setRate(rate: string) {
  await db().delete(exchangeRates).where(eq(exchangeRates.day, today));
  await db().insert(exchangeRates).values({ day: today, base: 'EURO', quote: 'USD', rate, source: 'manual' });
}

async function member(currency: 'EURO' | 'USD'): Promise<Who> {
  const created = await createMember(t, { verified: true });
  const id = (await userRow(t, created.email))?.id ?? '';
  await db().update(users).set({ currency }).where(eq(users.id, id));
  return { accessToken: created.accessToken, id };
}

const wallet = async (userId: string, currency: 'EURO' | 'USD') =>
  balanceOf(db(), await accountFor(db(), 'member_wallet', currency, userId));
const fx = async (currency: 'EURO' | 'USD') => balanceOf(db(), await accountFor(db(), 'fx_clearing', currency));
const profileWallet = async (who: Who) =>
  (await t.call('GET', '/api/user/profile', { token: who.accessToken })).json().data.user.wallet_amount;

/** A sold-out work at 4.00 a part: the dollar member `seller` holds 20 parts, `other` 16; `buyer` may buy. */
async function market(buyerCurrency: 'EURO' | 'USD' = 'EURO') {
  const [seller, other, buyer] = [await member('USD'), await member('EURO'), await member(buyerCurrency)];
  const work = await createPaintingForSale(t, { widthCm: 2, heightCm: 2, pricePerPartMinor: 400 });
  const elsewhere = await createPaintingForSale(t, { widthCm: 2, heightCm: 2, pricePerPartMinor: 400 });
  await buyByCard(t, seller, work.id, 20);
  await buyByCard(t, other, work.id, 16);
  await buyByCard(t, buyer, elsewhere.id, 1);
  return { seller, buyer, work };
}

describe('money paid to a member in the other currency', () => {
  it('reaches a dollar seller’s wallet in dollars at the day’s rate (order book, euros)', async () => {
    const { seller, buyer, work } = await market();
    const [fxEur, fxUsd] = [await fx('EURO'), await fx('USD')];
    await t.call('POST', '/api/paintings/sale', {
      token: seller.accessToken,
      body: {
        ...(await walletCode(t, seller.accessToken)),
        total_part: 3,
        painting_id: work.id,
        price_per_part_minor: 500,
      },
    });
    await fundWallet(t, buyer.id, 'EURO', 10_000);
    const bid = await t.call('POST', '/api/paintings/bids', {
      token: buyer.accessToken,
      body: {
        ...(await walletCode(t, buyer.accessToken)),
        total_part: 3,
        painting_id: work.id,
        price_per_part_minor: 500,
      },
    });
    expect(bid.json().data.trades).toHaveLength(1);
    // 15.00 EUR at 1.25 = 18.75 USD, in the wallet the seller sees and withdraws from.
    expect(await wallet(seller.id, 'USD')).toBe(1_875);
    expect(await wallet(seller.id, 'EURO')).toBe(0);
    expect(await profileWallet(seller)).toEqual({ value: 18.75, minor: 1_875, curr: 'USD' });
    expect(await fx('EURO')).toBe(fxEur + 1_500);
    expect(await fx('USD')).toBe(fxUsd - 1_875);
  });

  it('reaches a dollar seller in dollars when a listing is bought by card in euros', async () => {
    const { seller, buyer, work } = await market();
    await t.call('POST', '/api/paintings/sale', {
      token: seller.accessToken,
      body: { ...(await walletCode(t, seller.accessToken)), total_part: 2, painting_id: work.id },
    });
    await buyByCard(t, buyer, work.id, 2);
    expect(await wallet(seller.id, 'USD')).toBe(1_000);
    expect(await wallet(seller.id, 'EURO')).toBe(0);
  });

  it('without any rate, refuses the trade whole (503) rather than paying the seller in a currency they do not hold', async () => {
    const { seller, buyer, work } = await market();
    const saved = await db().select().from(exchangeRates);
    await db().delete(exchangeRates);
    try {
      await t.call('POST', '/api/paintings/sale', {
        token: seller.accessToken,
        body: {
          ...(await walletCode(t, seller.accessToken)),
          total_part: 1,
          painting_id: work.id,
          price_per_part_minor: 400,
        },
      });
      await fundWallet(t, buyer.id, 'EURO', 1_000);
      const refused = await t.call('POST', '/api/paintings/bids', {
        token: buyer.accessToken,
        body: {
          ...(await walletCode(t, buyer.accessToken)),
          total_part: 1,
          painting_id: work.id,
          price_per_part_minor: 400,
        },
      });
      expect(refused.statusCode).toBe(503);
      expect(refused.json().error).toEqual(messages.RateUnavailable);
      expect(await wallet(buyer.id, 'EURO')).toBe(1_000);
      expect(await wallet(seller.id, 'USD')).toBe(0);
    } finally {
      await db().insert(exchangeRates).values(saved);
    }
  });

  it('lets a dollar member bid in the euro book: the hold is exchanged in, what is left exchanged back', async () => {
    const { seller, buyer, work } = await market('USD');
    await fundWallet(t, buyer.id, 'USD', 2_000);
    await t.call('POST', '/api/paintings/sale', {
      token: seller.accessToken,
      body: {
        ...(await walletCode(t, seller.accessToken)),
        total_part: 1,
        painting_id: work.id,
        price_per_part_minor: 400,
      },
    });
    // 3 parts at 5.00 EUR: 15.00 EUR held, 18.75 USD from the wallet; one part trades at once at the ask's 4.00.
    const placed = await t.call('POST', '/api/paintings/bids', {
      token: buyer.accessToken,
      body: {
        ...(await walletCode(t, buyer.accessToken)),
        total_part: 3,
        painting_id: work.id,
        price_per_part_minor: 500,
      },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().data.trades).toMatchObject([{ quantity: 1, price_per_part_minor: 400 }]);
    // The 1.00 EUR the trade did not need comes back as 1.25 USD; the seller gets 4.00 EUR as 5.00 USD.
    expect(await wallet(buyer.id, 'USD')).toBe(2_000 - 1_875 + 125);
    expect(await wallet(seller.id, 'USD')).toBe(500);
    // Cancelled, the two parts still held (10.00 EUR) come back as 12.50 USD.
    await t.call('POST', `/api/paintings/bids/${placed.json().data.bid.reference}/cancel`, {
      token: buyer.accessToken,
    });
    expect(await wallet(buyer.id, 'USD')).toBe(2_000 - 400 * 1.25);
    expect(await wallet(buyer.id, 'EURO')).toBe(0);
    const tooMuch = await t.call('POST', '/api/paintings/bids', {
      token: buyer.accessToken,
      body: {
        ...(await walletCode(t, buyer.accessToken)),
        total_part: 400,
        painting_id: work.id,
        price_per_part_minor: 500,
      },
    });
    expect(tooMuch.json().error).toEqual(messages.InsufficientBalance);
  });
});

describe('the sellers of several payments credited together (decision 489)', () => {
  it('answers each payment as it would be answered alone, in three statements whatever their number', async () => {
    // Guard: memberCreditsMany reads the wallet currencies and the accounts once for all payments. Read per payment
    // (a memberCredits call each, as settle.ts did), the three payments below send 13 statements (checked).
    const [dollar, euro, other] = [await member('USD'), await member('EURO'), await member('EURO')];
    const payments = [
      {
        credits: [
          { userId: dollar.id, amountMinor: 1_000 },
          { userId: euro.id, amountMinor: 500 },
        ],
        currency: 'EURO' as const,
      },
      { credits: [{ userId: other.id, amountMinor: 700 }], currency: 'USD' as const },
      { credits: [{ userId: euro.id, amountMinor: 300 }], currency: 'EURO' as const },
    ];
    // Alone first (which also opens every account used: a first use creates it, a statement more).
    const alone = await db().transaction(async (tx) => {
      const answers = [];
      for (const payment of payments) answers.push(await memberCredits(tx, payment.credits, payment.currency));
      return answers;
    });
    let together: Awaited<ReturnType<typeof memberCreditsMany>> = [];
    const sent = await statementsSentBy(
      () =>
        db().transaction(async (tx) => {
          together = await memberCreditsMany(tx, payments);
        }),
      (text) => !/^(begin|commit)$/i.test(text.trim()),
    );
    expect(together).toEqual(alone);
    // The wallets' currencies, the day's rates (one payment exchanges), the accounts.
    expect(sent, sent.join('\n')).toHaveLength(3);
  });
});

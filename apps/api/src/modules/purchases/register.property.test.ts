import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createPaintingForSale, fundWallet, userRow } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { SandboxCardPayments } from '../../adapters/payments/sandbox-card';
import { SANDBOX_CARD_DECLINED, SANDBOX_CARD_OK } from '../../adapters/payments/sandbox-card';
import { paintings, purchases } from '../../db/schema';
import { seedCatalogue } from '../../db/seed-catalogue';
import { AppError } from '../../http/errors';
import { checkInvariants } from '../ledger/invariants';
import { lockWallet } from '../ledger/ledger';
import { heldBy } from '../parts/register';
import { handleCardEvent } from './payment-events';
import { releaseExpired, releasePurchase } from './release-reservation';
import { reservePurchase } from './reserve-purchase';
import { settlePurchase } from './settle';

/**
 * Random sequences of what buyers and providers do — reserve, pay by card (success, decline, duplicated and
 * reordered events), pay from the wallet, let reservations expire — must keep every invariant of money and
 * parts, and sold + available = total, after every step.
 */
let t: TestApp;
let userId: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.ctx.database.db, t.ctx.storage, { media: false });
  const member = await createMember(t, { verified: true });
  userId = (await userRow(t, member.email))?.id ?? '';
  await fundWallet(t, userId, 'EURO', 20_000);
});
afterAll(() => t.close());

type Step =
  | { kind: 'reserve-card'; quantity: number }
  | { kind: 'card-event'; which: number; ok: boolean; repeat: number }
  | { kind: 'wallet'; quantity: number }
  | { kind: 'expire-all' }
  | { kind: 'abandon'; which: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('reserve-card' as const), quantity: fc.integer({ min: 1, max: 8 }) }),
  fc.record({
    kind: fc.constant('card-event' as const),
    which: fc.nat(),
    ok: fc.boolean(),
    repeat: fc.integer({ min: 1, max: 3 }),
  }),
  fc.record({ kind: fc.constant('wallet' as const), quantity: fc.integer({ min: 1, max: 4 }) }),
  fc.constant({ kind: 'expire-all' as const }),
  fc.record({ kind: fc.constant('abandon' as const), which: fc.nat() }),
);

async function run(steps: Step[]) {
  const db = t.ctx.database.db;
  const card = t.ctx.payments.card as SandboxCardPayments;
  const painting = await createPaintingForSale(t, { widthCm: 2, heightCm: 2, pricePerPartMinor: 100 });
  const secrets: string[] = [];
  const ids: string[] = [];
  const base = {
    userId,
    paintingId: painting.id,
    currency: 'EURO' as const,
    ownerName: 'P. B. T.',
    language: 'en' as const,
    reservationMinutes: 15,
    limits: { maxSharePercent: 100, maxPendingEurMinor: Number.MAX_SAFE_INTEGER },
  };
  for (const s of steps) {
    try {
      if (s.kind === 'reserve-card') {
        const purchase = await db.transaction((tx) =>
          reservePurchase(tx, { ...base, quantity: s.quantity, paymentMethod: 'card' }),
        );
        const payment = await card.createPayment({
          purchaseId: purchase.id,
          reference: purchase.reference,
          amountMinor: purchase.totalMinor,
          currency: 'EURO',
        });
        await db.update(purchases).set({ providerRef: payment.paymentId }).where(eq(purchases.id, purchase.id));
        secrets.push(payment.clientSecret);
        ids.push(purchase.id);
      } else if (s.kind === 'card-event' && secrets.length > 0) {
        const secret = secrets[s.which % secrets.length] as string;
        const event = card.confirm(secret, s.ok ? SANDBOX_CARD_OK : SANDBOX_CARD_DECLINED);
        const parsed = event && card.parseWebhook(Buffer.from(event.body), event.signature);
        for (let i = 0; i < s.repeat && parsed; i++) await handleCardEvent(t.ctx, parsed);
      } else if (s.kind === 'wallet') {
        await db.transaction(async (tx) => {
          const wallet = await lockWallet(tx, userId, 'EURO');
          const purchase = await reservePurchase(tx, { ...base, quantity: s.quantity, paymentMethod: 'smart_amount' });
          if (wallet.balanceMinor < purchase.totalMinor) throw new AppError(400, 'InsufficientBalance');
          await settlePurchase(tx, purchase.id, { kind: 'wallet', walletAccountId: wallet.accountId });
        });
      } else if (s.kind === 'expire-all') {
        await releaseExpired(db, new Date(Date.now() + 3_600_000));
      } else if (s.kind === 'abandon' && ids.length > 0) {
        await db.transaction((tx) => releasePurchase(tx, ids[s.which % ids.length] as string, 'failed', 'abandoned'));
      }
    } catch (error) {
      // Refusals (not enough parts, insufficient balance) are expected outcomes, not failures.
      if (!(error instanceof AppError)) throw error;
    }
    const [row] = await db.select().from(paintings).where(eq(paintings.id, painting.id));
    const available = await heldBy(db, painting.id, 'available');
    const reserved = await heldBy(db, painting.id, 'reserved');
    const owned = await heldBy(db, painting.id, 'member');
    expect(row && row.soldParts + available).toBe(painting.totalParts);
    expect(available + reserved + owned).toBe(painting.totalParts);
  }
  expect(await checkInvariants(db)).toEqual([]);
}

describe('parts register and ledger under random sequences (fast-check)', () => {
  it('keeps every invariant', async () => {
    await fc.assert(fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 14 }), run), {
      numRuns: 25,
      seed: 20261122,
    });
  }, 120_000);
});

/**
 * A model of the stock of one work of 9 parts: every reservation succeeds exactly when the model has the parts, the
 * register and `sold_parts` agree with the model after every step, and each sequence ends by buying what is left, so
 * the work always runs out of stock and one more part is refused.
 */
/** Buyers enough for 9 pending purchases of one part at once. */
const stockBuyers: string[] = [];

type StockStep = { kind: 'reserve'; quantity: number } | { kind: 'pay'; which: number } | { kind: 'expire-all' };

const stockStep: fc.Arbitrary<StockStep> = fc.oneof(
  fc.record({ kind: fc.constant('reserve' as const), quantity: fc.integer({ min: 1, max: 6 }) }),
  fc.record({ kind: fc.constant('pay' as const), which: fc.nat() }),
  fc.constant({ kind: 'expire-all' as const }),
);

async function runOutOfStock(steps: StockStep[]) {
  const db = t.ctx.database.db;
  const card = t.ctx.payments.card as SandboxCardPayments;
  const painting = await createPaintingForSale(t, { widthCm: 1, heightCm: 1, pricePerPartMinor: 100 });
  type Pending = { id: string; secret: string; quantity: number; buyer: string };
  const model = { available: painting.totalParts, pending: [] as Pending[] };
  const reserve = async (quantity: number): Promise<Pending | null> => {
    // One unpaid purchase per member and work (decision 84): each reservation by a buyer with none pending here.
    const buyer = stockBuyers.find((id) => !model.pending.some((p) => p.buyer === id)) as string;
    try {
      const purchase = await db.transaction((tx) =>
        reservePurchase(tx, {
          userId: buyer,
          paintingId: painting.id,
          currency: 'EURO',
          ownerName: 'P. B. T.',
          language: 'en',
          reservationMinutes: 15,
          limits: { maxSharePercent: 100, maxPendingEurMinor: Number.MAX_SAFE_INTEGER },
          quantity,
          paymentMethod: 'card',
        }),
      );
      const payment = await card.createPayment({
        purchaseId: purchase.id,
        reference: purchase.reference,
        amountMinor: purchase.totalMinor,
        currency: 'EURO',
      });
      await db.update(purchases).set({ providerRef: payment.paymentId }).where(eq(purchases.id, purchase.id));
      return { id: purchase.id, secret: payment.clientSecret, quantity, buyer };
    } catch (error) {
      if (error instanceof AppError && error.key === 'NotEnoughParts') return null;
      throw error;
    }
  };
  const check = async () => {
    const [row] = await db.select().from(paintings).where(eq(paintings.id, painting.id));
    const available = await heldBy(db, painting.id, 'available');
    expect(available).toBe(model.available);
    expect(available).toBeGreaterThanOrEqual(0);
    expect(row?.soldParts).toBe(painting.totalParts - model.available);
    expect(await heldBy(db, painting.id, 'reserved')).toBe(model.pending.reduce((sum, p) => sum + p.quantity, 0));
  };
  for (const s of [...steps, { kind: 'sell-out' as const }]) {
    if (s.kind === 'reserve' || s.kind === 'sell-out') {
      const quantity = s.kind === 'reserve' ? s.quantity : model.available;
      if (quantity === 0) continue;
      const taken = await reserve(quantity);
      // The model decides: the reservation passes exactly when the parts are there.
      expect(taken !== null).toBe(quantity <= model.available);
      if (taken) {
        model.available -= quantity;
        model.pending.push(taken);
      }
    } else if (s.kind === 'pay' && model.pending.length > 0) {
      const [paid] = model.pending.splice(s.which % model.pending.length, 1);
      const event = paid && card.confirm(paid.secret, SANDBOX_CARD_OK);
      const parsed = event && card.parseWebhook(Buffer.from(event.body), event.signature);
      if (parsed) await handleCardEvent(t.ctx, parsed);
    } else if (s.kind === 'expire-all') {
      await releaseExpired(db, new Date(Date.now() + 3_600_000));
      model.available += model.pending.reduce((sum, p) => sum + p.quantity, 0);
      model.pending = [];
    }
    await check();
  }
  // Sold out (reserved or paid): not one more part.
  expect(model.available).toBe(0);
  expect(await reserve(1)).toBeNull();
  await check();
  expect(await checkInvariants(db)).toEqual([]);
}

describe('a work run out of stock (fast-check, against a model of its stock)', () => {
  beforeAll(async () => {
    for (let i = 0; i < 10; i++) {
      const buyer = await createMember(t, { verified: true });
      stockBuyers.push((await userRow(t, buyer.email))?.id ?? '');
    }
  });

  it('takes exactly what is there, refuses the rest, and ends sold out', async () => {
    await fc.assert(fc.asyncProperty(fc.array(stockStep, { minLength: 1, maxLength: 10 }), runOutOfStock), {
      numRuns: 20,
      seed: 20261124,
    });
  }, 180_000);
});

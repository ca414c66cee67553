import { eq, inArray, like, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createPaintingForSale, userRow } from '../../../test/factories';
import { raceBehindLock, raceTitle } from '../../../test/race';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { CardEvent } from '../../adapters/payments/payments';
import { queryRows } from '../../db/client';
import { certificates, ledgerTransactions, paintings, purchases, refunds } from '../../db/schema';
import { seedCatalogue } from '../../db/seed-catalogue';
import { checkInvariants } from '../ledger/invariants';
import { MARKET } from '../market/state';
import { PURCHASE_CONFIRMATION_JOB } from '../notifications/delivery-jobs';
import { heldBy } from '../parts/register';
import { releaseExpired } from './release-reservation';
import type { Purchase } from './reserve';
import { type ReservationRequest, reserveBatch } from './reserve-purchase';
import { type PaymentNotice, type PaymentOutcome, settlePaymentBatch } from './settle-payment';

/**
 * Card payments of one work settled as one batch (issue 28, decisions 466–468): two batches with the same event or
 * the same payment, a duplicate inside a batch, a mismatch, a decline and late payments inside an accepted batch.
 * The batches run as the per-work turn runs them (`settlePaymentBatch`: one transaction on a connection of the pool
 * each, as two processes' batches would).
 */
let t: TestApp;
let members: string[] = [];
beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.ctx.database.db, t.ctx.storage, { media: false });
  for (let i = 0; i < 8; i++) {
    const member = await createMember(t, { verified: true });
    members.push((await userRow(t, member.email))?.id ?? '');
  }
  members = members.filter(Boolean);
});
afterAll(() => t?.close());
afterEach(async () => {
  expect(await checkInvariants(t.ctx.database.db)).toEqual([]);
});

const db = () => t.ctx.database.db;
const LIMITS = { maxSharePercent: 100, maxPendingEurMinor: 1_000_000_00 };

function request(userId: string, paintingId: string, quantity: number): ReservationRequest {
  return {
    userId,
    paintingId,
    quantity,
    currency: 'EURO',
    paymentMethod: 'card',
    ownerName: 'B. A. Tch',
    language: 'en',
    reservationMinutes: 15,
    limits: LIMITS,
  };
}

/** Reserves one purchase per quantity, by the members in turn from the `from`th, for the work (one batch). */
async function reserved(paintingId: string, quantities: number[], from = 0): Promise<Purchase[]> {
  const outcomes = await reserveBatch(
    db(),
    quantities.map((quantity, at) => request(members[(from + at) % members.length] as string, paintingId, quantity)),
  );
  return outcomes.map((outcome) => {
    if (!('purchase' in outcome)) throw new Error('a reservation was refused');
    return outcome.purchase;
  });
}

let events = 0;
/** The provider's event for a purchase: its payment (one per purchase), the amount reserved unless told otherwise. */
function cardEvent(purchase: Purchase, extra: Partial<CardEvent> = {}): CardEvent {
  events++;
  return {
    id: `evt_batch_${events}_${purchase.id.slice(0, 8)}`,
    type: 'succeeded',
    paymentId: `pi_batch_${purchase.id}`,
    purchaseId: purchase.id,
    amountMinor: purchase.totalMinor,
    currency: purchase.currency,
    ...extra,
  };
}
const notice = (event: CardEvent): PaymentNotice => ({ kind: 'card', provider: t.ctx.payments.card.name, event });

async function partsOf(paintingId: string) {
  const [work] = await db().select().from(paintings).where(eq(paintings.id, paintingId));
  const available = await heldBy(db(), paintingId, 'available');
  const reservedParts = await heldBy(db(), paintingId, 'reserved');
  const owned = await heldBy(db(), paintingId, 'member');
  return {
    total: work?.totalParts ?? 0,
    sold: work?.soldParts ?? 0,
    available,
    reserved: reservedParts,
    owned,
    market: work?.market,
  };
}

async function ledgerCount(reference: string): Promise<number> {
  const rows = await db()
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(like(ledgerTransactions.reference, `${reference}%`));
  return rows.length;
}

/** The purchase-confirmation jobs enqueued for a purchase (pg-boss's table; one job carries its batch's, decision 498). */
async function confirmations(purchaseId: string): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    db(),
    sql`SELECT count(*)::int AS count FROM pgboss.job WHERE name = ${PURCHASE_CONFIRMATION_JOB}
          AND data->'purchaseIds' @> jsonb_build_array(${purchaseId}::text)`,
  );
  return Number(row?.count ?? 0);
}

const kinds = (outcomes: readonly PaymentOutcome[] | undefined) => (outcomes ?? []).map((outcome) => outcome.kind);
const lockPurchase = (id: string) => sql`SELECT id FROM purchases WHERE id = ${id} FOR UPDATE`;

describe('card payments of one work settled as batches (PostgreSQL)', () => {
  it(raceTitle('two batches with the same event settle it once; the other answers duplicate'), async () => {
    // Guard: payment_events_unique with ON CONFLICT DO NOTHING in settle-payment.ts:recordEvents. Removed (the
    // ON CONFLICT), the second batch fails on the unique index instead of answering duplicate (checked: it throws).
    const painting = await createPaintingForSale(t);
    const [purchase, other] = await reserved(painting.id, [2, 1]);
    if (!purchase || !other) throw new Error('not reserved');
    const event = cardEvent(purchase);
    const [one, two] = await raceBehindLock(db(), { lock: lockPurchase(purchase.id), waiters: 2 }, [
      () => settlePaymentBatch(db(), t.ctx.jobs, [notice(event), notice(cardEvent(other))]),
      () => settlePaymentBatch(db(), t.ctx.jobs, [notice(event)]),
    ]);
    const mine = [one?.[0]?.kind, two?.[0]?.kind].sort();
    expect(mine).toEqual(['duplicate', 'settled']);
    expect(one?.[1]?.kind).toBe('settled');
    expect(await ledgerCount(purchase.reference)).toBe(1);
    const certs = await db().select().from(certificates).where(eq(certificates.purchaseId, purchase.id));
    expect(certs).toHaveLength(1);
    const parts = await partsOf(painting.id);
    expect(parts.sold + parts.available).toBe(parts.total);
    expect(parts.owned).toBe(3);
  });

  it(raceTitle('two batches with two events of one payment settle it once; the later one finds it paid'), async () => {
    // Guard: the purchases locked FOR UPDATE in settle-payment.ts:lockPurchases. Removed, both batches read the
    // purchase pending; the second's UPDATE then finds it paid and answers a refund for money already settled
    // (checked: the second outcome is refund-due and a refund row exists, the assertions fail).
    const painting = await createPaintingForSale(t);
    const [purchase] = await reserved(painting.id, [2]);
    if (!purchase) throw new Error('not reserved');
    const first = cardEvent(purchase);
    const again = cardEvent(purchase); // Stripe sends a second event (another id) for the same payment
    const outcomes = await raceBehindLock(db(), { lock: lockPurchase(purchase.id), waiters: 2 }, [
      () => settlePaymentBatch(db(), t.ctx.jobs, [notice(first)]),
      () => settlePaymentBatch(db(), t.ctx.jobs, [notice(again)]),
    ]);
    expect(outcomes.map((batch) => batch[0]?.kind).sort()).toEqual(['already-paid', 'settled']);
    expect(await db().select().from(refunds).where(eq(refunds.purchaseId, purchase.id))).toEqual([]);
    expect(await ledgerCount(purchase.reference)).toBe(1);
    const [row] = await db().select().from(purchases).where(eq(purchases.id, purchase.id));
    expect(row?.status).toBe('paid');
  });

  it('a duplicate webhook inside a batch is answered duplicate; a second event of a payment finds it paid; the last parts sold open the secondary market once', async () => {
    // Guards: the same event twice in a batch is new for its first notice only (recordEvents); removed (every
    // notice of a new event taken as new), the second answers already-paid instead of duplicate (checked). The
    // batch's copy of each purchase marked paid when it joins the settlement (`pay`); removed, a second event of the
    // same payment is settled a second time in the batch and answers settled (checked).
    const painting = await createPaintingForSale(t, { widthCm: 1, heightCm: 1 }); // 9 parts
    const [a, b, c] = await reserved(painting.id, [4, 3, 2]);
    if (!a || !b || !c) throw new Error('not reserved');
    const eventA = cardEvent(a);
    const outcomes = await settlePaymentBatch(db(), t.ctx.jobs, [
      notice(eventA),
      notice(eventA),
      notice(cardEvent(b)),
      notice(cardEvent(b)),
      notice(cardEvent(c)),
    ]);
    expect(kinds(outcomes)).toEqual(['settled', 'duplicate', 'settled', 'already-paid', 'settled']);
    for (const purchase of [a, b, c]) {
      expect(await ledgerCount(purchase.reference)).toBe(1);
      // Its confirmation enqueued once, with the settlement (decision 470).
      expect(await confirmations(purchase.id)).toBe(1);
    }
    const parts = await partsOf(painting.id);
    expect([parts.sold, parts.available, parts.reserved, parts.owned]).toEqual([9, 0, 0, 9]);
    expect(parts.market).toBe(MARKET.secondary);
  });

  it('a mismatch, a decline and late payments inside an accepted batch each get their own outcome; the others settle', async () => {
    // Guard: each notice decided on its own (settle-payment.ts:decide). The amount check removed, the mismatched
    // payment settles (checked: its outcome is settled, the assertion fails).
    const painting = await createPaintingForSale(t, { pricePerPartMinor: 500 }); // 18 parts
    const [late, lateGone] = await reserved(painting.id, [2, 3]);
    if (!late || !lateGone) throw new Error('not reserved');
    // Both reservations expire; 14 of the 18 parts are then taken: 4 are left, enough for `late`'s 2 but not both.
    await db()
      .update(purchases)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(inArray(purchases.id, [late.id, lateGone.id]));
    await releaseExpired(db(), new Date());
    const [ok1, mismatched, declined, ok2] = await reserved(painting.id, [3, 2, 1, 8], 2);
    if (!ok1 || !mismatched || !declined || !ok2) throw new Error('not reserved');
    const outcomes = await settlePaymentBatch(db(), t.ctx.jobs, [
      notice(cardEvent(ok1)),
      notice(cardEvent(mismatched, { amountMinor: mismatched.totalMinor - 1 })),
      notice(cardEvent(late)),
      notice(cardEvent(declined, { type: 'failed', failureMessage: 'Your card was declined.' })),
      notice(cardEvent(lateGone)),
      notice(cardEvent(ok2)),
    ]);
    expect(kinds(outcomes)).toEqual(['settled', 'ignored', 'settled', 'recorded-failure', 'refund-due', 'settled']);
    const rows = new Map(
      (await db().select().from(purchases).where(eq(purchases.paintingId, painting.id))).map((row) => [row.id, row]),
    );
    expect(rows.get(mismatched.id)).toMatchObject({
      status: 'pending',
      failureReason: `amount mismatch: ${mismatched.totalMinor - 1} EURO`,
    });
    expect(rows.get(declined.id)).toMatchObject({ status: 'pending', failureReason: 'Your card was declined.' });
    expect(rows.get(late.id)?.status).toBe('paid');
    expect(rows.get(lateGone.id)?.status).toBe('refund_pending');
    expect(await db().select().from(refunds).where(eq(refunds.purchaseId, lateGone.id))).toHaveLength(1);
    const parts = await partsOf(painting.id);
    expect(parts.sold + parts.available).toBe(parts.total);
    expect(parts.owned).toBe(3 + 2 + 8);
    expect(parts.reserved).toBe(2 + 1);
  });

  it('random batches of events, duplicates, declines and wrong amounts at once: each purchase settles once, and the register and ledger add up (fast-check)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.array(
            fc.record({
              purchase: fc.nat({ max: 5 }),
              event: fc.nat({ max: 2 }),
              kind: fc.constantFrom('succeeded', 'succeeded', 'failed', 'wrong-amount'),
            }),
            { minLength: 1, maxLength: 10 },
          ),
          { minLength: 1, maxLength: 3 },
        ),
        async (batches) => {
          const painting = await createPaintingForSale(t, { widthCm: 2, heightCm: 1 });
          const bought = await reserved(painting.id, [1, 2, 3, 1, 2, 3]);
          // Event n of purchase p is the same event wherever it appears (a webhook delivered again).
          const eventOf = new Map<string, CardEvent>();
          const event = (p: number, n: number, kind: string) => {
            const key = `${p}/${n}/${kind}`;
            const purchase = bought[p] as Purchase;
            const made =
              eventOf.get(key) ??
              cardEvent(purchase, {
                ...(kind === 'failed' ? { type: 'failed' as const } : {}),
                ...(kind === 'wrong-amount' ? { amountMinor: purchase.totalMinor + 1 } : {}),
              });
            eventOf.set(key, made);
            return made;
          };
          const outcomes = await Promise.all(
            batches.map((batch) =>
              settlePaymentBatch(
                db(),
                t.ctx.jobs,
                batch.map((one) => notice(event(one.purchase, one.event, one.kind))),
              ),
            ),
          );
          const settled = outcomes.flat().filter((outcome) => outcome.kind === 'settled');
          const ids = settled.map((outcome) => outcome.purchase?.id);
          expect(new Set(ids).size).toBe(ids.length);
          const paid = (
            await db()
              .select({ id: purchases.id, quantity: purchases.quantity })
              .from(purchases)
              .where(eq(purchases.paintingId, painting.id))
          ).filter((row) => ids.includes(row.id));
          const parts = await partsOf(painting.id);
          expect(parts.sold + parts.available).toBe(parts.total);
          expect(parts.owned).toBe(paid.reduce((sum, row) => sum + row.quantity, 0));
          for (const purchase of bought) {
            expect(await ledgerCount(purchase.reference)).toBe(ids.includes(purchase.id) ? 1 : 0);
          }
          // Release what is left unpaid, so the members' next reservations start from nothing held.
          await db()
            .update(purchases)
            .set({ expiresAt: new Date(Date.now() - 1000) })
            .where(eq(purchases.paintingId, painting.id));
          await releaseExpired(db(), new Date());
        },
      ),
      { numRuns: 12 },
    );
  });
});

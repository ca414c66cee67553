import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createPaintingForSale, userRow } from '../../../test/factories';
import { statementsSentBy } from '../../../test/statements';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { certificates, outboxMessages } from '../../db/schema';
import { seedCatalogue } from '../../db/seed-catalogue';
import { accountFor } from '../ledger/ledger';
import { EMAIL_JOB, PURCHASE_CONFIRMATION_JOB } from '../notifications/delivery-jobs';
import type { Purchase } from './reserve';
import { reserveBatch } from './reserve-purchase';
import { sendConfirmations } from './send-confirmations';
import { settlePaymentBatch } from './settle-payment';

/**
 * A settlement's confirmations as one job (decision 498): its statements do not grow with the batch, a retried job
 * sends no email twice, and one purchase whose data is broken does not hold the others' emails back.
 */
let t: TestApp;
let buyers: { id: string; email: string }[] = [];
beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.ctx.database.db, t.ctx.storage, { media: false });
  for (let i = 0; i < 13; i++) {
    const member = await createMember(t, { verified: true });
    buyers.push({ id: (await userRow(t, member.email))?.id ?? '', email: member.email });
  }
  buyers = buyers.filter((buyer) => buyer.id);
  // The first sale of a database creates its ledger accounts: not part of any batch here.
  await accountFor(t.ctx.database.db, 'external', 'EURO');
  await accountFor(t.ctx.database.db, 'platform_revenue', 'EURO');
});
afterAll(() => t?.close());

const db = () => t.ctx.database.db;

/** Reserves and settles by card, as one batch each, one purchase per buyer given: answers the purchases. */
async function settledBatch(of: readonly { id: string }[]): Promise<Purchase[]> {
  const painting = await createPaintingForSale(t, { widthCm: 4, heightCm: 4 });
  const reserved = await reserveBatch(
    db(),
    of.map((buyer) => ({
      userId: buyer.id,
      paintingId: painting.id,
      quantity: 1,
      currency: 'EURO' as const,
      paymentMethod: 'card' as const,
      ownerName: 'C. F.',
      language: 'en' as const,
      reservationMinutes: 15,
      limits: t.ctx.config.reservationLimits,
    })),
  );
  const purchases = reserved.map((outcome) => {
    if (!('purchase' in outcome)) throw new Error('a reservation was refused');
    return outcome.purchase;
  });
  const outcomes = await settlePaymentBatch(
    db(),
    t.ctx.jobs,
    purchases.map((purchase) => ({
      kind: 'card' as const,
      provider: t.ctx.payments.card.name,
      event: {
        id: `evt_confirm_${purchase.id}`,
        type: 'succeeded' as const,
        paymentId: `pi_confirm_${purchase.id}`,
        purchaseId: purchase.id,
        amountMinor: purchase.totalMinor,
        currency: purchase.currency,
      },
    })),
  );
  expect(outcomes.map((outcome) => outcome.kind)).toEqual(purchases.map(() => 'settled'));
  return purchases;
}

/** The purchase confirmations in the outbox for these buyers (after the email jobs' drain). */
async function confirmationsTo(of: readonly { email: string }[]): Promise<number> {
  await t.ctx.jobs.drain([EMAIL_JOB]);
  const rows = await db()
    .select({ subject: outboxMessages.subject })
    .from(outboxMessages)
    .where(
      inArray(
        outboxMessages.recipient,
        of.map((buyer) => buyer.email.toLowerCase()),
      ),
    );
  return rows.filter((row) => row.subject.startsWith('Your parts purchase')).length;
}

/**
 * A batch's confirmation job: pg-boss's fetch, the purchases with their buyers, works, certificates, preferences and
 * reflection periods (one read), the sellers' notices (none here: primary purchases), every email in one INSERT, the
 * job's completion, and the drain's last fetch that finds none. Before decision 498 each purchase was a job of its own
 * sending about ten.
 */
const CONFIRM = 5;

describe('a settlement batch confirmed as one job (PostgreSQL)', () => {
  it(`a batch's confirmations send ${CONFIRM} statements, for one purchase as for twelve`, async () => {
    // Guard: send-confirmations.ts reads all its purchases, preferences and reflection periods in one statement. Read
    // per purchase again, twelve send eleven more (checked: 16).
    const [first, ...others] = buyers as [{ id: string; email: string }, ...{ id: string; email: string }[]];
    const twelve = others.slice(0, 12);
    // The job's own statements, by the queue's drain (fetch, run, complete); the emails it queued are not run.
    const confirmed = (work: () => Promise<unknown>) =>
      statementsSentBy(work, (text) => !/^SELECT pg_notify\(/.test(text));
    await settledBatch([first]);
    const one = await confirmed(() => t.ctx.jobs.drain([PURCHASE_CONFIRMATION_JOB]));
    await settledBatch(twelve);
    const many = await confirmed(() => t.ctx.jobs.drain([PURCHASE_CONFIRMATION_JOB]));
    expect(one.length, one.join('\n')).toBe(CONFIRM);
    expect(many.length, many.join('\n')).toBe(CONFIRM);
    expect(await confirmationsTo([first])).toBe(1);
    expect(await confirmationsTo(twelve)).toBe(12);
  });

  it('a retried confirmation sends no email twice', async () => {
    // Guard: each email's job id is derived from its purchase (messageIdOf). With a random id per attempt
    // (randomUUID), each run queues three more (checked: 9 for the two runs and the settlement's job).
    const three = buyers.slice(0, 3);
    const before = await confirmationsTo(three);
    const purchases = await settledBatch(three);
    const ids = purchases.map((purchase) => purchase.id);
    await sendConfirmations(t.ctx, ids);
    await sendConfirmations(t.ctx, ids);
    // The job the settlement enqueued, run after both: nothing more either.
    await t.ctx.jobs.drain([PURCHASE_CONFIRMATION_JOB]);
    expect((await confirmationsTo(three)) - before).toBe(3);
  });

  it("one purchase's broken data fails its confirmation alone; the others' emails go, once", async () => {
    // Guard: send-confirmations.ts writes each purchase's messages in its own try, enqueues those that could be
    // written, then fails the job. Without the try, the broken purchase's error leaves the job before anything is
    // enqueued, and the others wait with it at every retry (checked: it fails).
    const [brokenBuyer, ...fine] = buyers.slice(3, 6) as [
      { id: string; email: string },
      ...{ id: string; email: string }[],
    ];
    const before = { broken: await confirmationsTo([brokenBuyer]), fine: await confirmationsTo(fine) };
    const purchases = await settledBatch([brokenBuyer, ...fine]);
    const [broken] = purchases as [Purchase];
    const [certificate] = await db().delete(certificates).where(eq(certificates.purchaseId, broken.id)).returning();
    const ids = purchases.map((purchase) => purchase.id);
    await expect(sendConfirmations(t.ctx, ids)).rejects.toThrow('1 of 3 purchase confirmations could not be written');
    // A retry: the same failure for that purchase, nothing sent twice for the others.
    await expect(sendConfirmations(t.ctx, ids)).rejects.toThrow('1 of 3');
    expect((await confirmationsTo(fine)) - before.fine).toBe(2);
    expect(await confirmationsTo([brokenBuyer])).toBe(before.broken);
    // Mended, the next retry sends its confirmation, and only it.
    if (certificate) await db().insert(certificates).values(certificate);
    await sendConfirmations(t.ctx, ids);
    expect(await confirmationsTo([brokenBuyer])).toBe(before.broken + 1);
    expect((await confirmationsTo(fine)) - before.fine).toBe(2);
  });
});

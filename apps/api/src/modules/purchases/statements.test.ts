import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendCardEvent } from '../../../test/card-webhook';
import { acknowledgeKeyInformation, createMember, createPaintingForSale, userRow } from '../../../test/factories';
import { statementsSentBy } from '../../../test/statements';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { SANDBOX_CARD_OK, type SandboxCardPayments } from '../../adapters/payments/sandbox-card';
import { seedCatalogue } from '../../db/seed-catalogue';
import { requireKeyInformationAcknowledged } from '../key-information/gate';
import { checkInvariants } from '../ledger/invariants';
import { accountFor } from '../ledger/ledger';
import { type ReservationRequest, reserveBatch } from './reserve-purchase';
import { type PaymentNotice, settlePaymentBatch } from './settle-payment';

/**
 * What one purchase of a drop costs the database (issue 16): reserve + pay by card (sandbox) + settle, primary market,
 * counted as the statements node-postgres sends (BEGIN and COMMIT included, the confirmation job enqueued included).
 * Not counted: each request's authentication (a read of the member, the same for every authenticated call), the
 * announcements of the change to other processes after commit, and the job workers' own statements (the tests' drain fetching and running the queued email).
 */
/**
 * One purchase through the one path (decisions 403–404), reserved as a batch of one (decisions 447–449): the
 * reservation (BEGIN, members locked, their unpaid purchases, the work, the purchases, the register's movements and
 * entries, the key information versions, the stock, COMMIT: 10, the provider payment's reference: 11), the payment
 * (the sandbox's purchase read, then the settlement as a batch of one with its confirmation job, SETTLE below:
 * 16), and the gates' one read (identity, decision 254; investor, 306; key information, 324; read together since
 * decision 487: 28, where the three separate reads made 30). A batch of N reservations sends the reservation's 10 once
 * (BATCH below), a batch of N payments the settlement's 15 once.
 */
const BUDGET = 28;

/** Each request's authentication reads the member: the same for every authenticated call, not the purchase's. */
const AUTHENTICATE = /^select "users"\."id", "users"\."email"/;
/**
 * The announcement of a change to the other processes (catalogue/changes.ts), sent after the purchase's commits: on
 * this database when there is no Redis, on Redis when there is. Not a statement of the purchase.
 */
const ANNOUNCE = /^SELECT pg_notify\(/;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.ctx.database.db, t.ctx.storage, { media: false });
});
afterAll(() => t?.close());

/** Counts the statements the app sends while `work` runs (every pg.Client of this process). */
async function statementsOf(work: () => Promise<void>): Promise<string[]> {
  // The tests' drain runs the queued jobs after each request, as a server's workers would later: not counted.
  let inJobs = false;
  const drain = t.ctx.jobs.drain.bind(t.ctx.jobs);
  t.ctx.jobs.drain = async (names) => {
    inJobs = true;
    try {
      return await drain(names);
    } finally {
      inJobs = false;
    }
  };
  try {
    return await statementsSentBy(work, (text) => !inJobs && !AUTHENTICATE.test(text) && !ANNOUNCE.test(text));
  } finally {
    t.ctx.jobs.drain = drain;
  }
}

/**
 * A batch of reservations of one work (reserve-purchase.ts): the same statements whatever its size. BEGIN, the
 * members locked (one statement), their unpaid purchases, the work, the purchases, the register's movements, its
 * entries, the key information versions, the stock, COMMIT. Before batching, N reservations sent 10 × N.
 */
const BATCH = 10;

/**
 * A batch of card payments of one work (settle-payment.ts, decisions 466–468): the same statements whatever its size.
 * BEGIN, the purchases locked, the provider events, the purchases paid, the register's movements and entries, the
 * ledger accounts, the ledger transactions and entries, the certificates, the notification preferences, the
 * notifications, the work read (sold out?), the batch's confirmation job, COMMIT. Before batching, N payments sent
 * 16 × N (the confirmation job after the commit included).
 */
const SETTLE = 15;

describe('statements per purchase (PostgreSQL)', () => {
  it(`a batch of card payments sends ${SETTLE} statements, for one payment as for twelve`, async () => {
    const painting = await createPaintingForSale(t, { widthCm: 4, heightCm: 4 });
    const requests: ReservationRequest[] = [];
    for (let i = 0; i < 13; i++) {
      const buyer = await createMember(t, { verified: true });
      requests.push({
        userId: (await userRow(t, buyer.email))?.id ?? '',
        paintingId: painting.id,
        quantity: 1 + (i % 3),
        currency: 'EURO',
        paymentMethod: 'card',
        ownerName: 'J. D.',
        language: 'en',
        reservationMinutes: 15,
        limits: t.ctx.config.reservationLimits,
      });
    }
    const notices: PaymentNotice[] = [];
    for (const outcome of await reserveBatch(t.ctx.database.db, requests)) {
      if (!('purchase' in outcome)) throw new Error('a reservation was refused');
      const { purchase } = outcome;
      notices.push({
        kind: 'card',
        provider: t.ctx.payments.card.name,
        event: {
          id: `evt_statements_${purchase.id}`,
          type: 'succeeded',
          paymentId: `pi_statements_${purchase.id}`,
          purchaseId: purchase.id,
          amountMinor: purchase.totalMinor,
          currency: purchase.currency,
        },
      });
    }
    // The first sale of a database creates its ledger accounts: not a statement of each payment.
    await accountFor(t.ctx.database.db, 'external', 'EURO');
    await accountFor(t.ctx.database.db, 'platform_revenue', 'EURO');
    const [alone, ...others] = notices as [PaymentNotice, ...PaymentNotice[]];
    const one = await statementsOf(async () => {
      const outcomes = await settlePaymentBatch(t.ctx.database.db, t.ctx.jobs, [alone]);
      expect(outcomes.map((outcome) => outcome.kind)).toEqual(['settled']);
    });
    const twelve = await statementsOf(async () => {
      const outcomes = await settlePaymentBatch(t.ctx.database.db, t.ctx.jobs, others);
      expect(outcomes.filter((outcome) => outcome.kind === 'settled')).toHaveLength(12);
    });
    expect(one.length, one.join('\n')).toBe(SETTLE);
    expect(twelve.length, twelve.join('\n')).toBe(SETTLE);
    expect(await checkInvariants(t.ctx.database.db)).toEqual([]);
  });

  it(`a batch of reservations sends ${BATCH} statements, for one purchase as for twelve`, async () => {
    const painting = await createPaintingForSale(t, { widthCm: 4, heightCm: 4 });
    const requests: ReservationRequest[] = [];
    for (let i = 0; i < 13; i++) {
      const buyer = await createMember(t, { verified: true });
      const userId = (await userRow(t, buyer.email))?.id ?? '';
      await acknowledgeKeyInformation(t, buyer, painting.id);
      const keyInformation = await requireKeyInformationAcknowledged(t.ctx.database.db, userId, painting.id);
      requests.push({
        userId,
        paintingId: painting.id,
        quantity: 1 + (i % 3),
        currency: 'EURO',
        paymentMethod: 'card',
        ownerName: 'J. D.',
        language: 'en',
        reservationMinutes: 15,
        limits: t.ctx.config.reservationLimits,
        records: { keyInformation },
      });
    }
    const [alone, ...others] = requests as [ReservationRequest, ...ReservationRequest[]];
    const one = await statementsOf(async () => {
      const [outcome] = await reserveBatch(t.ctx.database.db, [alone]);
      expect(outcome && 'purchase' in outcome).toBe(true);
    });
    const twelve = await statementsOf(async () => {
      const outcomes = await reserveBatch(t.ctx.database.db, others);
      expect(outcomes.filter((outcome) => 'purchase' in outcome)).toHaveLength(12);
    });
    expect(one.length, one.join('\n')).toBe(BATCH);
    expect(twelve.length, twelve.join('\n')).toBe(BATCH);
    expect(await checkInvariants(t.ctx.database.db)).toEqual([]);
  });

  it(`reserve + pay by card + settle sends at most ${BUDGET} statements`, async () => {
    const buyer = await createMember(t, { verified: true });
    const painting = await createPaintingForSale(t);
    await acknowledgeKeyInformation(t, buyer, painting.id);
    const purchase = async () => {
      const reserved = await t.call('POST', '/api/paintings/purchase', {
        // Acknowledged above, once: the member's reading is not a statement of each purchase.
        acknowledgeKeyInformation: false,
        token: buyer.accessToken,
        body: { total_part: 1, payment_method: 'card', painting_id: painting.id, owner: 'J. D.' },
      });
      expect(reserved.statusCode).toBe(200);
      const paid = await t.call('POST', '/api/payments/sandbox/card/confirm', {
        token: buyer.accessToken,
        body: { client_secret: reserved.json().data.payment_client_secret, card_number: '4242424242424242' },
      });
      expect(paid.statusCode).toBe(200);
    };
    // The first sale of a database creates its ledger accounts; the purchase counted follows.
    await purchase();
    const sent = await statementsOf(purchase);
    expect(sent.length, sent.join('\n')).toBeLessThanOrEqual(BUDGET);
    expect(await checkInvariants(t.ctx.database.db)).toEqual([]);
  });

  it(`a card webhook sends the settlement's ${SETTLE} statements and no read before it`, async () => {
    // Guard: the payment's metadata carries its work (service.ts:startProviderPayment; routes.ts and
    // payment-events.ts:handleCardEvent, decision 487). Without it the webhook reads the top-ups, then the purchase's
    // work, before the settlement: 17 (checked).
    const buyer = await createMember(t, { verified: true });
    const painting = await createPaintingForSale(t);
    await acknowledgeKeyInformation(t, buyer, painting.id);
    const reserved = await t.call('POST', '/api/paintings/purchase', {
      acknowledgeKeyInformation: false,
      token: buyer.accessToken,
      body: { total_part: 1, payment_method: 'card', painting_id: painting.id, owner: 'J. D.' },
    });
    expect(reserved.statusCode).toBe(200);
    const card = t.ctx.payments.card as SandboxCardPayments;
    const event = card.confirm(reserved.json().data.payment_client_secret, SANDBOX_CARD_OK);
    if (!event) throw new Error('the sandbox did not confirm');
    const sent = await statementsOf(async () => {
      const answer = await sendCardEvent(t.app, event);
      expect(answer.statusCode).toBe(200);
    });
    expect(sent.length, sent.join('\n')).toBe(SETTLE);
    expect(await checkInvariants(t.ctx.database.db)).toEqual([]);
  });
});

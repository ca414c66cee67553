import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendCardEvent } from '../../../test/card-webhook';
import { acknowledgeKeyInformation, createMember, createPaintingForSale, userRow } from '../../../test/factories';
import { roundTripsBy, statementsSentBy, unpreparedBy } from '../../../test/statements';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { SANDBOX_CARD_OK, type SandboxCardPayments } from '../../adapters/payments/sandbox-card';
import { purchases } from '../../db/schema';
import { seedCatalogue } from '../../db/seed-catalogue';
import { requireKeyInformationAcknowledged } from '../key-information/gate';
import { checkInvariants } from '../ledger/invariants';
import { accountFor } from '../ledger/ledger';
import { recordProviderReference } from './provider-references';
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
 * reservation (BEGIN, members locked, their unpaid purchases, the work, the purchases, the register's movements with
 * their entries (one statement since decision 522), the key information versions, the stock, COMMIT: 9, the provider
 * payment's reference, a batch of one of its own (decision 591): 10), the payment (the settlement as a batch of one
 * with its confirmation job, SETTLE below: 12; the sandbox reads no purchase since decision 590), and the gates' one
 * read (identity, decision 254; investor, 306; key information, 324; read together since decision 487): 23, where 24
 * before decision 590, 28 before 522 and 30 before 487. A batch of N reservations sends the reservation's 9 once
 * (BATCH below), a batch of N payments the settlement's 12 once, a batch of N references one UPDATE.
 */
const BUDGET = 23;

/** Each request's authentication reads the member: the same for every authenticated call, not the purchase's. */
const AUTHENTICATE = /^select "users"\."id", "users"\."email"/;
/**
 * The announcement of a change to the other processes (catalogue/changes.ts), sent after the purchase's commits: on
 * this database when there is no Redis, on Redis when there is. Not a statement of the purchase.
 */
const ANNOUNCE = /^SELECT pg_notify\(/;

/** The statements one per line, each cut to 160 characters: an assertion's message. */
const listed = (sent: readonly string[]) => sent.map((text) => text.slice(0, 160)).join('\n');

/**
 * A batch's statements have the same texts whatever its size (decisions 521–522): each can be prepared by name and
 * parsed once per connection. A multi-row VALUES list, or an IN list of one parameter per id, fails this.
 */
function expectSameTexts(one: readonly string[], many: readonly string[]) {
  const differing = many.filter((text, at) => text !== one[at]);
  expect(
    differing.map((text) => text.slice(0, 300)),
    'statements whose text depends on the batch size',
  ).toEqual([]);
  expect(many.length).toBe(one.length);
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.ctx.database.db, t.ctx.storage, { media: false });
});
afterAll(() => t?.close());

/** A card reservation of `quantity` parts of a work for a member, as the purchase route makes it. */
const cardReservation = (userId: string, paintingId: string, quantity: number): ReservationRequest => ({
  userId,
  paintingId,
  quantity,
  currency: 'EURO',
  paymentMethod: 'card',
  ownerName: 'J. D.',
  language: 'en',
  reservationMinutes: 15,
  limits: t.ctx.config.reservationLimits,
});

/** Counts the statements the app sends while `work` runs (every pg.Client of this process). */
/** The round trips of those statements (decision 599): the statements sent together wait once. */
function roundTripsOf(work: () => Promise<void>): Promise<number> {
  return outsideJobs((counted) =>
    roundTripsBy(work, (text) => counted() && !AUTHENTICATE.test(text) && !ANNOUNCE.test(text)),
  );
}

function statementsOf(work: () => Promise<void>): Promise<string[]> {
  return outsideJobs((counted) =>
    statementsSentBy(
      work,
      (text) => counted() && !AUTHENTICATE.test(text) && !ANNOUNCE.test(text),
      Number.POSITIVE_INFINITY,
    ),
  );
}

/** Runs `record` with a test of whether a statement is the purchase's, not the queued jobs' the tests' drain runs. */
async function outsideJobs<T>(record: (counted: () => boolean) => Promise<T>): Promise<T> {
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
    return await record(() => !inJobs);
  } finally {
    t.ctx.jobs.drain = drain;
  }
}

/**
 * What a purchase may send unprepared: drizzle's BEGIN and COMMIT (its `transaction`). Everything else, pg-boss's
 * statement enqueueing the confirmation job included, is prepared by name (decisions 469, 522, 544–545).
 */
const NOT_PREPARED = /^(begin|commit)$/;

/**
 * A batch of reservations of one work (reserve-purchase.ts): the same statements, with the same texts, whatever its
 * size. BEGIN, the members locked (one statement), their unpaid purchases, the work, the purchases, the register's
 * movements and entries (one statement, decision 522), the key information versions, the stock, COMMIT. Before
 * batching, N reservations sent 10 × N; before decision 522 a batch sent 10.
 */
const BATCH = 9;

/**
 * A batch of card payments of one work (settle-payment.ts, decisions 466–468): the same statements, with the same
 * texts, whatever its size. BEGIN, the purchases locked, the provider events, the purchases paid, the register's
 * movements and entries (one statement), the ledger accounts, the ledger transactions and entries (one statement),
 * the certificates, the notifications (reading the members' email preferences as they are written), the work read
 * (sold out?), the batch's confirmation job, COMMIT. Before batching, N payments sent 16 × N (the confirmation job
 * after the commit included); before decision 522 a batch sent 15.
 */
const SETTLE = 12;

/**
 * Decision 599: a settlement batch sends its register INSERT beside its ledger accounts' read, then its ledger
 * transactions, certificates, notifications and sold-out read together: 8 round trips for the 12 statements.
 */
const SETTLE_TRIPS = 8;

/** Decision 599: a reservation batch sends its register movements and key information versions together. */
const BATCH_TRIPS = 8;

describe('statements per purchase (PostgreSQL)', () => {
  it(`a batch of card payments sends ${SETTLE} statements, the same texts for one payment as for twelve`, async () => {
    const painting = await createPaintingForSale(t, { widthCm: 4, heightCm: 4 });
    const requests: ReservationRequest[] = [];
    for (let i = 0; i < 13; i++) {
      const buyer = await createMember(t, { verified: true });
      requests.push(cardReservation((await userRow(t, buyer.email))?.id ?? '', painting.id, 1 + (i % 3)));
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
    let trips = 0;
    const twelve = await statementsOf(async () => {
      trips = await roundTripsOf(async () => {
        const outcomes = await settlePaymentBatch(t.ctx.database.db, t.ctx.jobs, others);
        expect(outcomes.filter((outcome) => outcome.kind === 'settled')).toHaveLength(12);
      });
    });
    // Guard: settle.ts's statements sent together, and the pool's pipeline mode (db/client.ts); either undone, 12.
    expect(trips).toBe(SETTLE_TRIPS);
    expect(one.length, listed(one)).toBe(SETTLE);
    expect(twelve.length, listed(twelve)).toBe(SETTLE);
    expectSameTexts(one, twelve);
    expect(await checkInvariants(t.ctx.database.db)).toEqual([]);
  });

  it(`a batch of reservations sends ${BATCH} statements, the same texts for one purchase as for twelve`, async () => {
    const painting = await createPaintingForSale(t, { widthCm: 4, heightCm: 4 });
    const requests: ReservationRequest[] = [];
    for (let i = 0; i < 13; i++) {
      const buyer = await createMember(t, { verified: true });
      const userId = (await userRow(t, buyer.email))?.id ?? '';
      await acknowledgeKeyInformation(t, buyer, painting.id);
      const keyInformation = await requireKeyInformationAcknowledged(t.ctx.database.db, userId, painting.id);
      requests.push({ ...cardReservation(userId, painting.id, 1 + (i % 3)), records: { keyInformation } });
    }
    const [alone, ...others] = requests as [ReservationRequest, ...ReservationRequest[]];
    const one = await statementsOf(async () => {
      const [outcome] = await reserveBatch(t.ctx.database.db, [alone]);
      expect(outcome && 'purchase' in outcome).toBe(true);
    });
    let trips = 0;
    const twelve = await statementsOf(async () => {
      trips = await roundTripsOf(async () => {
        const outcomes = await reserveBatch(t.ctx.database.db, others);
        expect(outcomes.filter((outcome) => 'purchase' in outcome)).toHaveLength(12);
      });
    });
    // Guard: reserve-purchase.ts's writes sent together, and the pool's pipeline mode; either undone, 9.
    expect(trips).toBe(BATCH_TRIPS);
    expect(one.length, listed(one)).toBe(BATCH);
    expect(twelve.length, listed(twelve)).toBe(BATCH);
    expectSameTexts(one, twelve);
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
    expect(sent.length, listed(sent)).toBeLessThanOrEqual(BUDGET);
    expect(await checkInvariants(t.ctx.database.db)).toEqual([]);
  });

  it('the provider references of purchases arriving together are written together (decision 591)', async () => {
    // Guard: recordProviderReference's per-work turn. Written one by one, the twelve references send twelve UPDATEs.
    const painting = await createPaintingForSale(t, { widthCm: 4, heightCm: 4 });
    const requests: ReservationRequest[] = [];
    for (let i = 0; i < 12; i++) {
      const buyer = await createMember(t, { verified: true });
      requests.push(cardReservation((await userRow(t, buyer.email))?.id ?? '', painting.id, 1));
    }
    const ids = (await reserveBatch(t.ctx.database.db, requests)).map((outcome) => {
      if (!('purchase' in outcome)) throw new Error('a reservation was refused');
      return outcome.purchase.id;
    });
    const sent = await statementsOf(async () => {
      await Promise.all(
        ids.map((purchaseId) =>
          recordProviderReference(t.ctx, painting.id, { purchaseId, providerRef: `pi_together_${purchaseId}` }),
        ),
      );
    });
    // The first runs at once, alone; the eleven that arrived while it ran go together.
    expect(sent.length, listed(sent)).toBe(2);
    const rows = await t.ctx.database.db
      .select({ id: purchases.id, providerRef: purchases.providerRef })
      .from(purchases)
      .where(inArray(purchases.id, ids));
    expect(rows.map((row) => row.providerRef).sort()).toEqual(ids.map((id) => `pi_together_${id}`).sort());
  });

  it("a batch of reservations reads its members' gates once, and refuses only the member a gate stops (decision 592)", async () => {
    // Guard: the per-work turn reads the gates of the batch (service.ts:reserveInTurn, gates.ts:purchaseGatesOf). Read
    // per request, twelve purchases arriving together send twelve reads where their reservations took two or three
    // batches.
    const painting = await createPaintingForSale(t, { widthCm: 4, heightCm: 4 });
    const buyers = await Promise.all(Array.from({ length: 11 }, () => createMember(t, { verified: true })));
    // Identity not verified: the gates refuse this one, inside whichever batch it lands in.
    const unverified = await createMember(t, { verified: true, approved: false });
    for (const buyer of [...buyers, unverified]) await acknowledgeKeyInformation(t, buyer, painting.id);
    const answers: { email: string; status: number }[] = [];
    const sent = await statementsOf(async () => {
      await Promise.all(
        [...buyers, unverified].map(async (buyer) => {
          const reserved = await t.call('POST', '/api/paintings/purchase', {
            acknowledgeKeyInformation: false,
            token: buyer.accessToken,
            body: { total_part: 1, payment_method: 'card', painting_id: painting.id, owner: 'J. D.' },
          });
          answers.push({ email: buyer.email, status: reserved.statusCode });
        }),
      );
    });
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(11);
    expect(answers.find((answer) => answer.email === unverified.email)).toMatchObject({ status: 403 });
    const gateReads = sent.filter((text) => /as "member_id"/.test(text)).length;
    const batches = sent.filter((text) => /^insert into "purchases"/.test(text)).length;
    expect(batches, listed(sent)).toBeGreaterThan(0);
    expect(gateReads, listed(sent)).toBeLessThan(12);
    // One read per batch: the batch of the refused member, if it was alone, inserted nothing.
    expect(gateReads - batches, listed(sent)).toBeGreaterThanOrEqual(0);
    expect(gateReads - batches, listed(sent)).toBeLessThanOrEqual(1);
    expect(await checkInvariants(t.ctx.database.db)).toEqual([]);
  });

  it(`a card webhook sends the settlement's ${SETTLE} statements and no read before it`, async () => {
    // Guard: the payment's metadata carries its work (service.ts:startProviderPayment; routes.ts and
    // payment-events.ts:handleCardEvent, decision 487). Without it the webhook reads the top-ups, then the purchase's
    // work, before the settlement: two reads more (17 before decision 522, checked then).
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
    expect(sent.length, listed(sent)).toBe(SETTLE);
    expect(await checkInvariants(t.ctx.database.db)).toEqual([]);
  });

  it('a purchase through the path, again, builds no statement and sends none unnamed (decisions 544–545)', async () => {
    // Guard: each statement of the request (authentication, key, gates, reservation, provider reference, answer), of
    // the payment and of the settlement is prepared once per connection; one built per call (drizzle's query
    // builder, its `is()` checks and result mapping, and PostgreSQL's parse) shows here, by its text.
    const buyer = await createMember(t, { verified: true });
    const painting = await createPaintingForSale(t);
    await acknowledgeKeyInformation(t, buyer, painting.id);
    let round = 0;
    const reserve = async () => {
      round += 1;
      const reserved = await t.call('POST', '/api/paintings/purchase', {
        acknowledgeKeyInformation: false,
        token: buyer.accessToken,
        headers: { 'idempotency-key': `prepared-path-${round}` },
        body: { total_part: 1, payment_method: 'card', painting_id: painting.id, owner: 'J. D.' },
      });
      expect(reserved.statusCode).toBe(200);
      return reserved.json().data.payment_client_secret as string;
    };
    const purchase = async () => {
      const paid = await t.call('POST', '/api/payments/sandbox/card/confirm', {
        token: buyer.accessToken,
        body: { client_secret: await reserve(), card_number: '4242424242424242' },
      });
      expect(paid.statusCode).toBe(200);
      // The provider's webhook settling the next one (payment-events.ts), as a real card payment does.
      const event = (t.ctx.payments.card as SandboxCardPayments).confirm(await reserve(), SANDBOX_CARD_OK);
      if (!event) throw new Error('the sandbox did not confirm');
      expect((await sendCardEvent(t.app, event)).statusCode).toBe(200);
    };
    // The first purchases prepare the statements on the connections they use (and create the ledger's accounts).
    await purchase();
    await purchase();
    // A statement is built once per pooled connection: in the loaded whole suite a purchase may meet a connection the
    // first ones did not use, and build there, once (seen once). One built per call builds in every purchase; so of
    // three, one must build nothing.
    let last = { unnamed: [] as string[], built: [] as string[] };
    for (let attempt = 0; attempt < 3; attempt++) {
      last = await outsideJobs((counted) =>
        unpreparedBy(purchase, (text) => counted() && !NOT_PREPARED.test(text.trim())),
      );
      if (last.unnamed.length === 0 && last.built.length === 0) break;
    }
    expect(last.unnamed, 'statements sent without a name').toEqual([]);
    expect(last.built, 'statements built by drizzle during the purchase').toEqual([]);
    expect(await checkInvariants(t.ctx.database.db)).toEqual([]);
  });
});

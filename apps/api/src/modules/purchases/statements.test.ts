import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acknowledgeKeyInformation, createMember, createPaintingForSale } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { seedCatalogue } from '../../db/seed-catalogue';
import { checkInvariants } from '../ledger/invariants';

/**
 * What one purchase of a drop costs the database (issue 16): reserve + pay by card (sandbox) + settle, primary market,
 * counted as the statements node-postgres sends (BEGIN and COMMIT included, the confirmation job enqueued included).
 * Not counted: each request's authentication (a read of the member, the same for every authenticated call), the
 * announcements of the change to other processes after commit, and the job workers' own statements (the tests' drain fetching and running the queued email).
 */
/**
 * 10 for the purchase itself, the identity gate's one read of the member's verification state (issue 29, decision
 * 254), the investor gate's one read of the member's test, simulation and category (issue 30, decision 306), and the
 * key information gate: one read (the work's current version and the member's acknowledgement of it) and the insert
 * of the version the purchase was made under, in the reservation's transaction (decision 324).
 */
const BUDGET = 14;

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
  const sent: string[] = [];
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
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [first] = args;
    const text = typeof first === 'string' ? first : (first as { text?: string } | undefined)?.text;
    if (text && !inJobs && !AUTHENTICATE.test(text) && !ANNOUNCE.test(text))
      sent.push(text.replace(/\s+/g, ' ').slice(0, 120));
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    await work();
  } finally {
    pg.Client.prototype.query = original;
    t.ctx.jobs.drain = drain;
  }
  return sent;
}

describe('statements per purchase (PostgreSQL)', () => {
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
    // The first sale of a database creates its ledger accounts (the general path); the drop's purchases follow.
    await purchase();
    const sent = await statementsOf(purchase);
    expect(sent.length, sent.join('\n')).toBeLessThanOrEqual(BUDGET);
    expect(await checkInvariants(t.ctx.database.db)).toEqual([]);
  });
});

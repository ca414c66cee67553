import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  codeIn,
  createMember,
  createPaintingForSale,
  fundWallet,
  lastMessageTo,
  userRow,
} from '../../../test/factories';
import { sideConnection } from '../../../test/pg-side';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { SANDBOX_CARD_OK } from '../../adapters/payments/sandbox-card';
import { queryRows } from '../../db/client';
import { idempotencyKeys, purchases } from '../../db/schema';
import { seedCatalogue } from '../../db/seed-catalogue';
import { checkInvariants } from '../ledger/invariants';
import { accountFor, balanceOf } from '../ledger/ledger';
import { PURCHASE_CONFIRMATION_JOB } from '../notifications/delivery-jobs';
import { memberHolding } from '../parts/register';

/**
 * The soak's first finding (issue 13 §2): an Idempotency-Key claimed in its own commit answered 409 "still being
 * processed" for ever once the process died during the request. The key now commits with the work: a death before
 * the commit leaves it free, a death after it leaves it tied to the purchase, which answers the retry.
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
async function walletBuyer(funds: number) {
  const phone = `6${String(20_000_000 + phones++).padStart(8, '0')}`;
  const member = await createMember(t, { verified: true, overrides: { number: phone } });
  const id = (await userRow(t, member.email))?.id ?? '';
  if (funds > 0) await fundWallet(t, id, 'EURO', funds);
  return { ...member, id, phone };
}

async function purchaseCode(member: { accessToken: string; phone: string }) {
  const sent = await t.call('POST', '/api/paintings/purchase/code', { token: member.accessToken });
  expect(sent.statusCode).toBe(200);
  return codeIn((await lastMessageTo(t, `+33${member.phone}`))?.text);
}

const buy = (token: string, body: Record<string, unknown>, key: string) =>
  t.call('POST', '/api/paintings/purchase', { token, body, headers: { 'idempotency-key': key } });

async function keyRow(userId: string, key: string) {
  const [row] = await t.ctx.database.db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return row;
}

/** A wallet purchase's body, with a fresh purchase code for the member. */
const walletBody = async (member: { accessToken: string; phone: string }, paintingId: string, parts: number) => ({
  total_part: parts,
  payment_method: 'smart_amount',
  painting_id: paintingId,
  owner: 'A. B.',
  verification_code: await purchaseCode(member),
});

const balance = async (userId: string) =>
  balanceOf(t.ctx.database.db, await accountFor(t.ctx.database.db, 'member_wallet', 'EURO', userId));

describe('an Idempotency-Key commits with its work', () => {
  it('a wallet purchase stores its key, its purchase and its answer in the transaction that pays', async () => {
    const member = await walletBuyer(10_000);
    const painting = await createPaintingForSale(t, { pricePerPartMinor: 1000 });
    const body = await walletBody(member, painting.id, 2);
    const first = await buy(member.accessToken, body, 'wallet-key-0001');
    expect(first.statusCode).toBe(200);
    const row = await keyRow(member.id, 'wallet-key-0001');
    const [purchase] = await t.ctx.database.db
      .select()
      .from(purchases)
      .where(eq(purchases.id, row?.purchaseId ?? ''));
    expect(purchase?.reference).toBe(first.json().data.reference_id);
    expect(row?.statusCode).toBe(200);
    // The code was spent by that transaction, yet the retry is answered from the key, not refused.
    const retry = await buy(member.accessToken, body, 'wallet-key-0001');
    expect(retry.json()).toEqual(first.json());
    expect(await balance(member.id)).toBe(8_000);
  });

  it('a wallet purchase enqueues its confirmation in the transaction that pays (decision 488)', async () => {
    // Guard: service.ts:payFromWallet enqueues with ctx.jobs.sendManyIn(tx, …). Enqueued after the commit instead
    // (ctx.jobs.send), the job's created_on is a later transaction's now(), not the purchase's (checked: it fails).
    const member = await walletBuyer(10_000);
    const painting = await createPaintingForSale(t, { pricePerPartMinor: 1000 });
    const body = await walletBody(member, painting.id, 1);
    const paid = await buy(member.accessToken, body, 'wallet-key-0002');
    expect(paid.statusCode).toBe(200);
    const [purchase] = await t.ctx.database.db
      .select()
      .from(purchases)
      .where(eq(purchases.reference, paid.json().data.reference_id));
    const jobs = await queryRows<{ created_on: Date }>(
      t.ctx.database.db,
      sql`SELECT created_on FROM pgboss.job WHERE name = ${PURCHASE_CONFIRMATION_JOB}
            AND data->'purchaseIds' @> jsonb_build_array(${purchase?.id ?? ''}::text)`,
    );
    expect(jobs).toHaveLength(1);
    // now() is the transaction's start: the same instant for the purchase and its job, written together.
    expect(new Date(jobs[0]?.created_on ?? 0).getTime()).toBe(purchase?.createdAt.getTime());
  });

  it('a card purchase whose answer was never stored (the process died after the reservation) answers the retry with the same purchase, payable', async () => {
    const member = await walletBuyer(0);
    const painting = await createPaintingForSale(t, { pricePerPartMinor: 500 });
    const body = { total_part: 3, payment_method: 'card', painting_id: painting.id, owner: 'C. D.', currency: 'EURO' };
    const first = await buy(member.accessToken, body, 'card-key-0001');
    expect(first.statusCode).toBe(200);
    // What a death between the reservation's commit and the stored answer leaves: the key tied to its purchase.
    await t.ctx.database.db
      .update(idempotencyKeys)
      .set({ statusCode: null, responseBody: null })
      .where(and(eq(idempotencyKeys.userId, member.id), eq(idempotencyKeys.key, 'card-key-0001')));
    const retry = await buy(member.accessToken, body, 'card-key-0001');
    expect(retry.statusCode).toBe(200);
    const data = retry.json().data;
    expect(data.reference_id).toBe(first.json().data.reference_id);
    expect(data.status).toBe('pending');
    expect(data.payment_client_secret).toEqual(expect.any(String));
    // One purchase only, and the retried answer pays it.
    const rows = await t.ctx.database.db.select().from(purchases).where(eq(purchases.userId, member.id));
    expect(rows).toHaveLength(1);
    const paid = await t.call('POST', '/api/payments/sandbox/card/confirm', {
      token: member.accessToken,
      body: { client_secret: data.payment_client_secret, card_number: SANDBOX_CARD_OK },
    });
    expect(paid.statusCode).toBe(200);
    expect(await memberHolding(t.ctx.database.db, member.id, painting.id)).toEqual({ primary: 3, secondary: 0 });
    // From now on the key replays that answer.
    expect((await buy(member.accessToken, body, 'card-key-0001')).json()).toEqual(retry.json());
  });

  it('a paid purchase whose answer was never stored answers the retry with its outcome: paid, with the certificate', async () => {
    const member = await walletBuyer(10_000);
    const painting = await createPaintingForSale(t, { pricePerPartMinor: 1000 });
    const body = {
      total_part: 1,
      payment_method: 'smart_amount',
      painting_id: painting.id,
      owner: 'E. F.',
      verification_code: await purchaseCode(member),
    };
    const first = await buy(member.accessToken, body, 'wallet-key-0002');
    await t.ctx.database.db
      .update(idempotencyKeys)
      .set({ statusCode: null, responseBody: null })
      .where(and(eq(idempotencyKeys.userId, member.id), eq(idempotencyKeys.key, 'wallet-key-0002')));
    const retry = await buy(member.accessToken, body, 'wallet-key-0002');
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data).toMatchObject({
      reference_id: first.json().data.reference_id,
      status: 'paid',
      certificate_number: first.json().data.certificate_number,
    });
    expect(await balance(member.id)).toBe(9_000);
  });
});

describe('a server killed while a keyed wallet purchase is in flight (PostgreSQL)', () => {
  it('leaves the key free and the code unspent: the retry after the restart buys once', async () => {
    const member = await walletBuyer(10_000);
    const painting = await createPaintingForSale(t, { pricePerPartMinor: 1000 });
    const body = {
      total_part: 3,
      payment_method: 'smart_amount',
      painting_id: painting.id,
      owner: 'G. H.',
      verification_code: await purchaseCode(member),
    };
    const wallet = await accountFor(t.ctx.database.db, 'member_wallet', 'EURO', member.id);
    const side = await sideConnection(t);
    try {
      // The purchase reaches the wallet's lock and waits there, mid-request.
      await side.client.query('BEGIN');
      await side.client.query('SELECT id FROM ledger_accounts WHERE id = $1 FOR UPDATE', [wallet]);
      const inFlight = buy(member.accessToken, body, 'crash-key-0001');
      expect(await side.lockWaits(1, inFlight)).toBe('waiting');
      // kill -9: every connection of the process is cut, and it writes nothing more (not even its clean-up).
      await side.allowConnections(false);
      await side.client.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE datname = current_database() AND pid <> pg_backend_pid() AND (state = 'idle' OR wait_event_type = 'Lock')`,
      );
      await side.client.query('ROLLBACK');
      expect((await inFlight).statusCode).toBeGreaterThanOrEqual(500);
      await side.allowConnections(true);
    } finally {
      await side.close();
    }
    // The restarted server: the key is free (not "still being processed"), and the code was not spent.
    const retry = await buy(member.accessToken, body, 'crash-key-0001');
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data.status).toBe('paid');
    expect((await buy(member.accessToken, body, 'crash-key-0001')).json()).toEqual(retry.json());
    expect(await balance(member.id)).toBe(7_000);
    expect(await memberHolding(t.ctx.database.db, member.id, painting.id)).toEqual({ primary: 3, secondary: 0 });
  });
});

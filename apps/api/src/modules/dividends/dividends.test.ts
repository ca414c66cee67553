import { messages } from '@parcelle/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buyByCard,
  createMember,
  createOperator,
  createPaintingForSale,
  promoteToOperator,
  userRow,
} from '../../../test/factories';
import { raceBehindLock, raceTitle } from '../../../test/race';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { SANDBOX_CARD_OK } from '../../adapters/payments/sandbox-card';
import { queryRows } from '../../db/client';
import { auditLog, dividendPayments, dividends, paintings } from '../../db/schema';
import { seedCatalogue } from '../../db/seed-catalogue';
import { checkInvariants } from '../ledger/invariants';
import { accountFor, balanceOf } from '../ledger/ledger';

let t: TestApp;
let operator: Awaited<ReturnType<typeof createMember>>;
let approver: Awaited<ReturnType<typeof createMember>>;
beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.ctx.database.db, t.ctx.storage, { media: false });
  operator = await createOperator(t);
  approver = await createOperator(t, 'finance');
});
afterAll(() => t.close());

async function soldOutPainting(offset = 0) {
  const rows = await t.ctx.database.db.select().from(paintings).where(eq(paintings.market, 3)).orderBy(paintings.slug);
  const painting = rows[offset];
  if (!painting) throw new Error('no sold-out painting');
  return painting;
}

const declareOnly = (body: Record<string, unknown>, token = operator.accessToken) =>
  t.call('POST', '/api/admin/dividends', { token, body });
const approve = (id: string, token = approver.accessToken) =>
  t.call('POST', `/api/admin/dividends/${id}/approve`, { token });

/** Declares (one operator) and, when the declaration succeeded, approves (a second one): the dividend is paid. */
async function declare(body: Record<string, unknown>, token = operator.accessToken) {
  const declared = await declareOnly(body, token);
  if (declared.statusCode !== 200) return declared;
  const approved = await approve(declared.json().data.id);
  expect(approved.statusCode).toBe(200);
  expect(approved.json().data.status).toBe('paid');
  return declared;
}

describe('POST /api/admin/dividends', () => {
  it('splits a total among the holders in proportion to their parts, to the cent, and pays their wallets', async () => {
    const painting = await soldOutPainting(0);
    const response = await declare({
      painting_id: painting.id,
      year: 2025,
      currency: 'EURO',
      total_amount_minor: 100_001,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toEqual(messages.DividendDeclared);
    const data = response.json().data;
    expect(data.status).toBe('declared');
    expect(data.total).toEqual({ value: 1000.01, curr: 'EURO' });
    expect(data.parts).toBe(painting.totalParts);
    const [dividend] = await t.ctx.database.db.select().from(dividends).where(eq(dividends.reference, data.reference));
    const payments = await t.ctx.database.db
      .select()
      .from(dividendPayments)
      .where(eq(dividendPayments.dividendId, dividend?.id ?? ''));
    expect(payments).toHaveLength(data.holders.length);
    expect(payments.reduce((sum, p) => sum + p.amountMinor, 0)).toBe(100_001);
    for (const payment of payments) {
      const exact = (100_001 * payment.parts) / painting.totalParts;
      expect(Math.abs(payment.amountMinor - exact)).toBeLessThan(1);
    }
    // The ledger moved exactly the total to the holders: into euro wallets, or exchanged (fx_clearing) into the
    // dollar wallets of the seeded dollar collectors (ledger/member-credits.ts).
    const [moved] = await queryRows<{ total: string }>(
      t.ctx.database.db,
      sql`SELECT sum(e.amount_minor)::text AS total FROM ledger_entries e
        JOIN ledger_transactions x ON x.id = e.transaction_id
        JOIN ledger_accounts a ON a.id = e.account_id
        WHERE x.reference = ${data.reference} AND a.kind IN ('member_wallet', 'fx_clearing') AND e.currency = 'EURO'`,
    );
    expect(Number(moved?.total)).toBe(100_001);
    expect(await checkInvariants(t.ctx.database.db)).toEqual([]);
  });

  it('pays an amount per part exactly, once per work and year', async () => {
    const painting = await soldOutPainting(1);
    const body = { painting_id: painting.id, year: 2024, currency: 'USD', amount_per_part_minor: 3 };
    const response = await declare(body);
    expect(response.json().data.total).toEqual({ value: (3 * painting.totalParts) / 100, curr: 'USD' });
    const again = await declare(body);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual(messages.DividendAlreadyDeclared);
  });

  it('refuses bad declarations, and members', async () => {
    const painting = await soldOutPainting(0);
    const both = await declare({
      painting_id: painting.id,
      year: 2023,
      currency: 'EURO',
      total_amount_minor: 5,
      amount_per_part_minor: 1,
    });
    expect(both.json().error).toEqual(messages.DividendAmountInvalid);
    const neither = await declare({ painting_id: painting.id, year: 2023, currency: 'EURO' });
    expect(neither.statusCode).toBe(400);
    const before = await declare({
      painting_id: painting.id,
      year: 2023,
      currency: 'EURO',
      total_amount_minor: 500,
      record_date: '2001-01-01T00:00:00Z',
    });
    expect(before.json().error).toEqual(messages.DividendNoHolders);
    const member = await createMember(t, { verified: true });
    const forbidden = await declare(
      { painting_id: painting.id, year: 2023, currency: 'EURO', total_amount_minor: 5 },
      member.accessToken,
    );
    expect(forbidden.statusCode).toBe(403);
  });
});

describe('a dividend on a partly sold work (issue 31)', () => {
  it('is an amount per part: the unsold parts’ share stays with Parcelle, shown in the preview and not paid out', async () => {
    // 54 parts (2 × 3 cm), 5 sold to one member: 10.01 declared for the work.
    const painting = await createPaintingForSale(t, { widthCm: 2, heightCm: 3, pricePerPartMinor: 1000 });
    const holder = await createMember(t, { verified: true });
    await buyByCard(t, holder, painting.id, 5);
    const holderId = (await userRow(t, holder.email))?.id ?? '';
    const declared = await declareOnly({
      painting_id: painting.id,
      year: 2025,
      currency: 'EURO',
      total_amount_minor: 1001,
    });
    expect(declared.statusCode, declared.body).toBe(200);
    // 10.01 × 5 ÷ 54 = 0.9268… → 0.93 to the holder (largest remainder over the holder and the 49 unsold parts).
    expect(declared.json().data).toMatchObject({
      total_minor: 1001,
      parts: 5,
      unsold_parts: 49,
      paid_out_minor: 93,
      retained_minor: 908,
      retained: { value: 9.08, curr: 'EURO' },
    });
    expect(declared.json().data.holders).toMatchObject([{ user_id: holderId, parts: 5, amount_minor: 93 }]);
    const approved = await approve(declared.json().data.id);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'paid', paid_out_minor: 93, retained_minor: 908 });
    // The ledger pays out the members' share only: 0.93 left the outside account, into the holder's wallet.
    const [moved] = await queryRows<{ paid: string; out: string }>(
      t.ctx.database.db,
      sql`SELECT coalesce(sum(e.amount_minor) FILTER (WHERE a.kind = 'member_wallet'), 0)::text AS paid,
          coalesce(sum(e.amount_minor) FILTER (WHERE a.kind = 'external'), 0)::text AS out
        FROM ledger_entries e JOIN ledger_transactions x ON x.id = e.transaction_id
        JOIN ledger_accounts a ON a.id = e.account_id
        WHERE x.reference = ${declared.json().data.reference}`,
    );
    expect(moved).toEqual({ paid: '93', out: '-93' });
    expect(
      await balanceOf(t.ctx.database.db, await accountFor(t.ctx.database.db, 'member_wallet', 'EURO', holderId)),
    ).toBe(93);
    // An amount per part: 0.07 × 5 to the holder, 0.07 × 49 kept.
    const perPart = await declareOnly({
      painting_id: painting.id,
      year: 2026,
      currency: 'EURO',
      amount_per_part_minor: 7,
    });
    expect(perPart.json().data).toMatchObject({ total_minor: 378, paid_out_minor: 35, retained_minor: 343 });
    expect(await checkInvariants(t.ctx.database.db)).toEqual([]);
  });
});

describe('the remainder rule, with three equal holders', () => {
  /** A work of 9 parts sold out to three members, 3 parts each; the members sorted as the service sorts holders. */
  async function threeEqualHolders() {
    const painting = await createPaintingForSale(t, { widthCm: 1, heightCm: 1 });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const holder = await createMember(t, { verified: true });
      const purchase = await t.call('POST', '/api/paintings/purchase', {
        token: holder.accessToken,
        body: { total_part: 3, payment_method: 'card', painting_id: painting.id, owner: 'H', currency: 'EURO' },
      });
      const paid = await t.call('POST', '/api/payments/sandbox/card/confirm', {
        token: holder.accessToken,
        body: { client_secret: purchase.json().data.payment_client_secret, card_number: SANDBOX_CARD_OK },
      });
      expect(paid.statusCode).toBe(200);
      ids.push((await userRow(t, holder.email))?.id ?? '');
    }
    // Holders are taken in the order of their member id; a tie in remainders goes to the one taken first.
    return { painting, ids: ids.sort() };
  }

  async function paidTo(reference: string, ids: string[]) {
    const [dividend] = await t.ctx.database.db.select().from(dividends).where(eq(dividends.reference, reference));
    const payments = await t.ctx.database.db
      .select()
      .from(dividendPayments)
      .where(eq(dividendPayments.dividendId, dividend?.id ?? ''));
    return ids.map((id) => payments.find((payment) => payment.userId === id)?.amountMinor);
  }

  it('1.00 among three: 0.34 to the first holder, 0.33 to the others, the wallets credited exactly that', async () => {
    const { painting, ids } = await threeEqualHolders();
    const response = await declare({ painting_id: painting.id, year: 2025, currency: 'EURO', total_amount_minor: 100 });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ total: { value: 1, curr: 'EURO' }, parts: 9 });
    // The preview shows the rule: 0.3333… each, 99 floored, 1 cent of remainder to the first holder.
    expect(response.json().data.rounding).toEqual({ rule: 'largest_remainder', floored_minor: 99, remainder_minor: 1 });
    expect(
      response
        .json()
        .data.holders.map((h: { user_id: string; exact_minor: string; remainder_unit: boolean }) => [
          h.user_id,
          h.exact_minor,
          h.remainder_unit,
        ]),
    ).toEqual([
      [ids[0], '33.3333', true],
      [ids[1], '33.3333', false],
      [ids[2], '33.3333', false],
    ]);
    expect(await paidTo(response.json().data.reference, ids)).toEqual([34, 33, 33]);
    const wallets = [];
    for (const id of ids)
      wallets.push(
        await balanceOf(t.ctx.database.db, await accountFor(t.ctx.database.db, 'member_wallet', 'EURO', id)),
      );
    expect(wallets).toEqual([34, 33, 33]);

    // 2.00: two cents left over, to the first two; never 0.67 each (2.01 paid out of 2.00).
    const twice = await declare({ painting_id: painting.id, year: 2026, currency: 'EURO', total_amount_minor: 200 });
    expect(await paidTo(twice.json().data.reference, ids)).toEqual([67, 67, 66]);
    expect(twice.json().data.total).toEqual({ value: 2, curr: 'EURO' });
    // 0.02: less than a cent each exactly; the first two get one, the third none and no ledger line.
    const tiny = await declare({ painting_id: painting.id, year: 2027, currency: 'EURO', total_amount_minor: 2 });
    expect(await paidTo(tiny.json().data.reference, ids)).toEqual([1, 1, 0]);
    expect(await checkInvariants(t.ctx.database.db)).toEqual([]);
  });
});

describe('declare, preview, approve by another operator (four eyes, issue 15)', () => {
  it('pays nothing before the approval, refuses the declarer as approver, pays once', async () => {
    const painting = await soldOutPainting(2);
    const declared = await declareOnly({
      painting_id: painting.id,
      year: 2025,
      currency: 'EURO',
      total_amount_minor: 10_000,
    });
    expect(declared.statusCode).toBe(200);
    const preview = declared.json().data;
    expect(preview).toMatchObject({ status: 'declared', approved_by: null, paid_at: null, parts: painting.totalParts });
    expect(preview.holders.reduce((sum: number, h: { amount_minor: number }) => sum + h.amount_minor, 0)).toBe(10_000);
    // Nothing moved: no ledger transaction under its reference.
    const moved = () =>
      queryRows<{ n: number }>(
        t.ctx.database.db,
        sql`SELECT count(*)::int AS n FROM ledger_transactions WHERE reference = ${preview.reference}`,
      );
    expect((await moved())[0]?.n).toBe(0);
    const shown = await t.call('GET', `/api/admin/dividends/${preview.id}`, { token: approver.accessToken });
    expect(shown.json().data).toEqual(preview);
    const listed = await t.call('GET', '/api/admin/dividends?status=declared', { token: approver.accessToken });
    expect(listed.json().data.dividends.map((d: { id: string }) => d.id)).toContain(preview.id);

    // The same work and year again: refused, declared or not.
    const twice = await declareOnly({ painting_id: painting.id, year: 2025, currency: 'EURO', total_amount_minor: 5 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toEqual(messages.DividendAlreadyDeclared);

    const self = await approve(preview.id, operator.accessToken);
    expect(self.statusCode).toBe(409);
    expect(self.json().error).toEqual(messages.FourEyesRequired);
    expect((await moved())[0]?.n).toBe(0);

    const approved = await approve(preview.id);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().message).toEqual(messages.DividendApproved);
    expect(approved.json().data).toMatchObject({
      status: 'paid',
      paid_at: expect.any(String),
      declared_by_email: operator.email,
      approved_by_email: approver.email,
    });
    expect((await moved())[0]?.n).toBe(1);
    const again = await approve(preview.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual(messages.DividendAlreadyPaid);
    expect((await moved())[0]?.n).toBe(1);
    const [entry] = await t.ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'dividend.approve'), eq(auditLog.targetId, preview.id)));
    expect(entry?.before).toMatchObject({ status: 'declared' });
    expect(entry?.after).toMatchObject({ status: 'paid', total_minor: 10_000 });
    expect(await checkInvariants(t.ctx.database.db)).toEqual([]);
  });

  it('refuses a future record date, an unknown dividend, and other roles', async () => {
    const painting = await soldOutPainting(0);
    const future = await declareOnly({
      painting_id: painting.id,
      year: 2030,
      currency: 'EURO',
      total_amount_minor: 100,
      record_date: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().error).toEqual(messages.DividendRecordDateFuture);
    const unknown = await approve('00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toEqual(messages.DividendNotFound);
    const support = await createOperator(t, 'support');
    const refused = await t.call('GET', '/api/admin/dividends', { token: support.accessToken });
    expect(refused.statusCode).toBe(403);
  });
});

describe(raceTitle('two approvals of one dividend at once'), () => {
  it('pays it once', async () => {
    const painting = await soldOutPainting(3);
    const other = await createOperator(t, 'finance');
    const declared = await declareOnly({
      painting_id: painting.id,
      year: 2021,
      currency: 'USD',
      total_amount_minor: 777,
    });
    const id = declared.json().data.id;
    const answers = await raceBehindLock(
      t.ctx.database.db,
      { lock: sql`SELECT id FROM dividends WHERE id = ${id} FOR UPDATE`, waiters: 2 },
      [approver, other].map((who) => () => approve(id, who.accessToken)),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const [paid] = await queryRows<{ n: number }>(
      t.ctx.database.db,
      sql`SELECT count(*)::int AS n FROM ledger_transactions WHERE reference = ${declared.json().data.reference}`,
    );
    expect(paid?.n).toBe(1);
    expect(await checkInvariants(t.ctx.database.db)).toEqual([]);
  });
});

describe('an operator holding parts (issue 26)', () => {
  it('neither declares nor approves the work’s dividend', async () => {
    const painting = await createPaintingForSale(t);
    const member = await createMember(t, { verified: true });
    await buyByCard(t, member, painting.id, 1);
    const holder = await promoteToOperator(t, member, 'finance');
    const body = { painting_id: painting.id, year: 2024, currency: 'EURO', total_amount_minor: 900 };
    const ownDeclared = await declareOnly(body, holder.accessToken);
    expect(ownDeclared.statusCode).toBe(409);
    expect(ownDeclared.json().error).toEqual(messages.OperatorHasInterest);
    const declared = await declareOnly(body);
    expect(declared.statusCode).toBe(200);
    const ownApproved = await approve(declared.json().data.id, holder.accessToken);
    expect(ownApproved.statusCode).toBe(409);
    expect(ownApproved.json().error).toEqual(messages.OperatorHasInterest);
    expect((await approve(declared.json().data.id)).statusCode).toBe(200);
    expect(await checkInvariants(t.ctx.database.db)).toEqual([]);
  });
});

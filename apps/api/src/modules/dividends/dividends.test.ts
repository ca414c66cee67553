import { messages } from '@parcelle/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createOperator, createPaintingForSale, userRow } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { SANDBOX_CARD_OK } from '../../adapters/payments/sandbox-card';
import { queryRows } from '../../db/client';
import { dividendPayments, dividends, paintings } from '../../db/schema';
import { seedCatalogue } from '../../db/seed-catalogue';
import { checkInvariants } from '../ledger/invariants';
import { accountFor, balanceOf } from '../ledger/ledger';

let t: TestApp;
let operator: Awaited<ReturnType<typeof createMember>>;
beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.ctx.database.db, t.ctx.storage, { media: false });
  operator = await createOperator(t);
});
afterAll(() => t.close());

async function soldOutPainting(offset = 0) {
  const rows = await t.ctx.database.db.select().from(paintings).where(eq(paintings.market, 3)).orderBy(paintings.slug);
  const painting = rows[offset];
  if (!painting) throw new Error('no sold-out painting');
  return painting;
}

const declare = (body: Record<string, unknown>, token = operator.accessToken) =>
  t.call('POST', '/api/admin/dividends', { token, body });

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
    expect(data.total).toEqual({ value: 1000.01, curr: 'EURO' });
    expect(data.parts).toBe(painting.totalParts);
    const [dividend] = await t.ctx.database.db.select().from(dividends).where(eq(dividends.reference, data.reference));
    const payments = await t.ctx.database.db
      .select()
      .from(dividendPayments)
      .where(eq(dividendPayments.dividendId, dividend?.id ?? ''));
    expect(payments).toHaveLength(data.holders);
    expect(payments.reduce((sum, p) => sum + p.amountMinor, 0)).toBe(100_001);
    for (const payment of payments) {
      const exact = (100_001 * payment.parts) / painting.totalParts;
      expect(Math.abs(payment.amountMinor - exact)).toBeLessThan(1);
    }
    // The ledger moved exactly the total into the holders' wallets.
    const [moved] = await queryRows<{ total: string }>(
      t.ctx.database.db,
      sql`SELECT sum(e.amount_minor)::text AS total FROM ledger_entries e
        JOIN ledger_transactions x ON x.id = e.transaction_id
        JOIN ledger_accounts a ON a.id = e.account_id
        WHERE x.reference = ${data.reference} AND a.kind = 'member_wallet'`,
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
    expect(response.json().data).toMatchObject({ total: { value: 1, curr: 'EURO' }, holders: 3, parts: 9 });
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

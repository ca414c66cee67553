import { messages } from '@parcelle/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createOperator } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { queryRows } from '../../db/client';
import { dividendPayments, dividends, paintings } from '../../db/schema';
import { seedCatalogue } from '../../db/seed-catalogue';
import { checkInvariants } from '../ledger/invariants';

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

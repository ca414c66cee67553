import { messages } from '@parcelle/shared';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperator, userRow } from '../../../test/factories';
import { raceBehindLock, raceTitle } from '../../../test/race';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { queryRows } from '../../db/client';
import { auditLog, dividends, paintings, users } from '../../db/schema';
import { seedCatalogue } from '../../db/seed-catalogue';
import { AppError } from '../../http/errors';
import { declareDividend } from './service';

/**
 * What the dividend service answers and records beyond the amounts (dividends.test.ts): the audit entries, the
 * preview of an amount per part, the exact shares' digits, the list, and each refusal with its own message and field.
 */
let t: TestApp;
let operator: Awaited<ReturnType<typeof createOperator>>;
let approver: Awaited<ReturnType<typeof createOperator>>;
let operatorId: string;
let approverId: string;
beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.ctx.database.db, t.ctx.storage, { media: false });
  operator = await createOperator(t);
  approver = await createOperator(t, 'finance');
  operatorId = (await userRow(t, operator.email))?.id ?? '';
  approverId = (await userRow(t, approver.email))?.id ?? '';
});
afterAll(() => t.close());

const db = () => t.ctx.database.db;

async function soldOutPainting(offset: number) {
  const rows = await db().select().from(paintings).where(eq(paintings.market, 3)).orderBy(paintings.slug);
  const painting = rows[offset];
  if (!painting) throw new Error('no sold-out painting');
  return painting;
}

const declare = (body: Record<string, unknown>) =>
  t.call('POST', '/api/admin/dividends', { token: operator.accessToken, body });
const approve = (id: string, token = approver.accessToken) =>
  t.call('POST', `/api/admin/dividends/${id}/approve`, { token });
const auditOf = async (action: string, id: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, id)));

type Holder = {
  user_id: string;
  email: string;
  name: string;
  parts: number;
  exact_minor: string;
  amount_minor: number;
  remainder_unit: boolean;
};

describe('an amount per part, declared then approved', () => {
  it('previews each holder’s amount, audits both steps, pays once under the dividend’s reference', async () => {
    const painting = await soldOutPainting(0);
    const declared = await declare({
      painting_id: painting.id,
      year: 2024,
      currency: 'USD',
      amount_per_part_minor: 3,
    });
    expect(declared.statusCode).toBe(200);
    const preview = declared.json().data;
    expect(preview.reference).toMatch(/^DV-[0-9A-F]{12}$/);
    expect(preview).toMatchObject({
      per_part_minor: 3,
      total_minor: 3 * painting.totalParts,
      rounding: { rule: 'per_part', floored_minor: 3 * painting.totalParts, remainder_minor: 0 },
      declared_by_email: operator.email,
      approved_by_email: null,
    });
    const names = new Map(
      (await db().select().from(users)).map((user) => [user.id, `${user.firstName} ${user.lastName}`]),
    );
    expect(preview.holders.length).toBeGreaterThan(1);
    for (const holder of preview.holders as Holder[]) {
      expect(holder).toMatchObject({
        name: names.get(holder.user_id),
        amount_minor: 3 * holder.parts,
        exact_minor: String(3 * holder.parts),
        remainder_unit: false,
      });
    }

    const [declaredEntry, ...moreDeclared] = await auditOf('dividend.declare', preview.id);
    expect(moreDeclared).toEqual([]);
    expect(declaredEntry).toMatchObject({
      actorId: operatorId,
      targetType: 'dividend',
      details: { reference: preview.reference, painting_id: painting.id },
      before: null,
      after: {
        status: 'declared',
        year: 2024,
        currency: 'USD',
        total_minor: 3 * painting.totalParts,
        per_part_minor: 3,
        record_date: preview.record_date,
        holders: preview.holders.length,
        approved_by: null,
      },
    });

    expect((await approve(preview.id)).statusCode).toBe(200);
    const [paidEntry] = await auditOf('dividend.approve', preview.id);
    expect(paidEntry).toMatchObject({
      actorId: approverId,
      targetType: 'dividend',
      details: { reference: preview.reference, painting_id: painting.id, declared_by: operatorId },
      before: { status: 'declared', holders: preview.holders.length, approved_by: null },
      after: { status: 'paid', per_part_minor: 3, holders: preview.holders.length, approved_by: approverId },
    });
    const [transaction] = await queryRows<{ description: string }>(
      db(),
      sql`SELECT description FROM ledger_transactions WHERE reference = ${preview.reference}`,
    );
    expect(transaction?.description).toBe('dividend 2024');
    // Paid: even its declarer is told so (not that someone else must approve).
    const again = await approve(preview.id, operator.accessToken);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual(messages.DividendAlreadyPaid);
  });
});

describe('the exact share', () => {
  it('is written with four decimals, zeros included', async () => {
    const painting = await soldOutPainting(1);
    const declared = await declare({
      painting_id: painting.id,
      year: 2024,
      currency: 'EURO',
      total_amount_minor: painting.totalParts * 100,
    });
    expect(declared.statusCode).toBe(200);
    const preview = declared.json().data;
    expect(preview.per_part_minor).toBeNull();
    expect(preview.rounding).toEqual({
      rule: 'largest_remainder',
      floored_minor: painting.totalParts * 100,
      remainder_minor: 0,
    });
    for (const holder of preview.holders as Holder[]) {
      expect(holder).toMatchObject({
        exact_minor: `${holder.parts * 100}.0000`,
        amount_minor: holder.parts * 100,
        remainder_unit: false,
      });
    }
  });
});

describe('the operators’ list', () => {
  it('counts every dividend of the state asked, and names the declarer', async () => {
    const painting = await soldOutPainting(2);
    const declared = await declare({ painting_id: painting.id, year: 2023, currency: 'EURO', total_amount_minor: 900 });
    expect(declared.statusCode).toBe(200);
    // Two amounts in each currency, whatever the other tests declared.
    for (const [year, currency, amount] of [
      [2020, 'USD', 1200],
      [2019, 'EURO', 300],
      [2018, 'USD', 50],
    ] as const) {
      const other = await declare({ painting_id: painting.id, year, currency, total_amount_minor: amount });
      expect(other.statusCode).toBe(200);
    }
    const list = async (query: string) =>
      (await t.call('GET', `/api/admin/dividends?${query}`, { token: approver.accessToken })).json().data;
    for (const status of ['declared', 'paid'] as const) {
      const [stored] = await db().select({ n: count() }).from(dividends).where(eq(dividends.status, status));
      expect((await list(`status=${status}&limit=1`)).total).toBe(stored?.n);
    }
    const [all] = await db().select({ n: count() }).from(dividends);
    expect(all?.n).toBeGreaterThan(0);
    expect((await list('limit=1')).total).toBe(all?.n);
    const listed = (await list('status=declared')).dividends.find(
      (dividend: { id: string }) => dividend.id === declared.json().data.id,
    );
    expect(listed).toMatchObject({ declared_by_email: operator.email, approved_by_email: null, total_minor: 900 });
    // By amount: its currency (in the enum's order), then its minor units: each currency in one block, ascending.
    const byTotal: [string, number][] = (await list('sort=total&order=asc')).dividends.map(
      (dividend: { total: { curr: string }; total_minor: number }) => [dividend.total.curr, dividend.total_minor],
    );
    expect(new Set(byTotal.map(([currency]) => currency)).size).toBe(2);
    const blocks = byTotal.filter(([currency], index) => index === 0 || byTotal[index - 1]?.[0] !== currency);
    expect(blocks).toHaveLength(2);
    for (const [currency] of blocks) {
      const amounts = byTotal.filter(([other]) => other === currency).map(([, amount]) => amount);
      expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    }
  });
});

describe('refusals, each with its own message and field', () => {
  it('a future record date, no holders, an unknown work, a year already declared, an unknown dividend', async () => {
    const painting = await soldOutPainting(3);
    const body = { painting_id: painting.id, year: 2022, currency: 'EURO', total_amount_minor: 500 };
    const future = await declare({ ...body, record_date: new Date(Date.now() + 86_400_000).toISOString() });
    expect([future.statusCode, future.json()]).toEqual([
      400,
      { status: 400, error: messages.DividendRecordDateFuture, field: 'record_date' },
    ]);
    const before = await declare({ ...body, record_date: '2001-01-01T00:00:00Z' });
    expect([before.statusCode, before.json()]).toEqual([
      400,
      { status: 400, error: messages.DividendNoHolders, field: 'painting_id' },
    ]);
    const unknownWork = await declare({ ...body, painting_id: '00000000-0000-4000-8000-000000000000' });
    expect([unknownWork.statusCode, unknownWork.json()]).toEqual([
      404,
      { status: 404, error: messages.PaintingNotFound },
    ]);
    expect((await declare(body)).statusCode).toBe(200);
    // Declared already: said before the holders at that other date are even looked for.
    const twice = await declare({ ...body, record_date: '2001-01-01T00:00:00Z' });
    expect([twice.statusCode, twice.json()]).toEqual([409, { status: 409, error: messages.DividendAlreadyDeclared }]);
    const unknown = await t.call('GET', '/api/admin/dividends/00000000-0000-4000-8000-000000000000', {
      token: approver.accessToken,
    });
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { status: 404, error: messages.DividendNotFound }]);
  });

  it('nothing to pay, when the service is called without any amount', async () => {
    const painting = await soldOutPainting(4);
    const member = await userRow(t, operator.email);
    if (!member) throw new Error('no operator');
    const declared = declareDividend(t.ctx, member, { paintingId: painting.id, year: 2022, currency: 'EURO' });
    await expect(declared).rejects.toThrow(AppError);
    await expect(declared).rejects.toMatchObject({ status: 400, key: 'DividendAmountInvalid' });
    expect(await db().select().from(dividends).where(eq(dividends.paintingId, painting.id))).toEqual([]);
  });
});

describe(raceTitle('two declarations of one work and year at once'), () => {
  it('records one, refuses the other', async () => {
    const painting = await soldOutPainting(5);
    const body = { painting_id: painting.id, year: 2021, currency: 'EURO', total_amount_minor: 1000 };
    // Both read that there is no dividend yet, then queue behind the work's row (their insert checks it exists).
    const answers = await raceBehindLock(
      db(),
      { lock: sql`SELECT id FROM paintings WHERE id = ${painting.id} FOR UPDATE`, waiters: 2 },
      [() => declare(body), () => declare(body)],
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json().error).toEqual(messages.DividendAlreadyDeclared);
    expect(await db().select().from(dividends).where(eq(dividends.paintingId, painting.id))).toHaveLength(1);
  });
});

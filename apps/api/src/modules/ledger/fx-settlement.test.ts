import { messages } from '@parcelle/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createOperator, userRow } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { auditLog, exchangeRates, fxSettlements, ledgerEntries, users } from '../../db/schema';
import { checkInvariants } from './invariants';
import { accountFor, balanceOf, postTransaction } from './ledger';
import { memberCreditLines } from './member-credits';

/**
 * Exchange exposure (issue 32): euros paid to a dollar member leave Parcelle holding euros and owing dollars in its
 * `fx_clearing` accounts; finance records the bank's exchange, which closes the position through the ledger.
 */
let t: TestApp;
let finance: Awaited<ReturnType<typeof createOperator>>;
let financeId: string;
let dollarMember: string;
const today = new Date().toISOString().slice(0, 10);
const db = () => t.ctx.database.db;

beforeAll(async () => {
  t = await createTestApp();
  finance = await createOperator(t, 'finance');
  financeId = (await userRow(t, finance.email))?.id ?? '';
  const member = await createMember(t, { verified: true });
  dollarMember = (await userRow(t, member.email))?.id ?? '';
  await db().update(users).set({ currency: 'USD' }).where(eq(users.id, dollarMember));
  await db().delete(exchangeRates).where(eq(exchangeRates.day, today));
  await db().insert(exchangeRates).values({ day: today, base: 'EURO', quote: 'USD', rate: '1.2500', source: 'manual' });
});
afterAll(() => t.close());
afterEach(async () => {
  expect(await checkInvariants(db())).toEqual([]);
});

/** Pays the dollar member `euros` (minor units) out of Parcelle's euro cash, as a dividend or a sale would. */
async function payInEuros(euros: number) {
  await db().transaction(async (tx) => {
    const lines = await memberCreditLines(tx, [{ userId: dollarMember, amountMinor: euros }], 'EURO');
    lines.push({ accountId: await accountFor(tx, 'platform_cash', 'EURO'), amountMinor: -euros, currency: 'EURO' });
    await postTransaction(tx, { reference: `test-pay-${Date.now()}`, description: 'test payout', lines });
  });
}

const fx = async (currency: 'EURO' | 'USD') => balanceOf(db(), await accountFor(db(), 'fx_clearing', currency));
const exposure = async (token = finance.accessToken) => t.call('GET', '/api/admin/fx', { token });
const settle = (body: Record<string, unknown>, token = finance.accessToken) =>
  t.call('POST', '/api/admin/fx/settlements', { token, body });
const settlement = (overrides: Record<string, unknown> = {}) => ({
  sold_currency: 'EURO',
  sold_minor: 4_000,
  bought_currency: 'USD',
  bought_minor: 4_990,
  bank_reference: `FX-${Math.random().toString(36).slice(2, 10)}`,
  settled_on: today,
  ...overrides,
});

describe('the open exchange position', () => {
  it('shows what paying members in the other currency left in fx_clearing, per currency, exact', async () => {
    await payInEuros(10_001);
    const answer = await exposure();
    expect(answer.statusCode).toBe(200);
    // 100.01 EUR at 1.25 is 125.0125 USD: 12 501 cents (half-even), owed in dollars.
    expect(answer.json().data.positions).toEqual([
      { currency: 'USD', position: { value: -125.01, curr: 'USD' }, position_minor: -12_501, side: 'buy' },
      { currency: 'EURO', position: { value: 100.01, curr: 'EURO' }, position_minor: 10_001, side: 'sell' },
    ]);
  });
});

describe('recording a settlement with the bank', () => {
  it('closes the position by a balanced transaction through external, audited, and lists it', async () => {
    const [eurosBefore, dollarsBefore] = [await fx('EURO'), await fx('USD')];
    const body = settlement();
    const recorded = await settle(body);
    expect(recorded.statusCode).toBe(200);
    expect(recorded.json().message).toEqual(messages.FxSettlementRecorded);
    const data = recorded.json().data;
    expect(data).toMatchObject({
      sold: { value: 40, curr: 'EURO' },
      sold_minor: 4_000,
      bought: { value: 49.9, curr: 'USD' },
      bought_minor: 4_990,
      bank_reference: body.bank_reference,
      settled_on: today,
      recorded_by: { email: finance.email },
    });
    expect(await fx('EURO')).toBe(eurosBefore - 4_000);
    expect(await fx('USD')).toBe(dollarsBefore + 4_990);

    const entries = await db().select().from(ledgerEntries).where(eq(ledgerEntries.transactionId, data.transaction_id));
    expect(entries).toHaveLength(4);
    for (const currency of ['EURO', 'USD'] as const) {
      const sum = entries.filter((e) => e.currency === currency).reduce((total, e) => total + e.amountMinor, 0n);
      expect(sum).toBe(0n);
    }
    const externalEuro = await accountFor(db(), 'external', 'EURO');
    expect(entries.find((e) => e.accountId === externalEuro)?.amountMinor).toBe(4_000n);

    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'fx.settle'), eq(auditLog.targetId, data.id)));
    expect(entry?.actorId).toBe(financeId);
    expect(entry?.before).toEqual({ positions: { EURO: eurosBefore, USD: dollarsBefore } });
    expect(entry?.after).toEqual({ positions: { EURO: eurosBefore - 4_000, USD: dollarsBefore + 4_990 } });

    const listed = (await exposure()).json().data.settlements;
    expect(listed[0]).toMatchObject({ id: data.id, bank_reference: body.bank_reference });
  });

  it('refuses to overshoot the position on either side, and the wrong side, leaving the ledger as it was', async () => {
    const [euros, dollars] = [await fx('EURO'), await fx('USD')];
    const cases = [
      [settlement({ sold_minor: euros + 1 }), 'sold_minor'],
      [settlement({ bought_minor: -dollars + 1 }), 'bought_minor'],
      // Parcelle holds euros and owes dollars: selling dollars would overshoot at once.
      [settlement({ sold_currency: 'USD', bought_currency: 'EURO', sold_minor: 1, bought_minor: 1 }), 'sold_minor'],
    ] as const;
    for (const [body, field] of cases) {
      const refused = await settle(body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ error: messages.FxSettlementOvershoot, field });
    }
    expect([await fx('EURO'), await fx('USD')]).toEqual([euros, dollars]);
  });

  it('refuses a settlement that is not an exchange of both currencies, or badly dated, with both languages', async () => {
    const unbalanced = [
      settlement({ bought_currency: 'EURO' }),
      settlement({ bought_minor: 0 }),
      settlement({ sold_minor: 12.5 }),
      (({ bought_minor: _b, ...rest }) => rest)(settlement()),
    ];
    for (const body of unbalanced) {
      const refused = await settle(body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toEqual(messages.FxSettlementUnbalanced);
    }
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    for (const settled_on of [tomorrow, '2026-02-30', '']) {
      const refused = await settle(settlement({ settled_on }));
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toEqual(messages.FxSettlementInvalid);
    }
    expect((await settle(settlement({ bank_reference: '   ' }))).json().error).toEqual(messages.FxSettlementInvalid);
  });

  it('records one settlement per bank reference (409 the second time)', async () => {
    const body = settlement({ sold_minor: 100, bought_minor: 100 });
    expect((await settle(body)).statusCode).toBe(200);
    const again = await settle(body);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual(messages.FxSettlementDuplicate);
    const rows = await db().select().from(fxSettlements).where(eq(fxSettlements.bankReference, body.bank_reference));
    expect(rows).toHaveLength(1);
  });

  it('lets two settlements at once take the position only once', async () => {
    await payInEuros(1_000);
    const euros = await fx('EURO');
    const dollars = -(await fx('USD'));
    const both = await Promise.all([
      settle(settlement({ sold_minor: euros, bought_minor: dollars })),
      settle(settlement({ sold_minor: euros, bought_minor: dollars })),
    ]);
    expect(both.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    expect([await fx('EURO'), await fx('USD')]).toEqual([0, 0]);
    const closed = (await exposure()).json().data.positions;
    expect(closed.map((position: { side: string }) => position.side)).toEqual(['none', 'none']);
  });

  it('is for finance operators only', async () => {
    for (const role of ['catalogue', 'support'] as const) {
      const other = await createOperator(t, role);
      expect((await exposure(other.accessToken)).statusCode).toBe(403);
      const refused = await settle(settlement({ sold_minor: 1, bought_minor: 1 }), other.accessToken);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toEqual(messages.OperatorRoleForbidden);
    }
    const member = await createMember(t, { verified: true });
    expect((await exposure(member.accessToken)).statusCode).toBe(403);
  });
});

describe('closing the position', () => {
  const revenue = async () => balanceOf(db(), await accountFor(db(), 'platform_revenue', 'USD'));

  it('sells all that is held and takes a shortfall of the bank into Parcelle’s revenue as a loss', async () => {
    await payInEuros(80_000); // 1 000.00 USD owed at 1.25
    const [held, owed, before] = [await fx('EURO'), -(await fx('USD')), await revenue()];
    expect([held, owed]).toEqual([80_000, 100_000]);
    const partial = await settle(settlement({ sold_minor: held - 1, bought_minor: 99_000, close_position: true }));
    expect(partial.statusCode).toBe(400);
    expect(partial.json()).toMatchObject({ error: messages.FxSettlementCloseNotWhole, field: 'sold_minor' });
    const typo = await settle(settlement({ sold_minor: held, bought_minor: 9_900, close_position: true }));
    expect(typo.statusCode).toBe(400);
    expect(typo.json()).toMatchObject({ error: messages.FxSettlementResultTooLarge, field: 'bought_minor' });

    const closed = await settle(settlement({ sold_minor: held, bought_minor: 99_000, close_position: true }));
    expect(closed.statusCode).toBe(200);
    expect(closed.json().data).toMatchObject({
      closed: true,
      result_minor: -1_000,
      result: { value: -10, curr: 'USD' },
    });
    expect([await fx('EURO'), await fx('USD')]).toEqual([0, 0]);
    expect(await revenue()).toBe(before - 1_000);
    const entries = await db()
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.transactionId, closed.json().data.transaction_id));
    expect(entries).toHaveLength(6);
  });

  it('takes what the bank gave beyond what was owed as a gain (more than owed is refused without closing)', async () => {
    await payInEuros(8_000); // 100.00 USD owed
    const before = await revenue();
    const over = await settle(settlement({ sold_minor: 8_000, bought_minor: 10_300 }));
    expect(over.statusCode).toBe(400);
    expect(over.json().error).toEqual(messages.FxSettlementOvershoot);
    const closed = await settle(settlement({ sold_minor: 8_000, bought_minor: 10_300, close_position: true }));
    expect(closed.statusCode).toBe(200);
    expect(closed.json().data).toMatchObject({ closed: true, result_minor: 300 });
    expect([await fx('EURO'), await fx('USD')]).toEqual([0, 0]);
    expect(await revenue()).toBe(before + 300);
    const [row] = await db().select().from(fxSettlements).where(eq(fxSettlements.id, closed.json().data.id));
    expect(row).toMatchObject({ closed: true, resultMinor: 300 });
  });
});

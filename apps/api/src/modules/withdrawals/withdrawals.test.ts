import { messages } from '@parcelle/shared';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  codeIn,
  createMember,
  createOperator,
  fundWallet,
  giveBankAccount,
  lastMessageTo,
  userRow,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { auditLog, users } from '../../db/schema';
import { checkInvariants } from '../ledger/invariants';
import { accountFor, balanceOf } from '../ledger/ledger';

let t: TestApp;
let operator: Awaited<ReturnType<typeof createMember>>;
beforeAll(async () => {
  t = await createTestApp();
  operator = await createOperator(t);
});
afterAll(() => t.close());
afterEach(async () => {
  expect(await checkInvariants(t.ctx.database.db)).toEqual([]);
});

const IBAN = 'FR7630006000011234567890189';
let phoneSequence = 600000000;
async function memberWithMoney(amountMinor: number) {
  phoneSequence += 1;
  const phone = String(phoneSequence);
  const member = await createMember(t, { verified: true, overrides: { number: phone } });
  const id = (await userRow(t, member.email))?.id ?? '';
  if (amountMinor > 0) await fundWallet(t, id, 'EURO', amountMinor);
  await giveBankAccount(t, id, { iban: IBAN });
  return { ...member, id, phone: `+33${phone}` };
}

async function code(member: { accessToken: string; phone: string }) {
  const sent = await t.call('POST', '/api/member/withdrawal/code', { token: member.accessToken });
  expect(sent.statusCode).toBe(200);
  expect(sent.json().message).toEqual(messages.OtpSentToPhone);
  return codeIn((await lastMessageTo(t, member.phone))?.text);
}

const store = (token: string, body: Record<string, unknown>) =>
  t.call('POST', '/api/member/withdrawal/store', { token, body });

async function wallet(id: string) {
  return balanceOf(t.ctx.database.db, await accountFor(t.ctx.database.db, 'member_wallet', 'EURO', id));
}

describe('withdrawal request (spec §4, §5)', () => {
  it('code by SMS, verify, store: the amount leaves the wallet at once and the request is PENDING', async () => {
    const member = await memberWithMoney(10_000);
    const verification = await code(member);
    const verified = await t.call('POST', '/api/member/withdrawal/verify-code', {
      token: member.accessToken,
      body: { verification_code: verification },
    });
    expect(verified.statusCode).toBe(200);
    const response = await store(member.accessToken, {
      payment_method: 'bank',
      account: 'fr76 3000 6000 0112 3456 7890 189',
      amount: 25.5,
      verification_code: verification,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toEqual(messages.WithdrawalSubmitted);
    expect(response.json().data).toMatchObject({ amount: { value: 25.5, curr: 'EURO' }, status: 'PENDING' });
    expect(await wallet(member.id)).toBe(10_000 - 2550);
    const pending = (
      await t.call('GET', '/api/member/withdrawal/pending?limit=3&offset=0', { token: member.accessToken })
    ).json().data;
    expect(pending.total).toBe(1);
    expect(pending.list[0].reference).toBe(response.json().data.reference);
    const viaStatus = await t.call('GET', '/api/member/withdrawal/list?status=PENDING', { token: member.accessToken });
    expect(viaStatus.json().data.total).toBe(1);
  });

  it('refuses below 1, above the balance, more than 2 decimals and without a bank account, with the spec messages', async () => {
    const member = await memberWithMoney(500);
    const verification = await code(member);
    const base = { payment_method: 'bank', account: 'saved', verification_code: verification };
    const cases: [Record<string, unknown>, keyof typeof messages][] = [
      [{ ...base, amount: 0.99 }, 'WithdrawalMinEURO'],
      [{ ...base, amount: 5.01 }, 'InsufficientBalance'],
      [{ ...base, amount: 1.005 }, 'WithdrawalAmountInvalid'],
      [{ ...base, amount: '3' }, 'WithdrawalAmountInvalid'],
      [{ ...base, account: ' ', amount: 2 }, 'BankAccountRequired'],
    ];
    for (const [body, key] of cases) {
      const response = await store(member.accessToken, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error).toEqual(messages[key]);
    }
    expect(await wallet(member.id)).toBe(500);
    // None of the refusals spent the code: the member corrects the amount and confirms with the same one.
    const corrected = await store(member.accessToken, { ...base, amount: 2 });
    expect(corrected.statusCode).toBe(200);
    expect(await wallet(member.id)).toBe(300);
  });

  it('two requests at once can never spend the same money', async () => {
    const member = await memberWithMoney(3000);
    // A double-click: the same request four times at once spends the money once.
    const first = await code(member);
    const body = { payment_method: 'bank', account: 'saved', amount: 20, verification_code: first };
    const results = await Promise.all(Array.from({ length: 4 }, () => store(member.accessToken, body)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(await wallet(member.id)).toBe(1000);
    // A second code, a second request: 20 € is more than the 10 € left.
    const next = await store(member.accessToken, {
      payment_method: 'bank',
      account: 'saved',
      amount: 20,
      verification_code: await code(member),
    });
    expect(next.json().error).toEqual(messages.InsufficientBalance);
    expect(await wallet(member.id)).toBe(1000);
  });

  it('sends a member without a phone to add one (spec §4 ipe)', async () => {
    const member = await memberWithMoney(0);
    await t.ctx.database.db.update(users).set({ phoneNumber: null, phoneCode: null }).where(eq(users.id, member.id));
    const response = await t.call('POST', '/api/member/withdrawal/code', { token: member.accessToken });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual(messages.PhoneMissing);
  });

  it('lists only the member own withdrawals', async () => {
    const other = await memberWithMoney(0);
    const mine = await t.call('GET', '/api/member/withdrawal/pending', { token: other.accessToken });
    expect(mine.json().data).toEqual({ list: [], total: 0 });
    expect((await t.call('GET', '/api/member/withdrawal/pending')).statusCode).toBe(401);
    expect((await t.call('GET', '/api/member/withdrawal/other', { token: other.accessToken })).statusCode).toBe(400);
    expect(
      (await t.call('GET', '/api/member/withdrawal/pending?limit=-1', { token: other.accessToken })).statusCode,
    ).toBe(400);
  });
});

describe('operators decide withdrawals', () => {
  it('approves (money paid out) or rejects (money back in the wallet), once, with an audit trail', async () => {
    const member = await memberWithMoney(5000);
    const first = (
      await store(member.accessToken, {
        payment_method: 'bank',
        account: 'saved',
        amount: 10,
        verification_code: await code(member),
      })
    ).json().data;
    const second = (
      await store(member.accessToken, {
        payment_method: 'bank',
        account: 'saved',
        amount: 15,
        verification_code: await code(member),
      })
    ).json().data;
    expect(await wallet(member.id)).toBe(2500);

    const forbidden = await t.call('POST', `/api/admin/withdrawals/${first._id}/approve`, {
      token: member.accessToken,
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error).toEqual(messages.OperatorOnly);

    const approved = await t.call('POST', `/api/admin/withdrawals/${first._id}/approve`, {
      token: operator.accessToken,
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data.status).toBe('APPROVED');
    const again = await t.call('POST', `/api/admin/withdrawals/${first._id}/reject`, {
      token: operator.accessToken,
      body: { reason: 'too late' },
    });
    expect(again.statusCode).toBe(409);

    const noReason = await t.call('POST', `/api/admin/withdrawals/${second._id}/reject`, {
      token: operator.accessToken,
      body: {},
    });
    expect(noReason.json().error).toEqual(messages.ReasonRequired);
    const rejected = await t.call('POST', `/api/admin/withdrawals/${second._id}/reject`, {
      token: operator.accessToken,
      body: { reason: 'IBAN does not match the account owner' },
    });
    expect(rejected.json().data.status).toBe('REJECTED');
    expect(await wallet(member.id)).toBe(4000);

    const history = (await t.call('GET', '/api/member/withdrawal/approved', { token: member.accessToken })).json().data;
    expect(history.list.map((w: { _id: string }) => w._id)).toEqual([first._id]);
    const log = await t.ctx.database.db.select().from(auditLog);
    expect(log.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['withdrawal.approve', 'withdrawal.reject']),
    );
    const listed = (
      await t.call('GET', '/api/admin/withdrawals?status=PENDING', { token: operator.accessToken })
    ).json();
    expect(listed.data.withdrawals.every((w: { status: string }) => w.status === 'PENDING')).toBe(true);
    const members = (await t.call('GET', '/api/admin/members?limit=5', { token: operator.accessToken })).json().data;
    expect(JSON.stringify(members)).not.toMatch(/password|iban/i);
    const ledger = (
      await t.call('GET', '/api/admin/ledger/transactions?limit=5', { token: operator.accessToken })
    ).json().data;
    for (const transaction of ledger.transactions) {
      const sum = transaction.entries.reduce(
        (acc: number, e: { amount: { value: number } }) => acc + Math.round(e.amount.value * 100),
        0,
      );
      expect(sum).toBe(0);
    }
  });
});

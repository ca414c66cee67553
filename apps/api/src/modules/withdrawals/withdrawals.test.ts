import { messages } from '@parcelle/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  codeIn,
  createMember,
  createOperator,
  fundWallet,
  giveBankAccount,
  lastMessageTo,
  promoteToOperator,
  userRow,
} from '../../../test/factories';
import { raceBehindLock, raceTitle } from '../../../test/race';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { auditLog, bankAccounts, ledgerTransactions, users, withdrawals } from '../../db/schema';
import { checkInvariants } from '../ledger/invariants';
import { accountFor, balanceOf } from '../ledger/ledger';

let t: TestApp;
let operator: Awaited<ReturnType<typeof createMember>>;
let releaser: Awaited<ReturnType<typeof createMember>>;
beforeAll(async () => {
  t = await createTestApp();
  operator = await createOperator(t);
  releaser = await createOperator(t, 'finance');
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

/** The member asks for a bank payout of `amount` (major units) to their saved account; answers the withdrawal. */
async function requestBankPayout(member: { accessToken: string; phone: string }, amount: number) {
  const response = await store(member.accessToken, {
    payment_method: 'bank',
    account: 'saved',
    amount,
    verification_code: await code(member),
  });
  return response.json().data;
}

async function payable() {
  return balanceOf(t.ctx.database.db, await accountFor(t.ctx.database.db, 'withdrawals_payable', 'EURO'));
}

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

describe('operators decide withdrawals (four eyes, issue 15)', () => {
  it('one operator approves (money still held), another releases (paid out), rejection returns the hold', async () => {
    const member = await memberWithMoney(5000);
    const ask = async (amount: number) =>
      (
        await store(member.accessToken, {
          payment_method: 'bank',
          account: 'saved',
          amount,
          verification_code: await code(member),
        })
      ).json().data;
    const heldBefore = await payable();
    const first = await ask(10);
    const second = await ask(15);
    const third = await ask(5);
    expect(await wallet(member.id)).toBe(2000);

    const forbidden = await t.call('POST', `/api/admin/withdrawals/${first._id}/approve`, {
      token: member.accessToken,
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error).toEqual(messages.OperatorOnly);

    const approve = (id: string, token = operator.accessToken) =>
      t.call('POST', `/api/admin/withdrawals/${id}/approve`, { token });
    const release = (id: string, token: string) => t.call('POST', `/api/admin/withdrawals/${id}/release`, { token });
    const reject = (id: string, body: Record<string, unknown>) =>
      t.call('POST', `/api/admin/withdrawals/${id}/reject`, { token: operator.accessToken, body });

    const earlyRelease = await release(first._id, releaser.accessToken);
    expect(earlyRelease.statusCode).toBe(409);
    expect(earlyRelease.json().error).toEqual(messages.WithdrawalNotApproved);

    const approved = await approve(first._id);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data.status).toBe('APPROVED');
    // Approval alone pays nothing: the money is still held.
    expect(await payable()).toBe(heldBefore + 3000);
    expect((await approve(first._id)).statusCode).toBe(409);

    // The approver cannot release: 409, bilingual.
    const sameEyes = await release(first._id, operator.accessToken);
    expect(sameEyes.statusCode).toBe(409);
    expect(sameEyes.json().error).toEqual(messages.FourEyesRequired);
    expect(await payable()).toBe(heldBefore + 3000);

    const released = await release(first._id, releaser.accessToken);
    expect(released.statusCode).toBe(200);
    expect(released.json().message).toEqual(messages.WithdrawalReleased);
    expect(released.json().data).toMatchObject({
      status: 'RELEASED',
      released_at: expect.any(String),
      decided_by_email: operator.email,
      released_by_email: releaser.email,
    });
    expect(await payable()).toBe(heldBefore + 2000);
    const releasedAgain = await release(first._id, releaser.accessToken);
    expect(releasedAgain.statusCode).toBe(409);
    expect(releasedAgain.json().error).toEqual(messages.WithdrawalAlreadyReleased);
    const lateReject = await reject(first._id, { reason: 'too late' });
    expect(lateReject.statusCode).toBe(409);
    expect(lateReject.json().error).toEqual(messages.WithdrawalAlreadyDecided);

    const noReason = await reject(second._id, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error).toEqual(messages.ReasonRequired);
    const rejected = await reject(second._id, { reason: 'IBAN does not match the account owner' });
    expect(rejected.json().data.status).toBe('REJECTED');
    expect(await wallet(member.id)).toBe(3500);
    // An approved one not yet released may still be rejected: the hold returns too.
    expect((await approve(third._id)).statusCode).toBe(200);
    expect((await reject(third._id, { reason: 'member asked to cancel' })).statusCode).toBe(200);
    expect(await wallet(member.id)).toBe(4000);
    expect((await release(third._id, releaser.accessToken)).statusCode).toBe(409);

    const missing = await release('00000000-0000-4000-8000-000000000000', releaser.accessToken);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toEqual(messages.WithdrawalNotFound);

    // The member sees the released payout as approved (spec §5 knows three states).
    const history = (await t.call('GET', '/api/member/withdrawal/approved', { token: member.accessToken })).json().data;
    expect(history.list.map((w: { _id: string; status: string }) => [w._id, w.status])).toEqual([
      [first._id, 'APPROVED'],
    ]);
    const log = await t.ctx.database.db.select().from(auditLog).where(eq(auditLog.targetId, first._id));
    const releaseEntry = log.find((entry) => entry.action === 'withdrawal.release');
    expect(releaseEntry?.before).toMatchObject({ status: 'APPROVED', released_by: null });
    expect(releaseEntry?.after).toMatchObject({ status: 'RELEASED' });
    expect(log.map((entry) => entry.action)).toEqual(expect.arrayContaining(['withdrawal.approve']));

    const listed = (
      await t.call('GET', '/api/admin/withdrawals?status=RELEASED', { token: operator.accessToken })
    ).json();
    expect(listed.data.withdrawals.map((w: { id: string }) => w.id)).toEqual([first._id]);
    const badStatus = await t.call('GET', '/api/admin/withdrawals?status=PAID', { token: operator.accessToken });
    expect(badStatus.statusCode).toBe(400);
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

describe('an operator’s own withdrawal (issue 26)', () => {
  it('is neither approved nor released by them: in the API and in the database', async () => {
    const member = await memberWithMoney(5000);
    const payout = await requestBankPayout(member, 10);
    const own = await promoteToOperator(t, member, 'finance');
    const approveOwn = await t.call('POST', `/api/admin/withdrawals/${payout._id}/approve`, { token: own.accessToken });
    expect(approveOwn.statusCode).toBe(409);
    expect(approveOwn.json().error).toEqual(messages.OperatorHasInterest);
    await expect(
      t.ctx.database.db
        .update(withdrawals)
        .set({ status: 'APPROVED', decidedBy: member.id, decidedAt: new Date() })
        .where(eq(withdrawals.id, payout._id)),
    ).rejects.toMatchObject({ cause: { constraint: 'withdrawals_not_own' } });
    expect(
      (await t.call('POST', `/api/admin/withdrawals/${payout._id}/approve`, { token: operator.accessToken }))
        .statusCode,
    ).toBe(200);
    const releaseOwn = await t.call('POST', `/api/admin/withdrawals/${payout._id}/release`, { token: own.accessToken });
    expect(releaseOwn.statusCode).toBe(409);
    expect(releaseOwn.json().error).toEqual(messages.OperatorHasInterest);
    await expect(
      t.ctx.database.db
        .update(withdrawals)
        .set({ releasedBy: member.id, releasedAt: new Date() })
        .where(eq(withdrawals.id, payout._id)),
    ).rejects.toMatchObject({ cause: { constraint: 'withdrawals_not_own' } });
    const released = await t.call('POST', `/api/admin/withdrawals/${payout._id}/release`, {
      token: releaser.accessToken,
    });
    expect(released.statusCode).toBe(200);
  });
});

describe('SEPA export of released payouts', () => {
  it('answers 409 until the debtor is configured, then exports each released bank payout once', async () => {
    const exportFile = () => t.call('GET', '/api/admin/withdrawals/sepa.xml', { token: operator.accessToken });
    t.ctx.config.sepaDebtor = null;
    const unconfigured = await exportFile();
    expect(unconfigured.statusCode).toBe(409);
    expect(unconfigured.json().error).toEqual(messages.SepaDebtorNotConfigured);
    t.ctx.config.sepaDebtor = { name: 'Parcelle SAS', iban: 'FR1420041010050500013M02606', bic: 'PSSTFRPPPAR' };

    const member = await memberWithMoney(10_000);
    const payout = await requestBankPayout(member, 42.5);
    // A change of the saved account after the request does not redirect the payout.
    await t.ctx.database.db.delete(bankAccounts).where(eq(bankAccounts.userId, member.id));
    await giveBankAccount(t, member.id, { iban: 'DE89370400440532013000', owner: 'Someone Else' });
    await t.call('POST', `/api/admin/withdrawals/${payout._id}/approve`, { token: operator.accessToken });
    await t.call('POST', `/api/admin/withdrawals/${payout._id}/release`, { token: releaser.accessToken });

    const file = await exportFile();
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/application\/xml/);
    const xml = file.body;
    expect(xml).toContain('urn:iso:std:iso:20022:tech:xsd:pain.001.001.03');
    expect(xml).toContain('<CstmrCdtTrfInitn>');
    expect(xml).toContain('<IBAN>FR1420041010050500013M02606</IBAN>');
    expect(xml).toContain('<BIC>PSSTFRPPPAR</BIC>');
    expect(xml).toContain(`<EndToEndId>${payout.reference}</EndToEndId>`);
    expect(xml).toContain('<InstdAmt Ccy="EUR">42.50</InstdAmt>');
    expect(xml).toContain(`<IBAN>${IBAN}</IBAN>`);
    expect(xml).toContain('<Nm>Camille Martin</Nm>');
    expect(xml).not.toContain('DE89370400440532013000');
    const messageId = /<MsgId>([^<]+)<\/MsgId>/.exec(xml)?.[1];
    expect(messageId).toMatch(/^PARCELLE-\d{8}-[0-9A-F]{12}$/);

    const [entry] = await t.ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, messageId ?? ''));
    expect(entry?.action).toBe('withdrawal.export_sepa');
    expect(JSON.stringify(entry)).not.toContain(IBAN);
    expect((entry?.details as { references: string[] } | undefined)?.references).toContain(payout.reference);
    const listed = (await t.call('GET', '/api/admin/withdrawals?status=RELEASED', { token: operator.accessToken }))
      .json()
      .data.withdrawals.find((w: { id: string }) => w.id === payout._id);
    expect(listed.exported_at).not.toBeNull();

    // Nothing new: a second export repeats nothing.
    const again = await exportFile();
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual(messages.SepaNothingToExport);
  });
});

describe('SEPA names (issue 26)', () => {
  it('writes owners in the SEPA Latin set, and skips a row the bank would refuse instead of failing the file', async () => {
    t.ctx.config.sepaDebtor = { name: 'Parcelle SAS', iban: 'FR1420041010050500013M02606', bic: 'PSSTFRPPPAR' };
    const released = async (owner: string) => {
      const member = await memberWithMoney(10_000);
      await t.ctx.database.db.delete(bankAccounts).where(eq(bankAccounts.userId, member.id));
      await giveBankAccount(t, member.id, { iban: IBAN, owner });
      const payout = await requestBankPayout(member, 10);
      await t.call('POST', `/api/admin/withdrawals/${payout._id}/approve`, { token: operator.accessToken });
      await t.call('POST', `/api/admin/withdrawals/${payout._id}/release`, { token: releaser.accessToken });
      return payout;
    };
    const zoe = await released('Zoë O’Brien & Fils <Ltd>');
    const long = await released(`${'Ä'.repeat(60)} Straße Hausmann GmbH`);
    const unusable = await released('王芳');
    const file = await t.call('GET', '/api/admin/withdrawals/sepa.xml', { token: operator.accessToken });
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain('<Nm>Zoe O Brien + Fils Ltd</Nm>');
    expect(file.body).toContain(`<Nm>${'A'.repeat(60)} Strasse H</Nm>`);
    expect(file.headers['x-payout-count']).toBe('2');
    expect(file.headers['x-payout-skipped']).toBe(unusable.reference);
    expect(file.body).not.toContain(unusable.reference);
    const rows = await t.ctx.database.db.select().from(withdrawals).where(eq(withdrawals.id, unusable._id));
    expect(rows[0]?.exportedAt).toBeNull();
    for (const payout of [zoe, long]) {
      const [row] = await t.ctx.database.db.select().from(withdrawals).where(eq(withdrawals.id, payout._id));
      expect(row?.exportedAt).not.toBeNull();
    }
  });
});

describe('bank account owners a SEPA file can carry (issue 26)', () => {
  it('refuses, when saving, an owner longer than 70 characters or not in Latin letters, in both languages', async () => {
    const member = await memberWithMoney(0);
    for (const [owner, key] of [
      ['A'.repeat(71), 'AccountOwnerTooLong'],
      ['王芳', 'AccountOwnerNotLatin'],
    ] as const) {
      const saved = await t.call('POST', '/api/user/bank', {
        token: member.accessToken,
        body: { account_owner: owner, iban: IBAN },
      });
      expect(saved.statusCode).toBe(400);
      expect(saved.json()).toMatchObject({ error: messages[key], field: 'account_owner' });
    }
    const [kept] = await t.ctx.database.db.select().from(bankAccounts).where(eq(bankAccounts.userId, member.id));
    expect(kept?.accountOwner).not.toBe('王芳');
  });
});

describe(raceTitle('two releases of one withdrawal at once'), () => {
  it('releases it once and pays out once', async () => {
    const otherReleaser = await createOperator(t, 'finance');
    const member = await memberWithMoney(3000);
    const payout = await requestBankPayout(member, 20);
    await t.call('POST', `/api/admin/withdrawals/${payout._id}/approve`, { token: operator.accessToken });
    const answers = await raceBehindLock(
      t.ctx.database.db,
      { lock: sql`SELECT id FROM withdrawals WHERE id = ${payout._id} FOR UPDATE`, waiters: 2 },
      [releaser, otherReleaser].map(
        (releaser) => () =>
          t.call('POST', `/api/admin/withdrawals/${payout._id}/release`, { token: releaser.accessToken }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const paid = await t.ctx.database.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.reference, `${payout.reference}:paid`));
    expect(paid).toHaveLength(1);
  });
});

import { messages } from '@parcelle/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  codeIn,
  createMember,
  createOperator,
  fundWallet,
  giveBankAccount,
  lastMessageTo,
  proveIdentity,
  reauthenticate,
  userRow,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { loadConfig } from '../../config';
import { sessions, users } from '../../db/schema';
import { checkInvariants } from '../ledger/invariants';

/**
 * Issue 12, "accounts cannot be taken over": a stolen access token alone can no longer move the phone, the email or
 * the payout details; every such change needs the password again (5 minutes, this session) and a code emailed to the
 * current address; the previous email and phone are told, with a link that freezes the account; withdrawals wait 48 h
 * and pay only a saved destination.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  expect(await checkInvariants(t.ctx.database.db)).toEqual([]);
  await t.close();
});

type Member = Awaited<ReturnType<typeof createMember>>;
let sequence = 610000000;
const ATTACKER_PHONE = { slug: 'FR', country_code: '+33', number: '699999999' };
const IBAN = 'FR7630006000011234567890189';
const OTHER_IBAN = 'DE89370400440532013000';

/** A verified member with their own phone number, and its E.164 form. */
async function member(lang: 'en' | 'fr' = 'en') {
  sequence += 1;
  const created = await createMember(t, { verified: true, overrides: { number: String(sequence), lang } });
  const id = (await userRow(t, created.email))?.id ?? '';
  return { ...created, id, phone: `+33${sequence}` };
}

/** Every call that changes a contact channel or a payout destination, with a valid body. */
function sensitiveCalls(code = '123456') {
  return [
    ['PATCH', '/api/user/update/email', { email: `new.${Date.now()}@example.com` }],
    ['POST', '/api/user/phone', ATTACKER_PHONE],
    ['POST', '/api/user/phone/verify', { ...ATTACKER_PHONE, verification_code: code }],
    ['PATCH', '/api/user/update/phone', { ...ATTACKER_PHONE, verification_code: code, current_channel_code: code }],
    ['POST', '/api/user/bank', { account_owner: 'Mallory', iban: OTHER_IBAN, current_channel_code: code }],
    ['PATCH', '/api/user/paypal', { email: 'mallory@example.com', current_channel_code: code }],
    ['POST', '/api/user/security-code', undefined],
  ] as const;
}

async function changePhone(m: Member, phone = ATTACKER_PHONE) {
  const channel = await proveIdentity(t, m);
  expect((await t.call('POST', '/api/user/phone', { body: phone, token: m.accessToken })).statusCode).toBe(200);
  const sms = codeIn((await lastMessageTo(t, `+33${phone.number}`))?.text);
  return t.call('PATCH', '/api/user/update/phone', {
    body: { ...phone, verification_code: sms, current_channel_code: channel },
    token: m.accessToken,
  });
}

const withdrawalCodeOf = (m: Member) => t.call('POST', '/api/member/withdrawal/code', { token: m.accessToken });

async function saveBank(m: Member, iban: string) {
  const channel = await proveIdentity(t, m);
  return t.call('POST', '/api/user/bank', {
    body: { account_owner: 'Camille Martin', iban, current_channel_code: channel },
    token: m.accessToken,
  });
}

function freezeTokenIn(text: string | undefined): string {
  const match = /\/account\/freeze\?token=([A-Za-z0-9_-]+)/.exec(text ?? '');
  if (!match?.[1]) throw new Error(`no freeze link in: ${text}`);
  return match[1];
}

describe('the take-over chain of issue 12 with a stolen access token', () => {
  it('fails at the first step: moving the phone needs the password', async () => {
    const victim = await member();
    const stolen = victim.accessToken;
    const phone = await t.call('POST', '/api/user/phone', { body: ATTACKER_PHONE, token: stolen });
    expect(phone.statusCode).toBe(403);
    expect(phone.json().error).toEqual(messages.ReauthenticationRequired);
    expect(await lastMessageTo(t, '+33699999999')).toBeUndefined();
    // Nor can the thief skip to the next steps.
    const email = await t.call('PATCH', '/api/user/update/email', {
      body: { email: 'thief@example.com' },
      token: stolen,
    });
    expect(email.statusCode).toBe(403);
    const bank = await t.call('POST', '/api/user/bank', {
      body: { account_owner: 'Mallory', iban: OTHER_IBAN },
      token: stolen,
    });
    expect(bank.statusCode).toBe(403);
    // Guessing the password through the proof counts like sign-in failures.
    const guess = await t.call('POST', '/api/auth/reauthenticate', {
      body: { password: 'Wrong!pass1' },
      token: stolen,
    });
    expect(guess.statusCode).toBe(400);
    expect(guess.json().error).toEqual(messages.PasswordIncorrect);
    const row = await userRow(t, victim.email);
    expect(row?.phoneNumber).toBe(victim.phone.slice(3));
    expect(row?.email).toBe(victim.email);
    expect(row?.contactChangedAt).toBeNull();
  });

  it('with the password but without the mailbox, the phone still cannot move', async () => {
    const victim = await member();
    await reauthenticate(t, victim);
    expect(
      (await t.call('POST', '/api/user/phone', { body: ATTACKER_PHONE, token: victim.accessToken })).statusCode,
    ).toBe(200);
    const sms = codeIn((await lastMessageTo(t, '+33699999999'))?.text);
    const apply = await t.call('PATCH', '/api/user/update/phone', {
      body: { ...ATTACKER_PHONE, verification_code: sms },
      token: victim.accessToken,
    });
    expect(apply.statusCode).toBe(400);
    expect(apply.json()).toMatchObject({ error: messages.CurrentChannelCodeRequired, field: 'current_channel_code' });
    const guessed = await t.call('PATCH', '/api/user/update/phone', {
      body: { ...ATTACKER_PHONE, verification_code: sms, current_channel_code: '000000' },
      token: victim.accessToken,
    });
    expect(guessed.statusCode).toBe(400);
    expect((await userRow(t, victim.email))?.phoneNumber).toBe(victim.phone.slice(3));
  });
});

describe('re-authentication (sudo mode)', () => {
  it('every change without a proof, or with one older than 5 minutes, is 403; a fresh proof lets it through', async () => {
    const m = await member();
    for (const [method, url, body] of sensitiveCalls()) {
      const response = await t.call(method, url, { body, token: m.accessToken });
      expect(response.statusCode, url).toBe(403);
      expect(response.json().error, url).toEqual(messages.ReauthenticationRequired);
    }
    await reauthenticate(t, m);
    await t.ctx.database.db
      .update(sessions)
      .set({ reauthenticatedAt: new Date(Date.now() - 5 * 60 * 1000 - 1000) })
      .where(eq(sessions.userId, m.id));
    for (const [method, url, body] of sensitiveCalls()) {
      const response = await t.call(method, url, { body, token: m.accessToken });
      expect(response.statusCode, url).toBe(403);
    }
    await reauthenticate(t, m);
    for (const [method, url, body] of sensitiveCalls()) {
      const response = await t.call(method, url, { body, token: m.accessToken });
      expect(response.statusCode, url).not.toBe(403);
    }
  });

  it('belongs to the session that made it', async () => {
    const m = await member();
    const other = await t.call('POST', '/api/auth/token', { body: { email: m.email, password: m.password } });
    const otherToken = other.json().data.access_token as string;
    const proof = await t.call('POST', '/api/auth/reauthenticate', {
      body: { password: m.password },
      token: m.accessToken,
    });
    expect(proof.statusCode).toBe(200);
    expect(proof.json().message).toEqual(messages.Reauthenticated);
    expect(Date.parse(proof.json().data.valid_until) - Date.now()).toBeGreaterThan(4 * 60 * 1000);
    expect((await t.call('POST', '/api/user/security-code', { token: m.accessToken })).statusCode).toBe(200);
    expect((await t.call('POST', '/api/user/security-code', { token: otherToken })).statusCode).toBe(403);
  });

  it('wrong passwords are sign-in attempts: the account waits like after failed sign-ins', async () => {
    const strict = await createTestApp();
    try {
      const m = await createMember(strict, { verified: true });
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        statuses.push(
          (
            await strict.call('POST', '/api/auth/reauthenticate', {
              body: { password: 'Wrong!pass1' },
              token: m.accessToken,
            })
          ).statusCode,
        );
      }
      expect(statuses).toEqual([400, 400, 400, 429]);
      const login = await strict.call('POST', '/api/auth/token', { body: { email: m.email, password: m.password } });
      expect(login.statusCode).toBe(429);
    } finally {
      await strict.close();
    }
  });
});

describe('a code to the channel the member already proved', () => {
  it('is emailed to the current address, bound to the session, and spent by the change', async () => {
    const m = await member();
    const channel = await proveIdentity(t, m);
    const mail = await lastMessageTo(t, m.email);
    expect(mail?.text).toContain(channel);
    const check = await t.call('POST', '/api/user/security-code/verify', {
      body: { verification_code: channel },
      token: m.accessToken,
    });
    expect(check.statusCode).toBe(200);
    // Another session of the same member cannot use it.
    const other = await t.call('POST', '/api/auth/token', { body: { email: m.email, password: m.password } });
    const otherMember = { ...m, accessToken: other.json().data.access_token as string };
    await reauthenticate(t, otherMember);
    const elsewhere = await t.call('PATCH', '/api/user/paypal', {
      body: { email: 'pay@example.com', current_channel_code: channel },
      token: otherMember.accessToken,
    });
    expect(elsewhere.statusCode).toBe(400);
    const saved = await t.call('PATCH', '/api/user/paypal', {
      body: { email: 'pay@example.com', current_channel_code: channel },
      token: m.accessToken,
    });
    expect(saved.statusCode).toBe(200);
    const again = await t.call('PATCH', '/api/user/paypal', {
      body: { email: 'pay2@example.com', current_channel_code: channel },
      token: m.accessToken,
    });
    expect(again.statusCode).toBe(400);
  });

  it('needs a verified address for phone and payout changes', async () => {
    const m = await createMember(t);
    await reauthenticate(t, m);
    const send = await t.call('POST', '/api/user/security-code', { token: m.accessToken });
    expect(send.statusCode).toBe(403);
    expect(send.json().error).toEqual(messages.VerifiedEmailRequired);
    const bank = await t.call('POST', '/api/user/bank', {
      body: { account_owner: 'Camille Martin', iban: IBAN },
      token: m.accessToken,
    });
    expect(bank.statusCode).toBe(403);
  });
});

describe('POST /user/phone with the spec payload (number, country_code)', () => {
  it('derives the country from the number', async () => {
    const m = await member();
    await reauthenticate(t, m);
    const response = await t.call('POST', '/api/user/phone', {
      body: { number: '698765431', country_code: '+33' },
      token: m.accessToken,
    });
    expect(response.statusCode).toBe(200);
    expect(codeIn((await lastMessageTo(t, '+33698765431'))?.text)).toMatch(/^\d{6}$/);
    const us = await t.call('POST', '/api/user/phone', {
      body: { number: '2015550123', country_code: '+1' },
      token: m.accessToken,
    });
    expect(us.statusCode).toBe(200);
  });
});

describe('after a change: the previous channels are told, with a freeze link', () => {
  it('a phone change is told to the previous email and phone, in the member language', async () => {
    const m = await member('fr');
    const changed = await changePhone(m);
    expect(changed.statusCode).toBe(200);
    const mail = await lastMessageTo(t, m.email);
    expect(mail?.subject).toBe('Vos coordonnées Parcelle ont été modifiées');
    expect(mail?.text).toContain('numéro de téléphone');
    const sms = await lastMessageTo(t, m.phone);
    expect(sms?.text).toContain('numéro de téléphone a été modifié');
    freezeTokenIn(sms?.text);
    expect(freezeTokenIn(mail?.text)).toBe(freezeTokenIn(sms?.text));
  });

  it('an email change is told to the previous address and phone', async () => {
    const m = await member();
    const channel = await proveIdentity(t, m);
    const email = `moved.${Date.now()}@example.com`;
    expect(
      (await t.call('PATCH', '/api/user/update/email', { body: { email }, token: m.accessToken })).statusCode,
    ).toBe(200);
    const sms = codeIn((await lastMessageTo(t, m.phone))?.text);
    const without = await t.call('PATCH', '/api/user/update/email', {
      body: { email, verification_code: sms },
      token: m.accessToken,
    });
    expect(without.statusCode).toBe(400);
    expect(without.json().error).toEqual(messages.CurrentChannelCodeRequired);
    const applied = await t.call('PATCH', '/api/user/update/email', {
      body: { email, verification_code: sms, current_channel_code: channel },
      token: m.accessToken,
    });
    expect(applied.statusCode).toBe(200);
    const notice = await lastMessageTo(t, m.email);
    expect(notice?.subject).toBe('Your Parcelle details were changed');
    expect(notice?.text).toContain('Your email address has just been changed');
    expect((await lastMessageTo(t, m.phone))?.text).toContain('your email address was changed');
  });

  it('bank and PayPal changes are told too', async () => {
    const m = await member();
    expect((await saveBank(m, IBAN)).statusCode).toBe(200);
    expect((await saveBank(m, OTHER_IBAN)).statusCode).toBe(200);
    expect((await lastMessageTo(t, m.email))?.text).toContain('bank account for withdrawals');
    expect((await lastMessageTo(t, m.phone))?.text).toContain('bank account for withdrawals');
  });

  it('the first payout account is not a change: no hold, no notice (issue 31)', async () => {
    const m = await member();
    await fundWallet(t, m.id, 'EURO', 5_000);
    const before = await t.call('GET', '/api/member/withdrawal/eligibility', { token: m.accessToken });
    // What the form tells before saving: no destination yet, so saving starts no hold.
    expect(before.json().data).toMatchObject({ hold_until: null, change_hold_hours: null });
    expect((await saveBank(m, IBAN)).statusCode).toBe(200);
    expect((await lastMessageTo(t, m.email))?.subject).not.toBe('Your Parcelle details were changed');
    expect((await lastMessageTo(t, m.phone))?.text ?? '').not.toContain('bank account for withdrawals');
    expect((await userRow(t, m.email))?.contactChangedAt).toBeNull();
    expect((await withdrawalCodeOf(m)).statusCode).toBe(200);
    // Now one is saved: another bank account or a PayPal address would be a change, and the form says so.
    const after = await t.call('GET', '/api/member/withdrawal/eligibility', { token: m.accessToken });
    expect(after.json().data).toMatchObject({ hold_until: null, change_hold_hours: 48 });
  });

  it('the freeze link works once: sessions end, sign-in is refused, until an operator unfreezes', async () => {
    const m = await member();
    await changePhone(m);
    const token = freezeTokenIn((await lastMessageTo(t, m.email))?.text);
    const frozen = await t.call('GET', `/api/account/freeze?token=${token}`);
    expect(frozen.statusCode).toBe(200);
    expect(frozen.json().message).toEqual(messages.AccountFrozen);
    expect((await t.call('GET', '/api/user/profile', { token: m.accessToken })).statusCode).toBe(401);
    expect(
      (await t.call('POST', '/api/auth/token/refresh', { body: { refresh_token: m.refreshToken } })).statusCode,
    ).toBe(401);
    const login = await t.call('POST', '/api/auth/token', { body: { email: m.email, password: m.password } });
    expect(login.statusCode).toBe(401);
    expect(login.json().error).toEqual(messages.AccountDeactivated);

    const twice = await t.call('POST', '/api/account/freeze', { body: { token } });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error).toEqual(messages.FreezeLinkInvalid);
    expect((await t.call('GET', '/api/account/freeze?token=not-a-real-token-at-all')).statusCode).toBe(400);

    const operator = await createOperator(t);
    const unfreeze = await t.call('POST', `/api/admin/members/${m.id}/unfreeze`, { token: operator.accessToken });
    expect(unfreeze.statusCode).toBe(200);
    expect(
      (await t.call('POST', '/api/auth/token', { body: { email: m.email, password: m.password } })).statusCode,
    ).toBe(200);
    const again = await t.call('POST', `/api/admin/members/${m.id}/unfreeze`, { token: operator.accessToken });
    expect(again.statusCode).toBe(409);
    // A member's own deactivation is not a freeze: operators cannot lift it this way.
    await t.call('POST', '/api/user/request/disable/account', {
      body: { reason: 'leaving' },
      token: (await t.call('POST', '/api/auth/token', { body: { email: m.email, password: m.password } })).json().data
        .access_token,
    });
    expect(
      (await t.call('POST', `/api/admin/members/${m.id}/unfreeze`, { token: operator.accessToken })).statusCode,
    ).toBe(409);
    expect((await t.call('POST', `/api/admin/members/${m.id}/unfreeze`, { token: m.accessToken })).statusCode).toBe(
      401,
    );
  });
});

describe('withdrawals after a change, and where they pay', () => {
  async function withdrawalCode(m: Awaited<ReturnType<typeof member>>) {
    return t.call('POST', '/api/member/withdrawal/code', { token: m.accessToken });
  }

  it('wait 48 hours after a payout change, saying until when (en and fr)', async () => {
    const m = await member('fr');
    await fundWallet(t, m.id, 'EURO', 5_000);
    await giveBankAccount(t, m.id, { iban: OTHER_IBAN });
    expect((await saveBank(m, IBAN)).statusCode).toBe(200);
    const changedAt = (await userRow(t, m.email))?.contactChangedAt;
    expect(changedAt).toBeInstanceOf(Date);
    const until = new Date((changedAt as Date).getTime() + 48 * 3600 * 1000);

    const held = await withdrawalCode(m);
    expect(held.statusCode).toBe(403);
    const day = String(until.getUTCDate()).padStart(2, '0');
    expect(held.json().error.en).toMatch(
      new RegExp(`^Withdrawals are paused until ${day} [A-Z][a-z]{2} ${until.getUTCFullYear()}`),
    );
    expect(held.json().error.fr).toContain(`jusqu’au ${day} `);
    const store = await t.call('POST', '/api/member/withdrawal/store', {
      body: { payment_method: 'bank', account: 'saved', amount: 10, verification_code: '123456' },
      token: m.accessToken,
    });
    expect(store.statusCode).toBe(403);
    const eligibility = await t.call('GET', '/api/member/withdrawal/eligibility', { token: m.accessToken });
    expect(eligibility.json().data).toEqual({
      hold_until: until.toISOString(),
      change_hold_hours: 48,
      bank: { account_owner: 'Camille Martin', iban_last4: '0189' },
      paypal: null,
    });

    // 48 hours later.
    await t.ctx.database.db
      .update(users)
      .set({ contactChangedAt: new Date(Date.now() - 48 * 3600 * 1000 - 1000) })
      .where(eq(users.id, m.id));
    expect((await withdrawalCode(m)).statusCode).toBe(200);
    expect(
      (await t.call('GET', '/api/member/withdrawal/eligibility', { token: m.accessToken })).json().data.hold_until,
    ).toBeNull();
  });

  it('a phone or email change starts the hold too', async () => {
    const m = await member();
    await changePhone(m);
    expect((await withdrawalCode(m)).statusCode).toBe(403);
  });

  it('pay only a saved destination: free text and other IBANs are refused', async () => {
    const m = await member();
    await fundWallet(t, m.id, 'EURO', 10_000);
    await giveBankAccount(t, m.id, { iban: IBAN });
    await t.ctx.database.db.update(users).set({ paypalEmail: 'camille.pay@example.com' }).where(eq(users.id, m.id));
    const send = async () => {
      expect((await withdrawalCode(m)).statusCode).toBe(200);
      return codeIn((await lastMessageTo(t, m.phone))?.text);
    };
    const code = await send();
    const store = (payment_method: string, account: string) =>
      t.call('POST', '/api/member/withdrawal/store', {
        body: { payment_method, account, amount: 10, verification_code: code },
        token: m.accessToken,
      });
    for (const [method, account] of [
      ['bank', 'Camille Martin — FR76 •••• 0189'],
      ['bank', OTHER_IBAN],
      ['bank', 'mallory@example.com'],
      ['paypal', IBAN],
      ['paypal', 'saved'],
    ]) {
      const refused = await store(method as string, account as string);
      expect(refused.statusCode, account).toBe(400);
      expect(refused.json()).toMatchObject({ error: messages.WithdrawalAccountNotSaved, field: 'account' });
    }
    const byIban = await store('bank', 'fr76 3000 6000 0112 3456 7890 189');
    expect(byIban.statusCode).toBe(200);
    expect(byIban.json().data).toMatchObject({ payment_method: 'bank', account: 'Camille Martin — IBAN •••• 0189' });
    expect(byIban.body).not.toContain('30006000');

    const bySaved = await t.call('POST', '/api/member/withdrawal/store', {
      body: { payment_method: 'bank', account: 'saved', amount: 10, verification_code: await send() },
      token: m.accessToken,
    });
    expect(bySaved.statusCode).toBe(200);
    const byPaypal = await t.call('POST', '/api/member/withdrawal/store', {
      body: {
        payment_method: 'paypal',
        account: 'Camille.Pay@Example.com',
        amount: 10,
        verification_code: await send(),
      },
      token: m.accessToken,
    });
    expect(byPaypal.statusCode).toBe(200);
    expect(byPaypal.json().data).toMatchObject({ payment_method: 'paypal', account: 'PayPal camille.pay@example.com' });
  });
});

describe('configuration', () => {
  it('PAYOUT_HOLD_HOURS defaults to 48 and can be set', () => {
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/parcelle-config-test' }).payoutHoldHours).toBe(48);
    expect(
      loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/parcelle-config-test', PAYOUT_HOLD_HOURS: '72' }).payoutHoldHours,
    ).toBe(72);
  });
});

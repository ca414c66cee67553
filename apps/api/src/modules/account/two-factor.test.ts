import { messages } from '@parcelle/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  codeIn,
  createMember,
  fundWallet,
  giveBankAccount,
  lastMessageTo,
  proveIdentity,
  reauthenticate,
  totpCode,
  userRow,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { auditLog, operatorRecoveryCodes, operatorTotp, sessions } from '../../db/schema';
import { MAX_CODE_FAILURES } from '../auth/failure-budget';
import { decryptSecret } from './secrets';

/** Issue 17: a member's optional second factor (TOTP), asked for by withdrawals and payout changes when it is on. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const STEP_MS = 30_000;
const IBAN = 'FR7630006000011234567890189';
let phoneSequence = 610000000;

type Member = Awaited<ReturnType<typeof createMember>> & { id: string; phone: string };

async function verifiedMember(): Promise<Member> {
  phoneSequence += 1;
  const number = String(phoneSequence);
  const member = await createMember(t, { verified: true, overrides: { number } });
  const id = (await userRow(t, member.email))?.id ?? '';
  return { ...member, id, phone: `+33${number}` };
}

async function enrol(member: Member) {
  await reauthenticate(t, member);
  const response = await t.call('POST', '/api/user/two-factor/enrol', { token: member.accessToken });
  expect(response.statusCode).toBe(200);
  return response.json().data as { secret: string; otpauth_uri: string; qr_code: string };
}

/** Turns the factor on; answers the secret and the recovery codes. */
async function turnOn(member: Member) {
  const { secret } = await enrol(member);
  const confirm = await t.call('POST', '/api/user/two-factor/confirm', {
    token: member.accessToken,
    body: { code: totpCode(secret) },
  });
  expect(confirm.statusCode).toBe(200);
  return { secret, recoveryCodes: confirm.json().data.recovery_codes as string[] };
}

/** Lets the current step be used again (the confirmation used it): tests then need no 30 s wait. */
async function forgetSteps(member: Member) {
  await t.ctx.database.db.update(operatorTotp).set({ lastUsedStep: null }).where(eq(operatorTotp.userId, member.id));
}

const twoFactor = async (member: Member) =>
  (await t.call('GET', '/api/user/two-factor', { token: member.accessToken })).json().data;

describe('turning it on', () => {
  it('needs the password again', async () => {
    const member = await verifiedMember();
    const response = await t.call('POST', '/api/user/two-factor/enrol', { token: member.accessToken });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toEqual(messages.ReauthenticationRequired);
  });

  it('answers the secret, its otpauth URI and a QR code; the secret is stored encrypted; nothing is on yet', async () => {
    const member = await verifiedMember();
    const data = await enrol(member);
    expect(data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(data.otpauth_uri).toMatch(/^otpauth:\/\/totp\/Parcelle:/);
    expect(data.otpauth_uri).toContain(`secret=${data.secret}`);
    expect(data.qr_code).toMatch(/^data:image\/png;base64,/);
    const [row] = await t.ctx.database.db.select().from(operatorTotp).where(eq(operatorTotp.userId, member.id));
    expect(row?.secretEncrypted).not.toContain(data.secret);
    expect(decryptSecret(t.ctx.config.serverSecret, 'operator-totp', row?.secretEncrypted ?? '', member.id)).toBe(
      data.secret,
    );
    expect(row?.confirmedAt).toBeNull();
    expect(await twoFactor(member)).toEqual({ enabled: false, recovery_codes_left: 0 });
  });

  it('a wrong first code is refused; the right one turns it on, answers ten recovery codes (hashed at rest), emails the member and is audited', async () => {
    const member = await verifiedMember();
    const { secret } = await enrol(member);
    const wrong = await t.call('POST', '/api/user/two-factor/confirm', {
      token: member.accessToken,
      body: { code: totpCode(secret, Date.now() - 10 * STEP_MS) },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toEqual(messages.TotpCodeInvalid);

    const confirm = await t.call('POST', '/api/user/two-factor/confirm', {
      token: member.accessToken,
      body: { code: totpCode(secret) },
    });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json().message).toEqual(messages.TwoFactorEnabled);
    const codes: string[] = confirm.json().data.recovery_codes;
    expect(codes).toHaveLength(10);
    const stored = await t.ctx.database.db
      .select()
      .from(operatorRecoveryCodes)
      .where(eq(operatorRecoveryCodes.userId, member.id));
    expect(stored).toHaveLength(10);
    for (const code of codes) expect(stored.map((row) => row.codeHash)).not.toContain(code);

    expect(await twoFactor(member)).toEqual({ enabled: true, recovery_codes_left: 10 });
    const profile = await t.call('GET', '/api/user/profile', { token: member.accessToken });
    expect(profile.json().data.user.two_factor).toBe(true);
    expect((await lastMessageTo(t, member.email))?.subject).toBe('Two-step verification turned on for Parcelle');
    const entries = await t.ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, member.id), eq(auditLog.action, 'member.two_factor_enable')));
    expect(entries).toHaveLength(1);

    // Once on, a new enrolment is refused (the secret cannot be replaced behind the member's back).
    await reauthenticate(t, member);
    const again = await t.call('POST', '/api/user/two-factor/enrol', { token: member.accessToken });
    expect(again.statusCode).toBe(409);
  });

  it('wrong codes are limited per member in the shared counters (429 after ten, even with the right one)', async () => {
    const member = await verifiedMember();
    const { secret } = await enrol(member);
    for (let attempt = 0; attempt < MAX_CODE_FAILURES; attempt += 1) {
      const wrong = await t.call('POST', '/api/user/two-factor/confirm', {
        token: member.accessToken,
        body: { code: totpCode(secret, Date.now() - 20 * STEP_MS) },
      });
      expect(wrong.statusCode).toBe(400);
    }
    const right = await t.call('POST', '/api/user/two-factor/confirm', {
      token: member.accessToken,
      body: { code: totpCode(secret) },
    });
    expect(right.statusCode).toBe(429);
  });
});

describe('when it is on', () => {
  async function memberWithFactor() {
    const member = await verifiedMember();
    await fundWallet(t, member.id, 'EURO', 10_000);
    await giveBankAccount(t, member.id, { iban: IBAN });
    return { member, ...(await turnOn(member)) };
  }

  async function smsCode(member: Member) {
    const sent = await t.call('POST', '/api/member/withdrawal/code', { token: member.accessToken });
    expect(sent.statusCode).toBe(200);
    return codeIn((await lastMessageTo(t, member.phone))?.text);
  }

  const withdraw = (member: Member, body: Record<string, unknown>) =>
    t.call('POST', '/api/member/withdrawal/store', {
      token: member.accessToken,
      body: { payment_method: 'bank', account: IBAN, amount: 10, ...body },
    });

  it('a withdrawal without the app code is refused with a bilingual message; with it, accepted; the same code again is refused', async () => {
    const { member, secret } = await memberWithFactor();
    const verification_code = await smsCode(member);
    const without = await withdraw(member, { verification_code });
    expect(without.statusCode).toBe(400);
    expect(without.json().error).toEqual(messages.TwoFactorCodeRequired);
    expect(without.json().error.en).toMatch(/authenticator app/);
    expect(without.json().field).toBe('totp_code');

    const wrong = await withdraw(member, {
      verification_code,
      totp_code: totpCode(secret, Date.now() - 10 * STEP_MS),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toEqual(messages.TotpCodeInvalid);

    await forgetSteps(member);
    const code = totpCode(secret);
    const accepted = await withdraw(member, { verification_code, totp_code: code });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data.status).toBe('PENDING');

    // The same time step a second time (a replayed code) is refused, even with a fresh SMS code.
    const replay = await withdraw(member, { verification_code: await smsCode(member), totp_code: code });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toEqual(messages.TotpCodeInvalid);
  });

  it('a refused app code spends neither the SMS code nor any money', async () => {
    const { member, secret } = await memberWithFactor();
    const verification_code = await smsCode(member);
    const refused = await withdraw(member, { verification_code, totp_code: '000000' });
    expect(refused.statusCode).toBe(400);
    await forgetSteps(member);
    const accepted = await withdraw(member, { verification_code, totp_code: totpCode(secret) });
    expect(accepted.statusCode).toBe(200);
  });

  it('a recovery code stands in for the app code, once', async () => {
    const { member, recoveryCodes } = await memberWithFactor();
    const recovery = recoveryCodes[0] ?? '';
    const first = await withdraw(member, { verification_code: await smsCode(member), totp_code: recovery });
    expect(first.statusCode).toBe(200);
    expect(await twoFactor(member)).toEqual({ enabled: true, recovery_codes_left: 9 });
    const second = await withdraw(member, {
      verification_code: await smsCode(member),
      totp_code: recovery.toUpperCase(),
    });
    expect(second.statusCode).toBe(400);
    expect(second.json().error).toEqual(messages.TotpCodeInvalid);
  });

  it('bank and PayPal changes need the app code too', async () => {
    const { member, secret } = await memberWithFactor();
    const bankWithout = await t.call('POST', '/api/user/bank', {
      token: member.accessToken,
      body: { account_owner: 'Camille Martin', iban: IBAN, current_channel_code: await proveIdentity(t, member) },
    });
    expect(bankWithout.statusCode).toBe(400);
    expect(bankWithout.json().error).toEqual(messages.TwoFactorCodeRequired);

    await forgetSteps(member);
    const bank = await t.call('POST', '/api/user/bank', {
      token: member.accessToken,
      body: {
        account_owner: 'Camille Martin',
        iban: IBAN,
        current_channel_code: await proveIdentity(t, member),
        totp_code: totpCode(secret),
      },
    });
    expect(bank.statusCode).toBe(200);

    const paypalWithout = await t.call('PATCH', '/api/user/paypal', {
      token: member.accessToken,
      body: { email: 'camille@paypal.example', current_channel_code: await proveIdentity(t, member) },
    });
    expect(paypalWithout.statusCode).toBe(400);
    expect(paypalWithout.json().error).toEqual(messages.TwoFactorCodeRequired);

    await forgetSteps(member);
    const paypal = await t.call('PATCH', '/api/user/paypal', {
      token: member.accessToken,
      body: {
        email: 'camille@paypal.example',
        current_channel_code: await proveIdentity(t, member),
        totp_code: totpCode(secret),
      },
    });
    expect(paypal.statusCode).toBe(200);
  });

  it('a member without the factor is not asked for it', async () => {
    const member = await verifiedMember();
    await fundWallet(t, member.id, 'EURO', 5_000);
    await giveBankAccount(t, member.id, { iban: IBAN });
    const accepted = await withdraw(member, { verification_code: await smsCode(member) });
    expect(accepted.statusCode).toBe(200);
  });
});

describe('turning it off', () => {
  it('needs the password again and a current code; then nothing asks for it; the member is emailed and it is audited', async () => {
    const member = await verifiedMember();
    const { secret } = await turnOn(member);
    // The proof given to turn it on has run out.
    await t.ctx.database.db.update(sessions).set({ reauthenticatedAt: null }).where(eq(sessions.userId, member.id));
    const noProof = await t.call('POST', '/api/user/two-factor/disable', {
      token: member.accessToken,
      body: { code: totpCode(secret) },
    });
    expect(noProof.statusCode).toBe(403);
    expect(noProof.json().error).toEqual(messages.ReauthenticationRequired);

    await reauthenticate(t, member);
    const wrong = await t.call('POST', '/api/user/two-factor/disable', {
      token: member.accessToken,
      body: { code: totpCode(secret, Date.now() - 10 * STEP_MS) },
    });
    expect(wrong.statusCode).toBe(400);
    expect(await twoFactor(member)).toMatchObject({ enabled: true });

    // The confirmation used the current step: the same step again is a replay.
    const replay = await t.call('POST', '/api/user/two-factor/disable', {
      token: member.accessToken,
      body: { code: totpCode(secret) },
    });
    expect(replay.statusCode).toBe(400);

    const off = await t.call('POST', '/api/user/two-factor/disable', {
      token: member.accessToken,
      body: { code: totpCode(secret, Date.now() + STEP_MS) },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().message).toEqual(messages.TwoFactorDisabled);
    expect(await twoFactor(member)).toEqual({ enabled: false, recovery_codes_left: 0 });
    expect((await lastMessageTo(t, member.email))?.subject).toBe('Two-step verification turned off for Parcelle');
    const entries = await t.ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, member.id), eq(auditLog.action, 'member.two_factor_disable')));
    expect(entries).toHaveLength(1);

    const again = await t.call('POST', '/api/user/two-factor/disable', {
      token: member.accessToken,
      body: { code: '123456' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual(messages.TwoFactorNotEnabled);
  });

  it('a recovery code turns it off too (a lost phone)', async () => {
    const member = await verifiedMember();
    const { recoveryCodes } = await turnOn(member);
    await reauthenticate(t, member);
    const off = await t.call('POST', '/api/user/two-factor/disable', {
      token: member.accessToken,
      body: { code: recoveryCodes[3] },
    });
    expect(off.statusCode).toBe(200);
    expect(await twoFactor(member)).toMatchObject({ enabled: false });
  });
});

describe('OpenAPI', () => {
  it('documents the routes and the totp_code of withdrawals and payout changes', async () => {
    const document = (await t.call('GET', '/api/docs/json')).json();
    for (const path of ['/api/user/two-factor', '/api/user/two-factor/enrol'])
      expect(document.paths).toHaveProperty(path);
    for (const path of ['/api/user/two-factor/confirm', '/api/user/two-factor/disable']) {
      const body = document.paths[path].post.requestBody.content['application/json'].schema;
      expect(body.properties).toHaveProperty('code');
    }
    const enrol = document.paths['/api/user/two-factor/enrol'].post.responses['200'].content['application/json'].schema;
    expect(JSON.stringify(enrol)).toContain('qr_code');
    for (const [path, method] of [
      ['/api/member/withdrawal/store', 'post'],
      ['/api/user/bank', 'post'],
      ['/api/user/paypal', 'patch'],
    ] as const) {
      const body = document.paths[path][method].requestBody.content['application/json'].schema;
      expect(body.properties).toHaveProperty('totp_code');
    }
  });
});

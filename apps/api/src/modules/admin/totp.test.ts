import { messages } from '@parcelle/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createOperator, totpCode, userRow } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { users } from '../../db/schema';
import { MAX_CODE_FAILURES } from '../auth/failure-budget';
import { sessionData } from '../auth/service';
import { resetTotp, signTotpChallenge } from '../auth/totp';

/** Issue 12: operators sign in with a second factor (TOTP, RFC 6238) or a single-use recovery code. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const STEP_MS = 30_000;

async function signIn(email: string, password: string) {
  return t.call('POST', '/api/auth/token', { body: { email, password } });
}

async function challengeFor(operator: { email: string; password: string }): Promise<string> {
  const response = await signIn(operator.email, operator.password);
  expect(response.statusCode).toBe(200);
  const data = response.json().data;
  expect(data).toEqual({ totp_required: true, challenge: expect.any(String) });
  expect(data.access_token).toBeUndefined();
  return data.challenge;
}

const second = (challenge: string, code: string) =>
  t.call('POST', '/api/auth/token/totp', { body: { challenge, code } });

describe('an operator without a second factor', () => {
  it('gets a session that may only enrol one; admin routes answer 403 until it is confirmed', async () => {
    const member = await createMember(t, { verified: true });
    await t.ctx.database.db
      .update(users)
      .set({ role: 'admin', operatorRole: 'admin' })
      .where(eq(users.email, member.email));
    const login = await signIn(member.email, member.password);
    expect(login.statusCode).toBe(200);
    const token = login.json().data.access_token as string;

    const before = await t.call('GET', '/api/admin/members', { token });
    expect(before.statusCode).toBe(403);
    expect(before.json().error).toEqual(messages.TotpEnrolmentRequired);
    const bank = await t.call('POST', '/api/user/bank', {
      token,
      body: { account_owner: 'Op', iban: 'FR7630006000011234567890189' },
    });
    expect(bank.statusCode).toBe(403);
    // The session register made (before the member became an operator) is no better.
    expect((await t.call('GET', '/api/admin/members', { token: member.accessToken })).statusCode).toBe(403);

    const enrol = await t.call('POST', '/api/admin/totp/enrol', { token });
    expect(enrol.statusCode).toBe(200);
    const { secret, otpauth_uri } = enrol.json().data;
    expect(otpauth_uri).toMatch(/^otpauth:\/\/totp\/Parcelle:.+secret=[A-Z2-7]+/);

    const wrong = await t.call('POST', '/api/admin/totp/confirm', {
      token,
      body: { code: totpCode(secret, Date.now() + 10 * STEP_MS) },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toEqual(messages.TotpCodeInvalid);

    const confirm = await t.call('POST', '/api/admin/totp/confirm', { token, body: { code: totpCode(secret) } });
    expect(confirm.statusCode).toBe(200);
    const codes: string[] = confirm.json().data.recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);

    expect((await t.call('GET', '/api/admin/members', { token })).statusCode).toBe(200);
    // The other sessions of the operator ended; enrolling again is refused.
    expect((await t.call('GET', '/api/user/profile', { token: member.accessToken })).statusCode).toBe(401);
    expect((await t.call('POST', '/api/admin/totp/enrol', { token })).statusCode).toBe(409);
  });

  it('members are refused the operator enrolment with OperatorOnly', async () => {
    const member = await createMember(t, { verified: true });
    const enrol = await t.call('POST', '/api/admin/totp/enrol', { token: member.accessToken });
    expect(enrol.statusCode).toBe(403);
    expect(enrol.json().error).toEqual(messages.OperatorOnly);
    const login = await signIn(member.email, member.password);
    expect(login.json().data.access_token).toEqual(expect.any(String));
  });
});

describe('an operator with a second factor', () => {
  it('answers a challenge, refuses a wrong code, accepts the right one once (no replay within its step)', async () => {
    const operator = await createOperator(t);
    const challenge = await challengeFor(operator);

    const wrong = await second(challenge, '000000' === totpCode(operator.totpSecret) ? '111111' : '000000');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toEqual(messages.TotpCodeInvalid);

    // The enrolment spent the current step: the next one is what the app shows in a moment (one step of drift).
    const code = totpCode(operator.totpSecret, Date.now() + STEP_MS);
    const ok = await second(challenge, code);
    expect(ok.statusCode).toBe(200);
    const token = ok.json().data.access_token as string;
    expect((await t.call('GET', '/api/admin/members', { token })).statusCode).toBe(200);

    const replay = await second(await challengeFor(operator), code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error).toEqual(messages.TotpCodeInvalid);
  });

  it('accepts each recovery code once', async () => {
    const operator = await createOperator(t);
    const [recovery] = operator.recoveryCodes;
    const first = await second(await challengeFor(operator), recovery ?? '');
    expect(first.statusCode).toBe(200);
    const again = await second(await challengeFor(operator), recovery ?? '');
    expect(again.statusCode).toBe(401);
    expect(again.json().error).toEqual(messages.TotpCodeInvalid);
  });

  it('refuses a forged or foreign challenge', async () => {
    const operator = await createOperator(t);
    const challenge = await challengeFor(operator);
    const forged = await second(`${challenge.slice(0, -4)}AAAA`, totpCode(operator.totpSecret, Date.now() + STEP_MS));
    expect(forged.statusCode).toBe(401);
    expect(forged.json().error).toEqual(messages.TotpChallengeInvalid);
    // A member's access token is not a challenge.
    const member = await createMember(t, { verified: true });
    const foreign = await second(member.accessToken, '123456');
    expect(foreign.statusCode).toBe(401);
  });

  it('limits wrong codes per operator: past the limit even the right code waits', async () => {
    const operator = await createOperator(t);
    const challenge = await challengeFor(operator);
    const right = totpCode(operator.totpSecret, Date.now() + STEP_MS);
    const wrong = right === '123456' ? '654321' : '123456';
    for (let i = 0; i < MAX_CODE_FAILURES; i += 1) {
      expect((await second(challenge, wrong)).statusCode).toBe(401);
    }
    const blocked = await second(challenge, right);
    expect(blocked.statusCode).toBe(429);
  });

  it('cannot sign in by another door (social sign-in) without the second factor', async () => {
    const operator = await createOperator(t);
    const user = await userRow(t, operator.email);
    await expect(
      sessionData(t.ctx, user as NonNullable<typeof user>, { deviceToken: 'x', deviceType: 'web' }),
    ).rejects.toMatchObject({ status: 403, key: 'OperatorPasswordSignInOnly' });
  });
});

describe('npm run admin -- reset-2fa', () => {
  it('removes the factor and every session: the next sign-in may only enrol again', async () => {
    const operator = await createOperator(t);
    const user = await userRow(t, operator.email);
    await resetTotp(t.ctx.database.db, user?.id ?? '');
    expect((await t.call('GET', '/api/admin/members', { token: operator.accessToken })).statusCode).toBe(401);
    const login = await signIn(operator.email, operator.password);
    expect(login.statusCode).toBe(200);
    const token = login.json().data.access_token as string;
    expect(token).toEqual(expect.any(String));
    expect((await t.call('GET', '/api/admin/members', { token })).statusCode).toBe(403);
    // The old recovery codes are spent with the factor, even with a challenge the server signed.
    const challenge = await signTotpChallenge(t.ctx.config, {
      userId: user?.id ?? '',
      deviceToken: 'x',
      deviceType: 'web',
    });
    expect((await second(challenge, operator.recoveryCodes[1] ?? '')).statusCode).toBe(401);
    expect((await t.call('POST', '/api/admin/totp/enrol', { token })).statusCode).toBe(200);
  });
});

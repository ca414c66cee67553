import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, lastMessageTo } from '../../../test/factories';
import { createTestApp, solvedCaptcha, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function resetLinkFor(email: string): Promise<string> {
  const response = await t.call('POST', '/api/auth/forgotpwd', { body: { email, captcha: await solvedCaptcha(t) } });
  expect(response.statusCode).toBe(200);
  const mail = await lastMessageTo(t, email);
  const token = /\/reset-password\/([\w-]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error('no reset link');
  return token;
}

describe('forgotten password', () => {
  it('answers the same for unknown emails and sends nothing', async () => {
    const response = await t.call('POST', '/api/auth/forgotpwd', {
      body: { email: 'ghost@example.com', captcha: await solvedCaptcha(t) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message.en).toBe('If an account exists for this email, a reset link has been sent to it.');
    expect(await lastMessageTo(t, 'ghost@example.com')).toBeUndefined();
  });

  it('verifies the link, resets the password once, and signs every session out', async () => {
    const member = await createMember(t);
    const token = await resetLinkFor(member.email);
    const link = await t.call('GET', `/api/auth/forgotpwd/verify-link?forgot_pwd_token=${token}`);
    expect(link.statusCode).toBe(200);
    const email = await t.call('POST', '/api/auth/forgotpwd/verify-email', {
      body: { email: member.email, forgot_password_token: token },
    });
    expect(email.statusCode).toBe(200);
    const otherEmail = await t.call('POST', '/api/auth/forgotpwd/verify-email', {
      body: { email: 'other@example.com', forgot_password_token: token },
    });
    expect(otherEmail.statusCode).toBe(400);
    const body = {
      email: member.email,
      forgot_pwd_token: token,
      new_password: 'Fresh!pass9',
      confirm_new_password: 'Fresh!pass9',
    };
    const reset = await t.call('POST', '/api/auth/forgotpwd/reset', { body });
    expect(reset.statusCode).toBe(200);
    expect((await t.call('GET', '/api/user/profile', { token: member.accessToken })).statusCode).toBe(401);
    expect(
      (await t.call('POST', '/api/auth/token', { body: { email: member.email, password: 'Fresh!pass9' } })).statusCode,
    ).toBe(200);
    expect(
      (await t.call('POST', '/api/auth/token', { body: { email: member.email, password: member.password } }))
        .statusCode,
    ).toBe(401);
    const replay = await t.call('POST', '/api/auth/forgotpwd/reset', { body });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.en).toBe('This link is invalid or has expired. Please ask for a new one.');
  });

  it('resets from the link alone, without the email it was sent to (issue 31); a wrong email is refused', async () => {
    const member = await createMember(t);
    const token = await resetLinkFor(member.email);
    const wrong = await t.call('POST', '/api/auth/forgotpwd/reset', {
      body: {
        email: 'other@example.com',
        forgot_pwd_token: token,
        new_password: 'Fresh!pass9',
        confirm_new_password: 'Fresh!pass9',
      },
    });
    expect(wrong.statusCode).toBe(400);
    const reset = await t.call('POST', '/api/auth/forgotpwd/reset', {
      body: { forgot_pwd_token: token, new_password: 'Fresh!pass9', confirm_new_password: 'Fresh!pass9' },
    });
    expect(reset.statusCode).toBe(200);
    expect(
      (await t.call('POST', '/api/auth/token', { body: { email: member.email, password: 'Fresh!pass9' } })).statusCode,
    ).toBe(200);
  });

  it('validates the new password and its confirmation', async () => {
    const member = await createMember(t);
    const token = await resetLinkFor(member.email);
    const weak = await t.call('POST', '/api/auth/forgotpwd/reset', {
      body: { email: member.email, forgot_pwd_token: token, new_password: 'short', confirm_new_password: 'short' },
    });
    expect(weak.json().error.en).toBe('Password must contain at least 8 characters');
    const mismatch = await t.call('POST', '/api/auth/forgotpwd/reset', {
      body: {
        email: member.email,
        forgot_pwd_token: token,
        new_password: 'Fresh!pass9',
        confirm_new_password: 'Fresh!pass8',
      },
    });
    expect(mismatch.json().error.en).toBe('Passwords must match');
  });

  it('refuses a made-up link', async () => {
    const response = await t.call('GET', `/api/auth/forgotpwd/verify-link?forgot_pwd_token=${'x'.repeat(43)}`);
    expect(response.statusCode).toBe(400);
    expect((await t.call('GET', '/api/auth/forgotpwd/verify-link')).statusCode).toBe(400);
  });
});

describe('older reset links (issue 12)', () => {
  it('a reset spends every other outstanding link of the member and ends every session', async () => {
    const member = await createMember(t);
    const older = await resetLinkFor(member.email);
    const newer = await resetLinkFor(member.email);
    const reset = await t.call('POST', '/api/auth/forgotpwd/reset', {
      body: {
        email: member.email,
        forgot_pwd_token: newer,
        new_password: 'Fresh!pass22',
        confirm_new_password: 'Fresh!pass22',
      },
    });
    expect(reset.statusCode).toBe(200);
    const stale = await t.call('POST', '/api/auth/forgotpwd/reset', {
      body: {
        email: member.email,
        forgot_pwd_token: older,
        new_password: 'Stale!pass22',
        confirm_new_password: 'Stale!pass22',
      },
    });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error.en).toBe('This link is invalid or has expired. Please ask for a new one.');
    expect((await t.call('GET', `/api/auth/forgotpwd/verify-link?forgot_pwd_token=${older}`)).statusCode).toBe(400);
    expect((await t.call('GET', '/api/user/profile', { token: member.accessToken })).statusCode).toBe(401);
  });

  it('changing the password spends outstanding links and ends the other sessions', async () => {
    const member = await createMember(t);
    const other = await t.call('POST', '/api/auth/token', { body: { email: member.email, password: member.password } });
    const link = await resetLinkFor(member.email);
    const changed = await t.call('PUT', '/api/auth/password/reset', {
      token: member.accessToken,
      body: { old_password: member.password, new_password: 'Brand!new22', confirm_password: 'Brand!new22' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await t.call('GET', `/api/auth/forgotpwd/verify-link?forgot_pwd_token=${link}`)).statusCode).toBe(400);
    const otherSession = await t.call('GET', '/api/user/profile', { token: other.json().data.access_token });
    expect(otherSession.statusCode).toBe(401);
    expect((await t.call('GET', '/api/user/profile', { token: member.accessToken })).statusCode).toBe(200);
  });
});

describe('PUT /api/auth/password/reset', () => {
  it('changes the password with the right old one and keeps this session', async () => {
    const member = await createMember(t);
    const wrongOld = await t.call('PUT', '/api/auth/password/reset', {
      token: member.accessToken,
      body: { old_password: 'Nope!nope1', new_password: 'Brand!new22', confirm_password: 'Brand!new22' },
    });
    expect(wrongOld.statusCode).toBe(400);
    expect(wrongOld.json().error.en).toBe('The current password is incorrect');
    const changed = await t.call('PUT', '/api/auth/password/reset', {
      token: member.accessToken,
      body: { old_password: member.password, new_password: 'Brand!new22', confirm_password: 'Brand!new22' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await t.call('GET', '/api/user/profile', { token: member.accessToken })).statusCode).toBe(200);
    expect(
      (await t.call('POST', '/api/auth/token', { body: { email: member.email, password: 'Brand!new22' } })).statusCode,
    ).toBe(200);
  });

  it('needs a signed-in member', async () => {
    const response = await t.call('PUT', '/api/auth/password/reset', {
      body: { old_password: 'Nope!nope1', new_password: 'Brand!new22', confirm_password: 'Brand!new22' },
    });
    expect(response.statusCode).toBe(401);
  });
});

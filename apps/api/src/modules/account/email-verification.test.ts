import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeIn, createMember, lastMessageTo } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { verificationCodes } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('email verification', () => {
  it('verifies with the emailed code, after which iev is true and the code is spent', async () => {
    const member = await createMember(t);
    const code = codeIn((await lastMessageTo(t, member.email))?.text);
    const profileBefore = await t.call('GET', '/api/user/profile', { token: member.accessToken });
    expect(profileBefore.json().data.user.iev).toBe(false);
    const verify = await t.call('POST', '/api/user/email/verify', { body: { code }, token: member.accessToken });
    expect(verify.statusCode).toBe(200);
    expect(verify.json().message.en).toBe('Your email has been verified');
    const profile = await t.call('GET', '/api/user/profile', { token: member.accessToken });
    expect(profile.json().data.user.iev).toBe(true);
    const again = await t.call('POST', '/api/user/email/verify', { body: { code }, token: member.accessToken });
    expect(again.statusCode).toBe(400);
  });

  it('refuses a wrong code, and after five wrong codes the right one no longer works', async () => {
    const member = await createMember(t);
    const code = codeIn((await lastMessageTo(t, member.email))?.text);
    for (let attempt = 1; attempt <= 4; attempt++) {
      const response = await t.call('POST', '/api/user/email/verify', {
        body: { code: wrong(code) },
        token: member.accessToken,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.en).toBe('The code is not valid');
    }
    const fifth = await t.call('POST', '/api/user/email/verify', {
      body: { code: wrong(code) },
      token: member.accessToken,
    });
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().error.en).toBe('Too many wrong codes. Please ask for a new one.');
    const right = await t.call('POST', '/api/user/email/verify', { body: { code }, token: member.accessToken });
    expect(right.statusCode).toBe(429);
  });

  it('refuses an expired code', async () => {
    const member = await createMember(t);
    const code = codeIn((await lastMessageTo(t, member.email))?.text);
    await t.ctx.database.db
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationCodes.purpose, 'email_verification'));
    const response = await t.call('POST', '/api/user/email/verify', { body: { code }, token: member.accessToken });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.en).toBe('The code has expired. Please ask for a new one.');
  });

  it('resending replaces the previous code: only the newest works', async () => {
    const member = await createMember(t);
    const first = codeIn((await lastMessageTo(t, member.email))?.text);
    const resend = await t.call('POST', '/api/user/resend/email', { token: member.accessToken });
    expect(resend.statusCode).toBe(200);
    const sent = await t.call('POST', '/api/user/send/email/verification/code', {
      token: member.accessToken,
      body: {},
    });
    expect(sent.statusCode).toBe(200);
    const newest = codeIn((await lastMessageTo(t, member.email))?.text);
    if (first !== newest) {
      const old = await t.call('POST', '/api/user/email/verify', { body: { code: first }, token: member.accessToken });
      expect(old.statusCode).toBe(400);
    }
    const ok = await t.call('POST', '/api/user/email/verify', { body: { code: newest }, token: member.accessToken });
    expect(ok.statusCode).toBe(200);
  });

  it('validates the code format with the spec messages', async () => {
    const member = await createMember(t);
    const empty = await t.call('POST', '/api/user/email/verify', { body: { code: '' }, token: member.accessToken });
    expect(empty.json().error.en).toBe('Plesae input Otp!');
    const short = await t.call('POST', '/api/user/email/verify', { body: { code: '123' }, token: member.accessToken });
    expect(short.json().error.en).toBe('Otp is not valid!');
  });

  it('needs a signed-in member', async () => {
    const response = await t.call('POST', '/api/user/email/verify', { body: { code: '123456' } });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.en).toBe('Invalid Token');
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeIn, createMember, lastMessageTo, proveIdentity, reauthenticate, userRow } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { users, verificationCodes } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PHONE = '+33612345678';
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
let sequence = 0;
const newEmail = () => `changed${++sequence}.${Date.now()}@example.com`;

/** A member whose session has just confirmed the password (issue 12); their email is not verified. */
async function ready(app: TestApp = t) {
  const member = await createMember(app);
  await reauthenticate(app, member);
  return member;
}

async function requestCode(token: string, email: string) {
  const response = await t.call('PATCH', '/api/user/update/email', { body: { email }, token });
  expect(response.statusCode).toBe(200);
  return codeIn((await lastMessageTo(t, PHONE))?.text);
}

describe('PATCH /api/user/update/email', () => {
  it('sends a code by SMS, then the code changes the email, signs out everywhere and asks to verify the new address', async () => {
    const member = await createMember(t, { verified: true });
    const currentChannelCode = await proveIdentity(t, member);
    const email = newEmail();
    const send = await t.call('PATCH', '/api/user/update/email', { body: { email }, token: member.accessToken });
    expect(send.statusCode).toBe(200);
    expect(send.json().data).toEqual({ code_sent: true });
    expect(send.json().message.en).toBe('A code has been sent to your phone number.');
    const sms = await lastMessageTo(t, PHONE);
    const code = codeIn(sms?.text);
    // The code travels by SMS only; it is stored as a keyed hash.
    const [stored] = await t.ctx.database.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.purpose, 'email_change'));
    expect(stored?.codeHash).not.toContain(code);

    const apply = await t.call('PATCH', '/api/user/update/email', {
      body: { email, verification_code: code, current_channel_code: currentChannelCode },
      token: member.accessToken,
    });
    expect(apply.statusCode).toBe(200);
    expect(apply.json().data).toEqual({ email, iev: false, signed_out: true });
    expect(apply.json().message.en).toBe('Your email has been updated. Please log in again.');

    const row = await userRow(t, email);
    expect(row?.emailVerifiedAt).toBeNull();
    expect(await userRow(t, member.email)).toBeUndefined();
    // Every session ended: the old access and refresh tokens no longer work.
    expect((await t.call('GET', '/api/user/profile', { token: member.accessToken })).statusCode).toBe(401);
    expect(
      (await t.call('POST', '/api/auth/token/refresh', { body: { refresh_token: member.refreshToken } })).statusCode,
    ).toBe(401);
    // Sign-in works with the new email only, and the new address received its own verification code.
    const login = await t.call('POST', '/api/auth/token', { body: { email, password: member.password } });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.iev).toBe(false);
    const old = await t.call('POST', '/api/auth/token', { body: { email: member.email, password: member.password } });
    expect(old.statusCode).toBe(401);
    const verification = codeIn((await lastMessageTo(t, email))?.text);
    const verify = await t.call('POST', '/api/user/email/verify', {
      body: { code: verification },
      token: login.json().data.access_token,
    });
    expect(verify.statusCode).toBe(200);
  });

  it("refuses the member's own email (any case) with the spec message", async () => {
    const member = await ready();
    const response = await t.call('PATCH', '/api/user/update/email', {
      body: { email: member.email.toUpperCase() },
      token: member.accessToken,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.en).toBe("You can't update with the same email");
    expect(response.json().field).toBe('email');
  });

  it('refuses an invalid or blank email', async () => {
    const member = await ready();
    const invalid = await t.call('PATCH', '/api/user/update/email', {
      body: { email: 'x@' },
      token: member.accessToken,
    });
    expect(invalid.json().error.en).toBe('Invalid email');
    const blank = await t.call('PATCH', '/api/user/update/email', { body: { email: '' }, token: member.accessToken });
    expect(blank.json().error.en).toBe('You cannot leave this field blank');
  });

  it("refuses another member's email with 409, before and after the code", async () => {
    const a = await ready();
    const b = await ready();
    const before = await t.call('PATCH', '/api/user/update/email', { body: { email: b.email }, token: a.accessToken });
    expect(before.statusCode).toBe(409);
    expect(before.json().error.en).toBe('Email already exists. Please log in or use another email.');

    // B takes the address after A asked for a code: the change is refused, A keeps its email.
    const target = newEmail();
    const code = await requestCode(a.accessToken, target);
    await t.ctx.database.db.update(users).set({ email: target }).where(eq(users.email, b.email));
    const after = await t.call('PATCH', '/api/user/update/email', {
      body: { email: target, verification_code: code },
      token: a.accessToken,
    });
    expect(after.statusCode).toBe(409);
    expect((await userRow(t, a.email))?.email).toBe(a.email);
  });

  it('needs a saved phone: PhoneMissing', async () => {
    const member = await ready();
    await t.ctx.database.db
      .update(users)
      .set({ phoneCode: null, phoneNumber: null, phoneSlug: null })
      .where(eq(users.email, member.email));
    const response = await t.call('PATCH', '/api/user/update/email', {
      body: { email: newEmail() },
      token: member.accessToken,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      en: 'Please enter your phone number, to receive OTP!',
      fr: 'Veuillez saisir votre numéro de téléphone pour recevoir le code\u00a0!',
    });
  });

  it('refuses a wrong code, a code sent for another address, a reused code and an expired code', async () => {
    const member = await ready();
    const email = newEmail();
    const code = await requestCode(member.accessToken, email);
    const bad = await t.call('PATCH', '/api/user/update/email', {
      body: { email, verification_code: wrong(code) },
      token: member.accessToken,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.en).toBe('The code is not valid');
    expect(bad.json().field).toBe('verification_code');
    const otherAddress = await t.call('PATCH', '/api/user/update/email', {
      body: { email: newEmail(), verification_code: code },
      token: member.accessToken,
    });
    expect(otherAddress.statusCode).toBe(400);
    expect(otherAddress.json().error.en).toBe('The code is not valid');
    expect((await userRow(t, member.email))?.email).toBe(member.email);

    const second = await ready();
    const secondEmail = newEmail();
    const secondCode = await requestCode(second.accessToken, secondEmail);
    await t.ctx.database.db
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationCodes.purpose, 'email_change'));
    const expired = await t.call('PATCH', '/api/user/update/email', {
      body: { email: secondEmail, verification_code: secondCode },
      token: second.accessToken,
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.en).toBe('The code has expired. Please ask for a new one.');
  });

  it('a used code cannot be used again', async () => {
    const member = await ready();
    const email = newEmail();
    const code = await requestCode(member.accessToken, email);
    const ok = await t.call('PATCH', '/api/user/update/email', {
      body: { email, verification_code: code },
      token: member.accessToken,
    });
    expect(ok.statusCode).toBe(200);
    const login = await t.call('POST', '/api/auth/token', { body: { email, password: member.password } });
    await reauthenticate(t, { accessToken: login.json().data.access_token, password: member.password });
    const reuse = await t.call('PATCH', '/api/user/update/email', {
      body: { email: newEmail(), verification_code: code },
      token: login.json().data.access_token,
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().error.en).toBe('The code is not valid');
  });

  it('after five wrong codes the right one no longer works', async () => {
    const member = await ready();
    const email = newEmail();
    const code = await requestCode(member.accessToken, email);
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await t.call('PATCH', '/api/user/update/email', {
        body: { email, verification_code: wrong(code) },
        token: member.accessToken,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    const right = await t.call('PATCH', '/api/user/update/email', {
      body: { email, verification_code: code },
      token: member.accessToken,
    });
    expect(right.statusCode).toBe(429);
    expect(right.json().error.en).toBe('Too many wrong codes. Please ask for a new one.');
  });

  it('validates the code format with the spec messages', async () => {
    const member = await ready();
    const empty = await t.call('PATCH', '/api/user/update/email', {
      body: { email: newEmail(), verification_code: '' },
      token: member.accessToken,
    });
    expect(empty.json().error.en).toBe('Plesae input Otp!');
    const short = await t.call('PATCH', '/api/user/update/email', {
      body: { email: newEmail(), verification_code: '12345' },
      token: member.accessToken,
    });
    expect(short.json().error.en).toBe('Otp is not valid!');
  });

  it("A's code cannot change B's email, and A's call never touches B", async () => {
    const a = await ready();
    const b = await ready();
    const email = newEmail();
    const code = await requestCode(a.accessToken, email);
    const response = await t.call('PATCH', '/api/user/update/email', {
      body: { email, verification_code: code },
      token: b.accessToken,
    });
    expect(response.statusCode).toBe(400);
    expect((await userRow(t, b.email))?.email).toBe(b.email);
    expect((await userRow(t, a.email))?.email).toBe(a.email);
  });
});

describe('rate limits on the email change', () => {
  it('counts sending codes and confirming them separately', async () => {
    const strict = await createTestApp({ rateLimitAuthPerMinute: 4 });
    try {
      const member = await createMember(strict, { verified: true });
      const currentChannelCode = await proveIdentity(strict, member);
      const email = `limited.${Date.now()}@example.com`;
      const sends: number[] = [];
      for (let i = 0; i < 4; i++) {
        sends.push(
          (await strict.call('PATCH', '/api/user/update/email', { body: { email }, token: member.accessToken }))
            .statusCode,
        );
      }
      expect(sends).toEqual([200, 200, 200, 429]);
      const code = codeIn((await lastMessageTo(strict, PHONE))?.text);
      const confirm = await strict.call('PATCH', '/api/user/update/email', {
        body: { email, verification_code: code, current_channel_code: currentChannelCode },
        token: member.accessToken,
      });
      expect(confirm.statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });
});

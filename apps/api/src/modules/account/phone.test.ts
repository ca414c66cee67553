import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeIn, createMember, lastMessageTo, proveIdentity, userRow } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { users, verificationCodes } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const NEW = { slug: 'FR', country_code: '+33', number: '698765432' };
const NEW_E164 = '+33698765432';
const CURRENT = { slug: 'FR', country_code: '+33', number: '612345678' };

/**
 * A verified member whose session has just confirmed the password, with the code emailed to their address
 * (`channel`): what every phone change needs since issue 12.
 */
async function ready(app: TestApp = t) {
  const member = await createMember(app, { verified: true });
  return { ...member, channel: await proveIdentity(app, member) };
}

async function sendCode(token: string, phone = NEW) {
  const response = await t.call('POST', '/api/user/phone', { body: phone, token });
  expect(response.statusCode).toBe(200);
  return codeIn((await lastMessageTo(t, NEW_E164))?.text);
}

describe('phone change', () => {
  it('sends a code to the new number, verifies it without spending it, then applies it', async () => {
    const member = await ready();
    const send = await t.call('POST', '/api/user/phone', { body: NEW, token: member.accessToken });
    expect(send.statusCode).toBe(200);
    expect(send.json().data).toEqual({ code_sent: true });
    const code = codeIn((await lastMessageTo(t, NEW_E164))?.text);

    const verify = await t.call('POST', '/api/user/phone/verify', {
      body: { ...NEW, verification_code: code },
      token: member.accessToken,
    });
    expect(verify.statusCode).toBe(200);
    expect(verify.json().data).toEqual({ verified: true });
    expect((await userRow(t, member.email))?.phoneNumber).toBe('612345678');

    const update = await t.call('PATCH', '/api/user/update/phone', {
      body: { ...NEW, verification_code: code, current_channel_code: member.channel },
      token: member.accessToken,
    });
    expect(update.statusCode).toBe(200);
    expect(update.json().data).toEqual({ phone: { code: '+33', number: '698765432', slug: 'FR' }, ipe: false });
    expect(update.json().message.en).toBe('Your phone number has been updated');
    const profile = await t.call('GET', '/api/user/profile', { token: member.accessToken });
    expect(profile.json().data.user.phone).toEqual({ code: '+33', number: '698765432', slug: 'FR' });

    const reuse = await t.call('PATCH', '/api/user/update/phone', {
      body: { ...CURRENT, verification_code: code, current_channel_code: member.channel },
      token: member.accessToken,
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().error.en).toBe('The code is not valid');
  });

  it('refuses the current number with the spec message', async () => {
    const member = await ready();
    for (const [method, url] of [
      ['POST', '/api/user/phone'],
      ['PATCH', '/api/user/update/phone'],
    ] as const) {
      const response = await t.call(method, url, {
        body: {
          ...CURRENT,
          number: '+33 6 12 34 56 78',
          ...(method === 'PATCH' ? { verification_code: '123456' } : {}),
        },
        token: member.accessToken,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.en).toBe("You can't update with the same phone number");
    }
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ['5 digits', { number: '12345' }, 'Phone number is not valid'],
    ['letters only', { number: 'abc' }, 'Please enter your phone number'],
    ['blank', { number: '' }, 'Please enter your phone number'],
    ['dial code of another country', { slug: 'US' }, 'Invalid number'],
    ['bad dial code', { country_code: 'x' }, 'Invalid number'],
  ];
  it.each(invalid)('refuses %s', async (_name, change, english) => {
    const member = await ready();
    const response = await t.call('POST', '/api/user/phone', {
      body: { ...NEW, ...change },
      token: member.accessToken,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.en).toBe(english);
  });

  it('needs the code when a phone is already saved', async () => {
    const member = await ready();
    const response = await t.call('PATCH', '/api/user/update/phone', {
      body: { ...NEW, current_channel_code: member.channel },
      token: member.accessToken,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.en).toBe('Plesae input Otp!');
    expect(response.json().field).toBe('verification_code');
  });

  it('saves the phone directly when the member has none, and ipe turns false', async () => {
    const member = await ready();
    await t.ctx.database.db
      .update(users)
      .set({ phoneCode: null, phoneNumber: null, phoneSlug: null })
      .where(eq(users.email, member.email));
    const before = await t.call('GET', '/api/user/profile', { token: member.accessToken });
    expect(before.json().data.user.ipe).toBe(true);
    expect(before.json().data.user.phone).toBeNull();
    const response = await t.call('PATCH', '/api/user/update/phone', {
      body: { ...NEW, current_channel_code: member.channel },
      token: member.accessToken,
    });
    expect(response.statusCode).toBe(200);
    const after = await t.call('GET', '/api/user/profile', { token: member.accessToken });
    expect(after.json().data.user.ipe).toBe(false);
    expect(after.json().data.user.phone).toEqual({ code: '+33', number: '698765432', slug: 'FR' });
  });

  it('a code sent to one number does not confirm another', async () => {
    const member = await ready();
    const code = await sendCode(member.accessToken);
    const other = { slug: 'FR', country_code: '+33', number: '655555555' };
    const verify = await t.call('POST', '/api/user/phone/verify', {
      body: { ...other, verification_code: code },
      token: member.accessToken,
    });
    expect(verify.statusCode).toBe(400);
    const update = await t.call('PATCH', '/api/user/update/phone', {
      body: { ...other, verification_code: code, current_channel_code: member.channel },
      token: member.accessToken,
    });
    expect(update.statusCode).toBe(400);
    expect((await userRow(t, member.email))?.phoneNumber).toBe('612345678');
  });

  it('wrong codes count on verify too; after five the right one is refused', async () => {
    const member = await ready();
    const code = await sendCode(member.accessToken);
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await t.call('POST', '/api/user/phone/verify', {
        body: { ...NEW, verification_code: wrong(code) },
        token: member.accessToken,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    const right = await t.call('PATCH', '/api/user/update/phone', {
      body: { ...NEW, verification_code: code, current_channel_code: member.channel },
      token: member.accessToken,
    });
    expect(right.statusCode).toBe(429);
  });

  it('refuses an expired code', async () => {
    const member = await ready();
    const code = await sendCode(member.accessToken);
    await t.ctx.database.db
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationCodes.purpose, 'phone_verification'));
    const response = await t.call('POST', '/api/user/phone/verify', {
      body: { ...NEW, verification_code: code },
      token: member.accessToken,
    });
    expect(response.json().error.en).toBe('The code has expired. Please ask for a new one.');
  });

  it('a new code replaces the previous one', async () => {
    const member = await ready();
    const first = await sendCode(member.accessToken);
    const second = await sendCode(member.accessToken);
    if (first !== second) {
      const old = await t.call('POST', '/api/user/phone/verify', {
        body: { ...NEW, verification_code: first },
        token: member.accessToken,
      });
      expect(old.statusCode).toBe(400);
    }
    const ok = await t.call('POST', '/api/user/phone/verify', {
      body: { ...NEW, verification_code: second },
      token: member.accessToken,
    });
    expect(ok.statusCode).toBe(200);
  });

  it("B cannot use A's code, and A's change never touches B", async () => {
    const a = await ready();
    const b = await ready();
    const code = await sendCode(a.accessToken);
    const stolen = await t.call('PATCH', '/api/user/update/phone', {
      body: { ...NEW, verification_code: code, current_channel_code: b.channel },
      token: b.accessToken,
    });
    expect(stolen.statusCode).toBe(400);
    await t.call('PATCH', '/api/user/update/phone', {
      body: { ...NEW, verification_code: code, current_channel_code: a.channel },
      token: a.accessToken,
    });
    expect((await userRow(t, a.email))?.phoneNumber).toBe('698765432');
    expect((await userRow(t, b.email))?.phoneNumber).toBe('612345678');
  });
});

describe('rate limits on code routes', () => {
  it('sending codes is limited per IP', async () => {
    const strict = await createTestApp({ rateLimitAuthPerMinute: 4 });
    try {
      const member = await ready(strict);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        statuses.push(
          (await strict.call('POST', '/api/user/phone', { body: NEW, token: member.accessToken })).statusCode,
        );
      }
      expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
      expect(statuses[3]).toBe(429);
    } finally {
      await strict.close();
    }
  });
});

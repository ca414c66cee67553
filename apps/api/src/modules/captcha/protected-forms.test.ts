import { messages } from '@parcelle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, registration } from '../../../test/factories';
import { createTestApp, solvedCaptcha, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let sequence = 0;
const unique = (name: string) => `${name}.${++sequence}.${Date.now()}@example.com`;

/** Each protected form: a valid body for a fresh address (without its captcha), and where its email would go. */
const forms: {
  name: string;
  url: string;
  body: () => Promise<{ body: Record<string, unknown>; mailTo: string }>;
}[] = [
  {
    name: 'register',
    url: '/api/user/register',
    body: async () => {
      const body = registration();
      return { body, mailTo: String(body.email) };
    },
  },
  {
    name: 'quick sign-up',
    url: '/api/user/register',
    body: async () => {
      const email = unique('quick');
      return { body: { first_name: 'Quick', last_name: 'Buyer', email, quick_sign_up: true }, mailTo: email };
    },
  },
  {
    name: 'forgot password',
    url: '/api/auth/forgotpwd',
    body: async () => {
      const member = await createMember(t);
      return { body: { email: member.email }, mailTo: member.email };
    },
  },
  {
    name: 'contact',
    url: '/api/contact/',
    body: async () => {
      const email = unique('visitor');
      const object = `Question ${sequence}`;
      return {
        body: { first_name: 'Lucie', last_name: 'Fontaine', email, phone: '+33 6 12 34 56 78', object, message: 'Hi' },
        mailTo: t.ctx.config.operatorsEmail,
      };
    },
  },
  {
    name: 'newsletter',
    url: '/api/newsletter/subscribe',
    body: async () => {
      const email = unique('reader');
      return { body: { email, lang: 'fr' }, mailTo: email };
    },
  },
];

const mailCount = async (to: string) =>
  ((await t.call('GET', `/api/dev/outbox?to=${encodeURIComponent(to)}`)).json().data as unknown[]).length;

describe.each(forms)('the captcha protects $name', ({ url, body }) => {
  it('answers 400 in both languages without a captcha, and does nothing', async () => {
    const { body: payload, mailTo } = await body();
    const before = await mailCount(mailTo);
    const response = await t.call('POST', url, { body: payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 400, error: messages.CaptchaRequired, field: 'captcha' });
    expect(response.json().error.fr).toBe('Veuillez compléter la vérification de sécurité (captcha) pour continuer.');
    expect(await mailCount(mailTo)).toBe(before);
  });

  it('accepts a solved captcha once: its replay answers 400 and does nothing', async () => {
    const captcha = await solvedCaptcha(t);
    const first = await body();
    const accepted = await t.call('POST', url, { body: { ...first.body, captcha } });
    expect(accepted.statusCode).toBe(200);

    const second = await body();
    const before = await mailCount(second.mailTo);
    const replay = await t.call('POST', url, { body: { ...second.body, captcha } });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ status: 400, error: messages.CaptchaFailed, field: 'captcha' });
    expect(await mailCount(second.mailTo)).toBe(before);
  });

  it('refuses a forged or tampered captcha', async () => {
    const { body: payload } = await body();
    const decoded = JSON.parse(Buffer.from(await solvedCaptcha(t), 'base64').toString());
    decoded.solution.counter += 1;
    decoded.solution.derivedKey = '00'.repeat(32);
    for (const captcha of ['forged', Buffer.from(JSON.stringify(decoded)).toString('base64')]) {
      const response = await t.call('POST', url, { body: { ...payload, captcha } });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual(messages.CaptchaFailed);
    }
  });
});

describe('POST /api/verify/captcha grants nothing', () => {
  it('answers verified as before, and a captcha it verified cannot be used again by a form', async () => {
    const captchaValue = await solvedCaptcha(t);
    const verified = await t.call('POST', '/api/verify/captcha', { body: { captchaValue } });
    expect(verified.json().data).toEqual({ success: true, verified: true });
    const register = await t.call('POST', '/api/user/register', { body: { ...registration(), captcha: captchaValue } });
    expect(register.statusCode).toBe(400);
    expect(register.json().error).toEqual(messages.CaptchaFailed);
  });
});

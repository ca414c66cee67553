import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeIn, lastMessageTo, registration, userRow } from '../../../test/factories';
import { createTestApp, solvedCaptcha, type TestApp } from '../../../test/test-app';
import { listOutbox } from '../../adapters/mail/outbox';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /api/user/register', () => {
  it('creates a member, signs them in unverified and emails a 6-digit code', async () => {
    const payload = registration();
    const response = await t.call('POST', '/api/user/register', {
      body: { ...payload, captcha: await solvedCaptcha(t) },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status).toBe(200);
    expect(body.message).toEqual({ en: 'Registration successful', fr: 'Inscription réussie' });
    expect(body.data).toMatchObject({ iev: false, curr: 'EURO', lang: 'en' });
    expect(body.data.access_token).toBe(body.data.token.access_token);
    expect(body.data.refresh_token).toBe(body.data.token.refresh_token);
    const mail = await lastMessageTo(t, String(payload.email));
    expect(codeIn(mail?.text)).toMatch(/^\d{6}$/);
    const row = await userRow(t, String(payload.email));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.phoneCode).toBe('+33');
    expect(row?.phoneNumber).toBe('612345678');
  });

  it('accepts the second payload form of spec §3 and sets USD outside Europe', async () => {
    const email = `second.form.${Date.now()}@example.com`;
    const response = await t.call('POST', '/api/user/register', {
      body: {
        firstname: 'Ada',
        lastname: 'Lovelace',
        phone: { code: '+1', number: '2015550123', slug: 'US' },
        Country: 'US',
        email,
        password: 'Another!pass2',
        password_confirmation: 'Another!pass2',
        birth_date: '1980-12-10',
        global: { curr: 'EURO', lang: 'fr' },
        captcha: await solvedCaptcha(t),
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ curr: 'USD', lang: 'fr', iev: false });
    const mail = await lastMessageTo(t, email);
    // Issue 31: the code is in the body, in French, and never in the subject.
    expect(mail?.subject).toBe('Votre code Parcelle');
    expect(mail?.text).toContain('Votre code de vérification');
    expect(mail?.html).toContain('<html lang="fr"');
    expect(mail?.html).toContain(`>${codeIn(mail?.text)}</td>`);
  });

  it('creates a quick sign-up member and emails a set-password link, never a password', async () => {
    const email = `quick.${Date.now()}@example.com`;
    const response = await t.call('POST', '/api/user/register', {
      body: {
        first_name: 'Quick',
        last_name: 'Buyer',
        email,
        quick_sign_up: true,
        lang: 'en',
        captcha: await solvedCaptcha(t),
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message.en).toBe('Quick Login Success');
    const outbox = (await t.call('GET', `/api/dev/outbox?to=${email}`)).json().data as {
      subject: string;
      text: string;
    }[];
    const mail = outbox.find((m) => m.subject === 'Choose your Parcelle password');
    expect(mail?.text).toMatch(/\/set-password\/[A-Za-z0-9_-]{40,}/);
    expect(outbox.some((m) => /Password: /.test(m.text))).toBe(false);
  });

  it('refuses an email that already exists, whatever its case', async () => {
    const payload = registration();
    const first = await t.call('POST', '/api/user/register', { body: { ...payload, captcha: await solvedCaptcha(t) } });
    expect(first.statusCode).toBe(200);
    const again = await t.call('POST', '/api/user/register', {
      body: { ...payload, email: String(payload.email).toUpperCase(), captcha: await solvedCaptcha(t) },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({
      en: 'Email already exists. Please log in or use another email.',
      fr: 'Cet e-mail existe déjà. Veuillez vous connecter ou utiliser un autre e-mail.',
    });
  });

  it('tells the owner of a taken address by email, once an hour, and changes nothing of the account (issue 26)', async () => {
    const payload = registration({ lang: 'fr' });
    const first = await t.call('POST', '/api/user/register', { body: { ...payload, captcha: await solvedCaptcha(t) } });
    expect(first.statusCode).toBe(200);
    const before = await userRow(t, String(payload.email));
    const again = await t.call('POST', '/api/user/register', {
      body: {
        ...payload,
        password: 'Other!pass2',
        password_confirmation: 'Other!pass2',
        captcha: await solvedCaptcha(t),
      },
    });
    expect(again.statusCode).toBe(409);
    const notice = await lastMessageTo(t, String(payload.email));
    expect(notice?.subject).toBe('Tentative d’inscription avec votre adresse');
    expect(notice?.text).toContain('/login');
    expect(notice?.text).toContain('/forgot');
    expect(await userRow(t, String(payload.email))).toEqual(before);
    // A second attempt within the hour is refused the same way, without a second email.
    const solved = await solvedCaptcha(t);
    const third = await t.call('POST', '/api/user/register', {
      body: { ...payload, password: 'Other!pass2', password_confirmation: 'Other!pass2', captcha: solved },
    });
    expect(third.statusCode).toBe(409);
    const notices = (await listOutbox(t.ctx.database.db, String(payload.email), 10)).filter(
      (message) => message.subject === notice?.subject,
    );
    expect(notices).toHaveLength(1);
  });

  const invalid: [string, Record<string, unknown>, string, string][] = [
    ['blank first name', { first_name: '' }, 'first_name', 'You cannot leave this field blank'],
    ['whitespace last name', { last_name: '   ' }, 'last_name', 'You cannot leave this field blank'],
    ['name over 100', { first_name: 'a'.repeat(101) }, 'first_name', 'Cannot contain more than 100 characters.'],
    ['digits in a name', { last_name: 'R2D2' }, 'last_name', 'Cannot contain special characters or numbers'],
    ['invalid email', { email: 'not-an-email' }, 'email', 'Invalid email'],
    [
      'short password',
      { password: 'a!b', password_confirmation: 'a!b' },
      'password',
      'Password must contain at least 8 characters',
    ],
    [
      'password without special',
      { password: 'abcdefgh1', password_confirmation: 'abcdefgh1' },
      'password',
      'Password must contain a special character !@#$%^&*(),.?":{}|<>',
    ],
    [
      'confirmation mismatch',
      { password_confirmation: 'Other!pass1' },
      'password_confirmation',
      'Passwords must match',
    ],
    ['phone of 5 digits', { number: '12345' }, 'number', 'Phone number is not valid'],
    [
      'under 18',
      { birth_date: new Date(Date.now() - 17 * 366 * 86400000).toISOString().slice(0, 10) },
      'birth_date',
      'You must be at least 18 years old',
    ],
    ['unknown country', { country: 'ZZ' }, 'country', 'Please select your country'],
  ];
  it.each(invalid)(
    'answers 400 for %s with both languages and writes nothing',
    async (_name, change, field, english) => {
      const payload = registration(change as never);
      const response = await t.call('POST', '/api/user/register', {
        body: { ...payload, captcha: await solvedCaptcha(t) },
      });
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.error.en).toBe(english);
      expect(body.error.fr.length).toBeGreaterThan(0);
      expect(body.field).toBe(field);
      expect(await userRow(t, String(payload.email).toLowerCase())).toBeUndefined();
    },
  );

  it('rejects unknown fields, wrong types, malformed JSON and oversized bodies with a 4xx', async () => {
    const extra = await t.call('POST', '/api/user/register', {
      body: { ...registration(), captcha: 'c', is_admin: true },
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error.en).toBe('The request contains an unknown field');
    const wrongType = await t.call('POST', '/api/user/register', {
      body: { ...registration(), captcha: 'c', first_name: 42 },
    });
    expect(wrongType.statusCode).toBe(400);
    const malformed = await t.call('POST', '/api/user/register', {
      body: '{"first_name": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fr).toBeTruthy();
    const huge = await t.call('POST', '/api/user/register', {
      body: { ...registration(), first_name: 'a'.repeat(70_000) },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.en).toBe('The request body is too large');
    const array = await t.call('POST', '/api/user/register', { body: [1, 2] });
    expect(array.statusCode).toBe(400);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, proveIdentity, userRow } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const profile = { first_name: 'Élise', last_name: 'Durand', country: 'BE', birth_date: '1985-02-03' };

describe('PATCH /api/user/profile', () => {
  it('updates names, country and birth date and answers the profile', async () => {
    const member = await createMember(t);
    const response = await t.call('PATCH', '/api/user/profile', { body: profile, token: member.accessToken });
    expect(response.statusCode).toBe(200);
    expect(response.json().message.en).toBe('Your profile has been updated');
    expect(response.json().data.user).toMatchObject({
      first_name: 'Élise',
      last_name: 'Durand',
      country: 'BE',
      birth_date: '1985-02-03',
      email: member.email,
      ipe: false,
    });
    const again = await t.call('GET', '/api/user/profile', { token: member.accessToken });
    expect(again.json().data.user.first_name).toBe('Élise');
  });

  const invalid: [string, Record<string, unknown>, string, string][] = [
    ['blank first name', { first_name: ' ' }, 'first_name', 'You cannot leave this field blank'],
    ['name over 100', { last_name: 'a'.repeat(101) }, 'last_name', 'Cannot contain more than 100 characters.'],
    ['digits in a name', { first_name: 'J0hn' }, 'first_name', 'Cannot contain special characters or numbers'],
    ['unknown country', { country: 'ZZ' }, 'country', 'Please select your country'],
    ['missing country', { country: undefined }, 'country', 'Please select your country'],
    [
      'under 18',
      { birth_date: new Date(Date.now() - 17 * 366 * 86400000).toISOString().slice(0, 10) },
      'birth_date',
      'You must be at least 18 years old',
    ],
    ['not a date', { birth_date: '1990-02-30' }, 'birth_date', 'Invalid date'],
  ];
  it.each(invalid)('refuses %s with the spec message in both languages', async (_name, change, field, english) => {
    const member = await createMember(t);
    const response = await t.call('PATCH', '/api/user/profile', {
      body: { ...profile, ...change },
      token: member.accessToken,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.en).toBe(english);
    expect(response.json().error.fr.length).toBeGreaterThan(0);
    expect(response.json().field).toBe(field);
    expect((await userRow(t, member.email))?.firstName).toBe('Camille');
  });

  it('refuses fields that are not editable here (email, role…)', async () => {
    const member = await createMember(t);
    const response = await t.call('PATCH', '/api/user/profile', {
      body: { ...profile, email: 'other@example.com' },
      token: member.accessToken,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.en).toBe('The request contains an unknown field');
  });

  it('needs a signed-in member', async () => {
    const response = await t.call('PATCH', '/api/user/profile', { body: profile });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/user/language', () => {
  it('saves the language (fr-FR is normalised) and emails follow it', async () => {
    const member = await createMember(t);
    const response = await t.call('POST', '/api/user/language', { body: { lang: 'fr-FR' }, token: member.accessToken });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ lang: 'fr' });
    expect(response.json().message).toEqual({ en: 'Language updated', fr: 'Langue mise à jour' });
    expect((await userRow(t, member.email))?.language).toBe('fr');
    const resend = await t.call('POST', '/api/user/resend/email', { token: member.accessToken });
    expect(resend.statusCode).toBe(200);
    const outbox = (await t.call('GET', `/api/dev/outbox?to=${member.email}`)).json().data;
    expect(outbox[0].subject).toBe('Votre code Parcelle');
    expect(outbox[0].text).toContain('Votre code de vérification');
    expect(outbox[0].html).toContain('<html lang="fr"');
  });

  it('refuses an unsupported language', async () => {
    const member = await createMember(t);
    const response = await t.call('POST', '/api/user/language', { body: { lang: 'de' }, token: member.accessToken });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toHaveProperty('en');
    expect(response.json().error).toHaveProperty('fr');
  });
});

describe('PATCH /api/user/paypal', () => {
  it('saves the PayPal email, shown in the profile', async () => {
    const member = await createMember(t, { verified: true });
    const before = await t.call('GET', '/api/user/profile', { token: member.accessToken });
    expect(before.json().data.user.paypal).toBeNull();
    const code = await proveIdentity(t, member);
    const response = await t.call('PATCH', '/api/user/paypal', {
      body: { email: 'Pay.Me@Example.com', current_channel_code: code },
      token: member.accessToken,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ paypal: { email: 'pay.me@example.com' } });
    const after = await t.call('GET', '/api/user/profile', { token: member.accessToken });
    expect(after.json().data.user.paypal).toEqual({ email: 'pay.me@example.com' });
  });

  it('refuses an invalid or blank email', async () => {
    const member = await createMember(t);
    const invalid = await t.call('PATCH', '/api/user/paypal', { body: { email: 'nope' }, token: member.accessToken });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.en).toBe('Invalid email');
    const blank = await t.call('PATCH', '/api/user/paypal', { body: { email: '' }, token: member.accessToken });
    expect(blank.json().error.en).toBe('You cannot leave this field blank');
  });
});

describe('POST /api/user/request/disable/account', () => {
  it('requires a reason', async () => {
    const member = await createMember(t);
    for (const body of [{ reason: '' }, { reason: '   ' }, {}]) {
      const response = await t.call('POST', '/api/user/request/disable/account', { body, token: member.accessToken });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.en).toBe('Please provide a reason to continue.');
    }
  });

  it('deactivates the account: sessions end, tokens answer Account Deactivated, sign-in is refused, nothing deleted', async () => {
    const member = await createMember(t);
    const response = await t.call('POST', '/api/user/request/disable/account', {
      body: { reason: 'I no longer collect art' },
      token: member.accessToken,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message.en).toBe('Your account has been deactivated');
    const row = await userRow(t, member.email);
    expect(row?.disabledAt).toBeInstanceOf(Date);
    expect(row?.disabledReason).toBe('I no longer collect art');

    const after = await t.call('GET', '/api/user/profile', { token: member.accessToken });
    // Spec §8: 'Account Deactivated' (the client clears the session), not 'Invalid Token' (it would refresh).
    expect(after.statusCode).toBe(401);
    expect(after.json().error).toEqual({ en: 'Account Deactivated', fr: 'Compte désactivé' });
    const refresh = await t.call('POST', '/api/auth/token/refresh', { body: { refresh_token: member.refreshToken } });
    expect(refresh.statusCode).toBe(401);
    expect(refresh.json().error).toEqual({ en: 'Account Deactivated', fr: 'Compte désactivé' });
    const login = await t.call('POST', '/api/auth/token', { body: { email: member.email, password: member.password } });
    expect(login.statusCode).toBe(401);
    expect(login.json().error.en).toBe('Account Deactivated');
  });
});

describe('isolation between members', () => {
  it("A's token only ever changes A", async () => {
    const a = await createMember(t, { verified: true });
    const b = await createMember(t);
    await t.call('PATCH', '/api/user/profile', { body: profile, token: a.accessToken });
    const code = await proveIdentity(t, a);
    const paypal = await t.call('PATCH', '/api/user/paypal', {
      body: { email: 'a@example.com', current_channel_code: code },
      token: a.accessToken,
    });
    expect(paypal.statusCode).toBe(200);
    await t.call('POST', '/api/user/language', { body: { lang: 'fr' }, token: a.accessToken });
    const rowB = await userRow(t, b.email);
    expect(rowB).toMatchObject({ firstName: 'Camille', country: 'FR', paypalEmail: null, language: 'en' });
    const profileB = await t.call('GET', '/api/user/profile', { token: b.accessToken });
    expect(profileB.json().data.user.email).toBe(b.email);
    expect(profileB.json().data.user.paypal).toBeNull();
  });
});

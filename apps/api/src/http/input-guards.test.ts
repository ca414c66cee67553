import { fillMessage, messages } from '@parcelle/shared';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, registration, userRow } from '../../test/factories';
import { createTestApp, solvedCaptcha, type TestApp } from '../../test/test-app';
import { bankAccounts, contactMessages, users } from '../db/schema';
import { forbiddenTextPath, jsonDepthExceeds, MAX_JSON_DEPTH } from './input-guards';

/** Decisions 74 and 75: control characters and deep JSON answer 400 in both languages, before anything runs. */
let t: TestApp;
let member: Awaited<ReturnType<typeof createMember>>;

beforeAll(async () => {
  t = await createTestApp();
  member = await createMember(t, { verified: true });
});
afterAll(() => t.close());

const db = () => t.ctx.database.db;
const contact = {
  first_name: 'Lucie',
  last_name: 'Fontaine',
  email: 'lucie.fontaine@example.com',
  phone: '+33 6 12 34 56 78',
  object: 'Visiting the storage',
  message: 'Hello,\r\n\tcan members visit the works in storage?',
};

async function contactCount() {
  const [row] = await db().select({ n: count() }).from(contactMessages);
  return Number(row?.n ?? 0);
}

describe('control characters', () => {
  it('refuses a NUL byte in a registration field with a bilingual 400, and creates no account', async () => {
    const before = await db().select({ n: count() }).from(users);
    for (const [field, value] of [
      ['email', 'nul\u0000byte@example.com'],
      ['number', '6123\u000045678'],
      ['last_name', 'Mar\u0000tin'],
      ['device_token', 'web\u0000'],
    ] as const) {
      const body = registration({ [field]: value });
      const response = await t.call('POST', '/api/user/register', { body });
      expect(response.statusCode, field).toBe(400);
      expect(response.json().error).toEqual(messages.ControlCharacters);
      expect(response.json().field).toBe(field);
    }
    expect(await db().select({ n: count() }).from(users)).toEqual(before);
  });

  it('refuses NUL, DEL, C1 and bidi overrides in the contact form and stores nothing; line breaks in the message pass', async () => {
    const before = await contactCount();
    for (const bad of ['a\u0000b', 'a\u007Fb', 'a\u0085b', 'evil\u202Egnp.exe', 'x\u2066y', 'lone \uD800 surrogate']) {
      const response = await t.call('POST', '/api/contact/', { body: { ...contact, object: bad } });
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.json().error).toEqual(messages.ControlCharacters);
    }
    const nulInMessage = await t.call('POST', '/api/contact/', { body: { ...contact, message: 'Hi\u0000' } });
    expect(nulInMessage.statusCode).toBe(400);
    expect(await contactCount()).toBe(before);
    // A tab or a line break is refused in a one-line field by the field's own rule…
    const tab = await t.call('POST', '/api/contact/', { body: { ...contact, object: 'Two\tcolumns' } });
    expect(tab.statusCode).toBe(400);
    expect(tab.json()).toMatchObject({ error: messages.ControlCharacters, field: 'object' });
    // …and accepted in the multi-line message.
    const accepted = await t.call('POST', '/api/contact/', { body: { ...contact, captcha: await solvedCaptcha(t) } });
    expect(accepted.statusCode).toBe(200);
    expect(await contactCount()).toBe(before + 1);
  });

  it('refuses a NUL byte in the profile and the bank details, and changes nothing', async () => {
    const profile = await t.call('PATCH', '/api/user/profile', {
      token: member.accessToken,
      body: { first_name: 'Ca\u0000mille', last_name: 'Martin', country: 'FR', birth_date: '1990-05-17' },
    });
    expect(profile.statusCode).toBe(400);
    expect(profile.json().error).toEqual(messages.ControlCharacters);
    expect((await userRow(t, member.email))?.firstName).toBe('Camille');
    const bank = await t.call('POST', '/api/user/bank', {
      token: member.accessToken,
      body: { account_owner: 'Camille\u0000Martin', iban: 'FR1420041010050500013M02606' },
    });
    expect(bank.statusCode).toBe(400);
    expect(bank.json()).toMatchObject({ error: messages.ControlCharacters, field: 'account_owner' });
    const [row] = await db().select({ n: count() }).from(bankAccounts);
    expect(Number(row?.n)).toBe(0);
  });

  it('refuses them in query strings, path parameters and keys too (a route that forgot a rule is still covered)', async () => {
    const query = await t.call('GET', '/api/paintings/detail?painting_id=%00abc');
    expect(query.statusCode).toBe(400);
    expect(query.json()).toMatchObject({ error: messages.ControlCharacters, field: 'painting_id' });
    const params = await t.call('GET', '/api/paintings/purchase/PA-%00', { token: member.accessToken });
    expect(params.statusCode).toBe(400);
    expect(params.json().error).toEqual(messages.ControlCharacters);
    const key = await t.call('POST', '/api/contact/', { body: { ...contact, 'bad\u0000key': 'x' } });
    expect(key.statusCode).toBe(400);
    expect(key.json().error).toEqual(messages.ControlCharacters);
  });

  it('finds the first forbidden string of any shape, without recursion', () => {
    expect(forbiddenTextPath({ a: [{ b: 'ok' }, { c: 'x\u0000' }] })).toBe('a.1.c');
    expect(forbiddenTextPath({ a: 'line\nbreak\ttab\r' })).toBeNull();
    expect(forbiddenTextPath('\u0007')).toBe('');
    expect(forbiddenTextPath(Buffer.from('\u0000'))).toBeNull();
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 10_000; i++) deep = [deep];
    expect(forbiddenTextPath(deep)).toMatch(/^0(\.0)+$/);
  });
});

describe('JSON depth', () => {
  const nested = (depth: number) => `${'['.repeat(depth - 1)}{"a":1}${']'.repeat(depth - 1)}`;

  it('counts the nesting of objects and arrays, not brackets inside strings', () => {
    expect(jsonDepthExceeds(nested(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(jsonDepthExceeds(nested(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
    expect(jsonDepthExceeds(JSON.stringify({ a: '[[[[[[[[[[[[[[[[[[[[[[[[[["\\' }), 2)).toBe(false);
  });

  it('answers 400 in both languages for a body nested deeper than the limit, before anything runs', async () => {
    const before = await contactCount();
    const body = `{"first_name":"Lucie","last_name":"F","email":"l@example.com","phone":"1","object":"o","message":${nested(MAX_JSON_DEPTH + 5)}}`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact/',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual(fillMessage('JsonTooDeep', { depth: MAX_JSON_DEPTH }));
    expect(response.json().error.en).toContain('maximum depth: 20');
    expect(await contactCount()).toBe(before);
    // 60 KiB of brackets (under the body limit) are refused the same way, not parsed.
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/contact/',
      headers: { 'content-type': 'application/json' },
      payload: `${'['.repeat(30_000)}${']'.repeat(30_000)}`,
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().error.en).toContain('nested too deeply');
    // The card webhook keeps its raw body (the provider signs it): no signature is still answered as such.
    const webhook = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/card',
      headers: { 'content-type': 'application/json' },
      payload: '{"id":"evt"}',
    });
    expect(webhook.statusCode).toBe(400);
    expect(webhook.json().error).toEqual(messages.WebhookSignatureInvalid);
  });
});

describe('paypal_object', () => {
  const order = (paypalObject: unknown) =>
    t.call('POST', '/api/paintings/order', {
      token: member.accessToken,
      body: { order_id: 'ORDER-1', payment_method: 'paypal', paypal_object: paypalObject },
    });

  it('accepts only the flat approval ids the web sends; anything else answers 400 before any capture', async () => {
    for (const bad of [
      { orderID: 'ORDER-1', payer: { address: { country_code: 'FR' } } },
      { orderID: { nested: true } },
      { orderID: 'x'.repeat(201) },
      ['ORDER-1'],
      'ORDER-1',
    ]) {
      const response = await order(bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.json().error.en).toBeTruthy();
      expect(response.json().error.fr).toBeTruthy();
    }
    // The known shapes pass validation (then the unknown order is not the member's: 404).
    for (const good of [
      { orderID: 'ORDER-1', payerID: 'PAYER', paymentID: null },
      { id: 'ORDER-1', status: 'APPROVED', source: 'sandbox' },
    ]) {
      expect((await order(good)).statusCode).toBe(404);
    }
  });
});

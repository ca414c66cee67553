import { messages } from '@parcelle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, solvedCaptcha, type TestApp } from '../../../test/test-app';
import { sameOrigin } from '../../http/web';
import { checkFormToken, issueFormToken, MAX_AGE_MS, MIN_AGE_MS } from './form-token';

const SECRET = 'a-server-secret-of-at-least-32-characters';

describe('the signed token of a form sent without JavaScript (decision 465)', () => {
  const now = Date.UTC(2026, 10, 29, 16, 0, 0);

  it('is good between a person’s reading time and its age, for its own form and secret only', () => {
    const token = issueFormToken(SECRET, 'newsletter', now);
    expect(checkFormToken(SECRET, token, 'newsletter', now + MIN_AGE_MS)).toEqual({ ok: true, issuedAt: now });
    expect(checkFormToken(SECRET, token, 'newsletter', now + MAX_AGE_MS)).toEqual({ ok: true, issuedAt: now });
    expect(checkFormToken(SECRET, token, 'newsletter', now + MIN_AGE_MS - 1)).toEqual({
      ok: false,
      reason: 'too-soon',
    });
    expect(checkFormToken(SECRET, token, 'newsletter', now + MAX_AGE_MS + 1)).toEqual({ ok: false, reason: 'expired' });
    expect(checkFormToken(`${SECRET}!`, token, 'newsletter', now + MIN_AGE_MS)).toEqual({
      ok: false,
      reason: 'forged',
    });
  });

  it('refuses a token whose moment, nonce, form or signature was changed', () => {
    const [form, issued, nonce, signature] = issueFormToken(SECRET, 'newsletter', now).split('.');
    const later = now + MIN_AGE_MS * 2;
    for (const forged of [
      [form, String(now - 60_000), nonce, signature],
      [form, issued, `${nonce}x`, signature],
      ['contact', issued, nonce, signature],
      [form, issued, nonce, `${signature?.slice(0, -2)}AA`],
      [form, issued, nonce],
      [form, issued, nonce, signature, 'more'],
      ['', '', '', ''],
    ])
      expect(checkFormToken(SECRET, forged.join('.'), 'newsletter', later)).toEqual({ ok: false, reason: 'forged' });
  });

  it('two tokens of the same moment differ', () => {
    expect(issueFormToken(SECRET, 'newsletter', now)).not.toBe(issueFormToken(SECRET, 'newsletter', now));
  });
});

describe('a form post names our origin or none', () => {
  const publicUrl = 'https://parcelle.art';
  it('accepts the request’s host, PUBLIC_URL’s host, or none named; refuses another site’s, by Origin or Sec-Fetch-Site', () => {
    const host = 'localhost:3000';
    expect(sameOrigin({ headers: { host, origin: 'http://localhost:3000' } }, publicUrl)).toBe(true);
    expect(sameOrigin({ headers: { host: 'internal:3000', origin: 'https://parcelle.art' } }, publicUrl)).toBe(true);
    expect(sameOrigin({ headers: { host } }, publicUrl)).toBe(true);
    // Our Referrer-Policy (no-referrer) makes a browser send `Origin: null` with its own site's form.
    expect(sameOrigin({ headers: { host, origin: 'null', 'sec-fetch-site': 'same-origin' } }, publicUrl)).toBe(true);
    expect(sameOrigin({ headers: { host, origin: 'https://evil.example' } }, publicUrl)).toBe(false);
    expect(sameOrigin({ headers: { host, origin: 'null', 'sec-fetch-site': 'cross-site' } }, publicUrl)).toBe(false);
    expect(sameOrigin({ headers: { host, 'sec-fetch-site': 'same-site' } }, publicUrl)).toBe(false);
  });
});

describe('POST /api/newsletter/subscribe with the token of the plain sign-up', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  let sequence = 0;
  const address = () => `plain.${++sequence}.${Date.now()}@example.com`;
  const mails = async (to: string) =>
    ((await t.call('GET', `/api/dev/outbox?to=${encodeURIComponent(to)}`)).json().data as unknown[]).length;
  const tokenAged = (ms: number) => issueFormToken(t.ctx.config.serverSecret, 'newsletter', Date.now() - ms);
  const subscribe = (email: string, form_token: string) =>
    t.call('POST', '/api/newsletter/subscribe', { body: { email, lang: 'fr', form_token } });

  it('takes a token once, after the reading time: the confirmation email is sent, a replay answers 400', async () => {
    const token = tokenAged(MIN_AGE_MS + 500);
    const email = address();
    const accepted = await subscribe(email, token);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().message).toEqual(messages.NewsletterConfirmSent);
    expect(await mails(email)).toBe(1);

    const other = address();
    const replay = await subscribe(other, token);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ status: 400, error: messages.CaptchaFailed, field: 'form_token' });
    expect(await mails(other)).toBe(0);
  });

  it('answers a token sent back at once FormTooSoon without spending it, and an old one FormExpired', async () => {
    const email = address();
    const fresh = tokenAged(0);
    const early = await subscribe(email, fresh);
    expect(early.json()).toEqual({ status: 400, error: messages.FormTooSoon, field: 'form_token' });
    const expired = await subscribe(email, tokenAged(MAX_AGE_MS + 1_000));
    expect(expired.json()).toEqual({ status: 400, error: messages.FormExpired, field: 'form_token' });
    expect(await mails(email)).toBe(0);
  });

  it('refuses a token signed with another secret, and still asks for a captcha when neither comes', async () => {
    const email = address();
    const forged = await subscribe(email, issueFormToken('another-secret-of-at-least-32-characters', 'newsletter', 0));
    expect(forged.json()).toEqual({ status: 400, error: messages.CaptchaFailed, field: 'form_token' });
    const none = await t.call('POST', '/api/newsletter/subscribe', { body: { email, lang: 'en' } });
    expect(none.json()).toEqual({ status: 400, error: messages.CaptchaRequired, field: 'captcha' });
    expect(await mails(email)).toBe(0);
  });

  it('keeps the captcha path: a solved captcha still subscribes', async () => {
    const email = address();
    const response = await t.call('POST', '/api/newsletter/subscribe', {
      body: { email, lang: 'en', captcha: await solvedCaptcha(t) },
    });
    expect(response.statusCode).toBe(200);
  });

  it('the other protected forms take no form token: their contract has none, and a captcha is still asked', async () => {
    const response = await t.call('POST', '/api/auth/forgotpwd', {
      body: { email: address(), form_token: tokenAged(MIN_AGE_MS + 500) },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('POST /api/contact/ with the token of /contact (decision 476)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  let sequence = 0;
  const message = () => ({
    first_name: 'Lucie',
    last_name: 'Fontaine',
    email: `plain.contact.${++sequence}.${Date.now()}@example.com`,
    phone: '+33 6 12 34 56 78',
    object: `A plain question ${sequence} ${Date.now()}`,
    message: 'Hello,\ncan members visit the works in storage?',
  });
  /** The operators' emails about this message: its object is in the subject. */
  const mailsAbout = async (object: string) =>
    (
      (await t.call('GET', `/api/dev/outbox?to=${encodeURIComponent(t.ctx.config.operatorsEmail)}`)).json().data as {
        subject: string;
      }[]
    ).filter((mail) => mail.subject.includes(object)).length;
  const tokenAged = (form: 'contact' | 'newsletter', ms: number) =>
    issueFormToken(t.ctx.config.serverSecret, form, Date.now() - ms);
  const send = (body: Record<string, unknown>, form_token: string) =>
    t.call('POST', '/api/contact/', { body: { ...body, form_token } });

  it('takes a contact token once, after the reading time: the operators are written to, a replay answers 400', async () => {
    const token = tokenAged('contact', MIN_AGE_MS + 500);
    const first = message();
    const accepted = await send(first, token);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().message).toEqual(messages.MessageSentSuccess);
    expect(await mailsAbout(first.object)).toBe(1);

    const second = message();
    const replay = await send(second, token);
    expect(replay.json()).toEqual({ status: 400, error: messages.CaptchaFailed, field: 'form_token' });
    expect(await mailsAbout(second.object)).toBe(0);
  });

  it('answers a token sent at once FormTooSoon without spending it, and an old one FormExpired', async () => {
    const body = message();
    const fresh = tokenAged('contact', 0);
    expect((await send(body, fresh)).json()).toEqual({ status: 400, error: messages.FormTooSoon, field: 'form_token' });
    const expired = await send(body, tokenAged('contact', MAX_AGE_MS + 1_000));
    expect(expired.json()).toEqual({ status: 400, error: messages.FormExpired, field: 'form_token' });
    expect(await mailsAbout(body.object)).toBe(0);
  });

  it('takes a token on its own form only: a newsletter token is refused here, a contact token there', async () => {
    const body = message();
    const newsletters = await send(body, tokenAged('newsletter', MIN_AGE_MS + 500));
    expect(newsletters.json()).toEqual({ status: 400, error: messages.CaptchaFailed, field: 'form_token' });
    expect(await mailsAbout(body.object)).toBe(0);
    const contacts = await t.call('POST', '/api/newsletter/subscribe', {
      body: { email: body.email, lang: 'en', form_token: tokenAged('contact', MIN_AGE_MS + 500) },
    });
    expect(contacts.json()).toEqual({ status: 400, error: messages.CaptchaFailed, field: 'form_token' });
  });

  it('checks the message before the token, which a refused message leaves unspent', async () => {
    const token = tokenAged('contact', MIN_AGE_MS + 500);
    const body = message();
    const blank = await send({ ...body, first_name: ' ' }, token);
    expect(blank.json()).toEqual({ status: 400, error: messages.ContactFirstNameRequired, field: 'first_name' });
    expect((await send(body, token)).statusCode).toBe(200);
  });
});

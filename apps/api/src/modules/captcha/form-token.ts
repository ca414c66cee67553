import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { PlainForm } from '@parcelle/shared/plain-forms';

/**
 * The robot guard of a form sent without JavaScript (issue 33, decisions 465 and 476). The captcha is a proof of work
 * the browser's script solves; a page read with scripting off cannot. Such a form carries instead a token signed by
 * the server (HMAC-SHA256 under the server secret, a purpose tag, the form's name, the moment it was issued and a
 * random nonce): the newsletter's in a confirmation step that its first post answers, the contact form's in its own
 * page (/contact, made per request). The token is accepted for one request only (spent in the captcha's own store),
 * for its own form only, only after MIN_AGE_MS (a person reads or fills a page before sending it; a script that posts
 * at once does not) and before MAX_AGE_MS. It is made per request, never placed in a page that could be cached and
 * shared.
 */
const PURPOSE = 'plain-form:v1';

/** The forms that may be sent without a script (one definition, shared with the web app's actions). */
export { PLAIN_FORMS, type PlainForm } from '@parcelle/shared/plain-forms';

export const MIN_AGE_MS = 2_000;
export const MAX_AGE_MS = 30 * 60_000;

export type FormTokenCheck = { ok: true; issuedAt: number } | { ok: false; reason: 'forged' | 'too-soon' | 'expired' };

function signature(secret: string, form: PlainForm, issuedAt: number, nonce: string): Buffer {
  return createHmac('sha256', secret)
    .update([PURPOSE, form, String(issuedAt), nonce].join('|'))
    .digest();
}

/** `<form>.<issued at, ms>.<nonce>.<signature>`, base64url parts. */
export function issueFormToken(secret: string, form: PlainForm, now = Date.now()): string {
  const nonce = randomBytes(12).toString('base64url');
  return [form, String(now), nonce, signature(secret, form, now, nonce).toString('base64url')].join('.');
}

/** Checks a token's shape, then its signature (constant time), then its age: what the form's guard spends next. */
export function checkFormToken(secret: string, token: string, form: PlainForm, now = Date.now()): FormTokenCheck {
  const [name, issuedText, nonce, given, ...rest] = token.split('.');
  if (rest.length > 0 || name !== form || !issuedText || !/^\d{1,15}$/.test(issuedText) || !nonce || !given) {
    return { ok: false, reason: 'forged' };
  }
  const issuedAt = Number(issuedText);
  const expected = signature(secret, form, issuedAt, nonce);
  const received = Buffer.from(given, 'base64url');
  if (received.length !== expected.length || !timingSafeEqual(received, expected))
    return { ok: false, reason: 'forged' };
  if (now - issuedAt < MIN_AGE_MS) return { ok: false, reason: 'too-soon' };
  if (now - issuedAt > MAX_AGE_MS) return { ok: false, reason: 'expired' };
  return { ok: true, issuedAt };
}

// @vitest-environment jsdom
import { messages } from '@parcelle/shared/i18n/messages';
import { createChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n/i18n';
import { ApiError } from '../session/api-error';
import { captchaAnswer, isCaptchaRequired } from './captcha';
import type { RecaptchaApi, TurnstileApi } from './widgets';

initI18n();

type Call = { url: string; method: string; body: unknown };

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A fake API naming a captcha provider (and a /verify/captcha the forms must no longer need). */
function fakeApi(challenge: unknown, verified = true) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      calls.push({ url, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (url === '/api/captcha/challenge') return json(200, { status: 200, data: challenge, message: messages.Ok });
      if (url === '/api/verify/captcha') {
        return json(200, {
          status: 200,
          data: { success: verified, verified },
          message: verified ? messages.CaptchaVerified : messages.CaptchaFailed,
        });
      }
      return json(404, { status: 404, error: messages.NotFound });
    }),
  );
  return { calls, verifications: () => calls.filter((call) => call.url === '/api/verify/captcha') };
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

describe('hosted invisible captchas', () => {
  it('runs Turnstile’s invisible widget and posts its token', async () => {
    const api = fakeApi({ provider: 'turnstile', challenge: null, site_key: 'turnstile-site-key' });
    let options: Parameters<TurnstileApi['render']>[1] | undefined;
    const turnstile: TurnstileApi = {
      render: vi.fn((_container, given) => {
        options = given;
        return 'widget-1';
      }),
      execute: vi.fn(() => setTimeout(() => options?.callback('turnstile-token'), 5)),
      remove: vi.fn(),
    };
    vi.stubGlobal('turnstile', turnstile);

    await expect(captchaAnswer()).resolves.toBe('turnstile-token');
    expect(options).toMatchObject({ sitekey: 'turnstile-site-key', execution: 'execute' });
    expect(turnstile.execute).toHaveBeenCalledOnce();
    expect(turnstile.remove).toHaveBeenCalledWith('widget-1');
    // The token goes in the protected request itself; nothing is verified apart.
    expect(api.verifications()).toEqual([]);
    expect(document.querySelector('[data-captcha-widget]')).toBeNull();
  });

  it('runs reCAPTCHA’s invisible widget and posts its token', async () => {
    const api = fakeApi({ provider: 'recaptcha', site_key: 'recaptcha-site-key' });
    let options: Parameters<RecaptchaApi['render']>[1] | undefined;
    const grecaptcha: RecaptchaApi = {
      ready: vi.fn((callback: () => void) => callback()),
      render: vi.fn((_container, given) => {
        options = given;
        return 7;
      }),
      execute: vi.fn(() => {
        setTimeout(() => options?.callback('recaptcha-token'), 5);
        return undefined;
      }),
      reset: vi.fn(),
    };
    vi.stubGlobal('grecaptcha', grecaptcha);

    await expect(captchaAnswer()).resolves.toBe('recaptcha-token');
    expect(options).toMatchObject({ sitekey: 'recaptcha-site-key', size: 'invisible' });
    expect(grecaptcha.execute).toHaveBeenCalledWith(7);
    expect(api.verifications()).toEqual([]);
  });

  it('fails with the bilingual captcha error when the widget errors', async () => {
    const api = fakeApi({ provider: 'turnstile', site_key: 'k' });
    let options: Parameters<TurnstileApi['render']>[1] | undefined;
    vi.stubGlobal('turnstile', {
      render: vi.fn((_container, given) => {
        options = given;
        return 'w';
      }),
      execute: vi.fn(() => setTimeout(() => options?.['error-callback'](), 5)),
      remove: vi.fn(),
    } satisfies TurnstileApi);
    await expect(captchaAnswer()).rejects.toMatchObject({ status: 400, error: messages.CaptchaFailed });
    expect(api.verifications()).toEqual([]);
  });

  it('fails without a site key', async () => {
    const noKey = fakeApi({ provider: 'recaptcha', site_key: null });
    await expect(captchaAnswer()).rejects.toBeInstanceOf(ApiError);
    expect(noKey.verifications()).toEqual([]);
  });

  it('solves the server’s ALTCHA challenge in the browser', async () => {
    const challenge = await createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      counter: 7,
      deriveKey,
      hmacSignatureSecret: 'test-secret',
    });
    fakeApi({ provider: 'altcha', challenge, site_key: null });
    const answer = JSON.parse(atob(await captchaAnswer()));
    expect(answer.challenge).toEqual(JSON.parse(JSON.stringify(challenge)));
    expect(answer.solution).toBeTruthy();
  });

  it('tells a sign-in that needs a captcha from other refusals', () => {
    expect(isCaptchaRequired(new ApiError(400, messages.CaptchaRequired))).toBe(true);
    expect(isCaptchaRequired(new ApiError(400, messages.CaptchaFailed))).toBe(false);
    expect(isCaptchaRequired(new ApiError(401, messages.InvalidCredentials))).toBe(false);
    expect(isCaptchaRequired(new Error('x'))).toBe(false);
  });
});

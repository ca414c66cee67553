// @vitest-environment jsdom
import { messages } from '@parcelle/shared/i18n/messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n/i18n';
import { passCaptcha } from './captcha';
import type { RecaptchaApi, TurnstileApi } from './widgets';

initI18n();

type Call = { url: string; method: string; body: unknown };

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A fake API naming a captcha provider, and verifying whatever it is sent. */
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

    await expect(passCaptcha()).resolves.toBe(true);
    expect(options).toMatchObject({ sitekey: 'turnstile-site-key', execution: 'execute' });
    expect(turnstile.execute).toHaveBeenCalledOnce();
    expect(turnstile.remove).toHaveBeenCalledWith('widget-1');
    expect(api.verifications()).toEqual([
      { url: '/api/verify/captcha', method: 'POST', body: { captchaValue: 'turnstile-token' } },
    ]);
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

    await expect(passCaptcha()).resolves.toBe(true);
    expect(options).toMatchObject({ sitekey: 'recaptcha-site-key', size: 'invisible' });
    expect(grecaptcha.execute).toHaveBeenCalledWith(7);
    expect(api.verifications()).toEqual([
      { url: '/api/verify/captcha', method: 'POST', body: { captchaValue: 'recaptcha-token' } },
    ]);
  });

  it('fails without posting when the widget errors', async () => {
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
    await expect(passCaptcha()).resolves.toBe(false);
    expect(api.verifications()).toEqual([]);
  });

  it('fails without a site key, and when the server refuses the token', async () => {
    const noKey = fakeApi({ provider: 'recaptcha', site_key: null });
    await expect(passCaptcha()).resolves.toBe(false);
    expect(noKey.verifications()).toEqual([]);

    fakeApi({ provider: 'turnstile', site_key: 'k' }, false);
    let options: Parameters<TurnstileApi['render']>[1] | undefined;
    vi.stubGlobal('turnstile', {
      render: vi.fn((_container, given) => {
        options = given;
        return 'w';
      }),
      execute: vi.fn(() => options?.callback('token')),
      remove: vi.fn(),
    } satisfies TurnstileApi);
    await expect(passCaptcha()).resolves.toBe(false);
  });
});

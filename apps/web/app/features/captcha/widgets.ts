import { currentLanguage } from '../i18n/language';
import { loadScript } from './load-script';

/**
 * Invisible captcha widgets of the hosted providers, loaded only when the server names one
 * (GET /captcha/challenge → {provider: 'turnstile' | 'recaptcha', site_key}).
 * - Turnstile: explicit rendering with `execution: 'execute'`; the widget only shows when it needs the visitor.
 * - reCAPTCHA v2 invisible: `size: 'invisible'`, run with `grecaptcha.execute`.
 * Each resolves with the token to send as `captchaValue`, or null (error, expiry, closed challenge, timeout).
 */

export type WidgetProvider = 'turnstile' | 'recaptcha';

type TurnstileOptions = {
  sitekey: string;
  execution: 'render' | 'execute';
  appearance: 'always' | 'execute' | 'interaction-only';
  language?: string;
  callback: (token: string) => void;
  'error-callback': () => boolean | undefined;
  'expired-callback': () => void;
  'timeout-callback': () => void;
};

export type TurnstileApi = {
  render(container: HTMLElement, options: TurnstileOptions): string | null | undefined;
  execute(container: HTMLElement | string): void;
  remove(widgetId: string): void;
};

type RecaptchaOptions = {
  sitekey: string;
  size: 'invisible';
  badge: 'bottomright' | 'bottomleft' | 'inline';
  callback: (token: string) => void;
  'expired-callback': () => void;
  'error-callback': () => void;
};

export type RecaptchaApi = {
  ready(callback: () => void): void;
  render(container: HTMLElement, options: RecaptchaOptions): number;
  execute(widgetId?: number): Promise<unknown> | undefined;
  reset(widgetId?: number): void;
};

declare global {
  interface Window {
    turnstile?: TurnstileApi;
    grecaptcha?: RecaptchaApi;
  }
}

export const TURNSTILE_SCRIPT = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';
export const RECAPTCHA_SCRIPT = 'https://www.google.com/recaptcha/api.js?render=explicit';

/** Long enough to solve an interactive challenge, short enough not to leave the form waiting for ever. */
export const WIDGET_TIMEOUT_MS = 120_000;

/** Where the widget lives; shown above the page only if the provider asks the visitor something. */
function mountHost(): HTMLElement {
  const host = document.createElement('div');
  host.dataset.captchaWidget = '';
  Object.assign(host.style, { position: 'fixed', right: '16px', bottom: '16px', zIndex: '1600' });
  document.body.appendChild(host);
  return host;
}

/** Runs `start` with a settle-once callback, a timeout and the host's removal. */
function withHost(
  timeoutMs: number,
  start: (host: HTMLElement, done: (token: string | null) => void) => () => void,
): Promise<string | null> {
  return new Promise((resolve) => {
    const host = mountHost();
    let settled = false;
    let cleanup = () => {};
    const done = (token: string | null) => {
      if (settled) return;
      settled = true;
      window.clearTimeout(timer);
      try {
        cleanup();
      } catch {
        // The provider's own cleanup failing must not keep the answer back.
      }
      host.remove();
      resolve(typeof token === 'string' && token !== '' ? token : null);
    };
    const timer = window.setTimeout(() => done(null), timeoutMs);
    try {
      cleanup = start(host, done);
    } catch {
      done(null);
    }
  });
}

async function turnstileToken(siteKey: string, timeoutMs: number): Promise<string | null> {
  await loadScript(TURNSTILE_SCRIPT, () => typeof window.turnstile?.render === 'function');
  const turnstile = window.turnstile;
  if (!turnstile) return null;
  return withHost(timeoutMs, (host, done) => {
    const id = turnstile.render(host, {
      sitekey: siteKey,
      execution: 'execute',
      appearance: 'interaction-only',
      language: currentLanguage(),
      callback: (token) => done(token),
      'error-callback': () => {
        done(null);
        return true;
      },
      'expired-callback': () => done(null),
      'timeout-callback': () => done(null),
    });
    turnstile.execute(host);
    return () => {
      if (id) turnstile.remove(id);
    };
  });
}

async function recaptchaToken(siteKey: string, timeoutMs: number): Promise<string | null> {
  await loadScript(`${RECAPTCHA_SCRIPT}&hl=${currentLanguage()}`, () => typeof window.grecaptcha?.ready === 'function');
  const grecaptcha = window.grecaptcha;
  if (!grecaptcha) return null;
  await new Promise<void>((resolve) => grecaptcha.ready(resolve));
  return withHost(timeoutMs, (host, done) => {
    const id = grecaptcha.render(host, {
      sitekey: siteKey,
      size: 'invisible',
      badge: 'bottomright',
      callback: (token) => done(token),
      'expired-callback': () => done(null),
      'error-callback': () => done(null),
    });
    const running = grecaptcha.execute(id);
    if (running && typeof running.catch === 'function') running.catch(() => done(null));
    return () => grecaptcha.reset(id);
  });
}

/** The provider's token for `siteKey`, or null. */
export function widgetToken(
  provider: WidgetProvider,
  siteKey: string,
  timeoutMs = WIDGET_TIMEOUT_MS,
): Promise<string | null> {
  return provider === 'turnstile' ? turnstileToken(siteKey, timeoutMs) : recaptchaToken(siteKey, timeoutMs);
}

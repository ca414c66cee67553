import { apiData } from '../session/api';
import { isChallengeV1, isChallengeV2, solveCaptcha } from './solve';

type ChallengeAnswer = { provider?: string; challenge?: unknown; site_key?: string | null } | null;

function isWidgetProvider(provider: unknown): provider is 'turnstile' | 'recaptcha' {
  return provider === 'turnstile' || provider === 'recaptcha';
}

/**
 * GET /captcha/challenge → data {provider, challenge (ALTCHA), site_key (reCAPTCHA, Turnstile)}; a bare
 * ALTCHA challenge is accepted too. Returns the `captchaValue` to send, or null.
 */
async function captchaValueOf(): Promise<string | null> {
  const data = await apiData<ChallengeAnswer>('/captcha/challenge');
  if (isChallengeV2(data) || isChallengeV1(data)) return solveCaptcha(data);
  const provider = data?.provider;
  if (isWidgetProvider(provider)) {
    const siteKey = data?.site_key;
    if (typeof siteKey !== 'string' || !siteKey) return null;
    // The providers' scripts and this module are only fetched when the server names one.
    const { widgetToken } = await import('./widgets');
    return widgetToken(provider, siteKey);
  }
  return solveCaptcha(data?.challenge ?? null);
}

/**
 * The invisible captcha of the login form: solve the server's proof-of-work challenge in the browser
 * (ALTCHA, the default) or run the provider's invisible widget (Turnstile, reCAPTCHA), then have the
 * answer verified (POST /verify/captcha {captchaValue} → data {success, verified}).
 * False when no answer can be had or the server refuses it.
 */
export async function passCaptcha(): Promise<boolean> {
  const captchaValue = await captchaValueOf();
  if (!captchaValue) return false;
  const data = await apiData<{ success?: boolean; verified?: boolean }>('/verify/captcha', {
    method: 'POST',
    body: { captchaValue },
  });
  return data?.success === true && data.verified !== false;
}

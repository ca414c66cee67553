import { clientMessages as messages } from '@parcelle/shared/i18n/client-messages';
import { apiData } from '../session/api';
import { ApiError } from '../session/api-error';
import { isChallengeV1, isChallengeV2, solveCaptcha } from './solve';

type ChallengeAnswer = { provider?: string; challenge?: unknown; site_key?: string | null } | null;

function isWidgetProvider(provider: unknown): provider is 'turnstile' | 'recaptcha' {
  return provider === 'turnstile' || provider === 'recaptcha';
}

/**
 * GET /captcha/challenge → data {provider, challenge (ALTCHA), site_key (reCAPTCHA, Turnstile)}; a bare
 * ALTCHA challenge is accepted too. Returns the answer to send, or null.
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
 * The answer a protected request carries in its `captcha` field (register, quick sign-up, forgot password, contact,
 * newsletter, and sign-in once the server asks for it): the server's proof-of-work challenge solved in the browser
 * (ALTCHA, the default) or the token of the provider's invisible widget (Turnstile, reCAPTCHA). The server verifies it
 * and spends it: each request needs a new one. Throws the bilingual 'CaptchaFailed' error when none can be had.
 */
export async function captchaAnswer(): Promise<string> {
  let value: string | null;
  try {
    value = await captchaValueOf();
  } catch (error) {
    if (error instanceof ApiError) throw error; // the challenge call's own answer (429…) says more
    value = null;
  }
  if (!value) throw new ApiError(400, messages.CaptchaFailed);
  return value;
}

/** The server's answer when a sign-in needs a captcha it did not carry (400, field `captcha`). */
export function isCaptchaRequired(error: unknown): boolean {
  return error instanceof ApiError && error.status === 400 && error.error.en === messages.CaptchaRequired.en;
}

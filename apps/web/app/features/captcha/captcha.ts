import { apiData } from '../session/api';
import { isChallengeV1, isChallengeV2, solveCaptcha } from './solve';

type ChallengeAnswer = { provider?: string; challenge?: unknown } | null;

/** GET /captcha/challenge → data {provider, challenge}; a bare challenge is accepted too. */
async function fetchChallenge(): Promise<unknown> {
  const data = await apiData<ChallengeAnswer>('/captcha/challenge');
  if (isChallengeV2(data) || isChallengeV1(data)) return data;
  return data?.challenge ?? null;
}

/**
 * The invisible captcha of the login form: solve the server's proof-of-work challenge in the
 * browser, then have it verified (POST /verify/captcha {captchaValue} → data {success, verified}).
 * False when the work cannot be done or the server refuses it.
 */
export async function passCaptcha(): Promise<boolean> {
  const captchaValue = await solveCaptcha(await fetchChallenge());
  if (!captchaValue) return false;
  const data = await apiData<{ success?: boolean; verified?: boolean }>('/verify/captcha', {
    method: 'POST',
    body: { captchaValue },
  });
  return data?.success === true && data.verified !== false;
}

import type { Language, Localized } from '@parcelle/shared/i18n/messages';
import { apiRequest } from '../session/api';

/**
 * POST /newsletter/subscribe {email, lang, captcha}: answers the same whether or not the address was known (double
 * opt-in); the captcha, solved in the browser, keeps robots from mailing strangers through it.
 */
export async function subscribe(email: string, lang: Language): Promise<Localized> {
  // The captcha client is fetched with the first subscription, not with every page's footer (issue 14).
  const { captchaAnswer } = await import('../captcha/captcha');
  const body = { email, lang, captcha: await captchaAnswer() };
  return (await apiRequest<null>('/newsletter/subscribe', { method: 'POST', body })).message;
}

/**
 * GET /newsletter/confirm?token=: a token works once, so each token is confirmed at most once per page
 * load, even when the screen mounts twice (React's development double effects, a remount).
 */
const confirmations = new Map<string, Promise<Localized>>();

export function confirmOnce(token: string): Promise<Localized> {
  let pending = confirmations.get(token);
  if (!pending) {
    pending = apiRequest<null>('/newsletter/confirm', { query: { token } }).then((answer) => answer.message);
    confirmations.set(token, pending);
  }
  return pending;
}

/** For tests: forget the confirmations made. */
export function resetConfirmations() {
  confirmations.clear();
}

export async function unsubscribe(token: string): Promise<Localized> {
  return (await apiRequest<null>('/newsletter/unsubscribe', { method: 'POST', body: { token } })).message;
}

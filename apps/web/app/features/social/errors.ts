import { messages } from '@parcelle/shared/i18n/messages';
import { i18n } from '../i18n/i18n';
import { currentLanguage, localized } from '../i18n/language';
import { ApiError } from '../session/api-error';

/** The visitor closed or dismissed the provider's popup (MSAL, GIS, and Firebase-style codes alike). */
const CANCELLED = new Set([
  'user_cancelled',
  'popup_closed',
  'popup_closed_by_user',
  'popup_failed_to_open_by_user',
  'auth/popup-closed-by-user',
  'auth/cancelled-popup-request',
  'auth/user-cancelled',
  'access_denied',
  'interaction_in_progress',
]);
const EMAIL_EXISTS = new Set(['auth/email-already-in-use', 'email_already_exists', 'email-already-in-use']);
const ACCOUNT_EXISTS = new Set([
  'auth/account-exists-with-different-credential',
  'account_exists',
  'account-exists-with-different-credential',
]);
const TOKEN_EXPIRED = new Set([
  'auth/id-token-expired',
  'auth/user-token-expired',
  'token_expired',
  'id_token_expired',
]);

function codeOf(error: unknown): string {
  if (!error || typeof error !== 'object') return typeof error === 'string' ? error : '';
  const { errorCode, code, type, error: inner } = error as Record<string, unknown>;
  const found = [errorCode, code, type, inner].find((value) => typeof value === 'string' && value !== '');
  return typeof found === 'string' ? found : '';
}

export function isCancellation(error: unknown): boolean {
  return CANCELLED.has(codeOf(error));
}

/**
 * What to show after a failed social sign-in (spec §8), or null to stay silent (the popup was closed).
 * The server's own message comes in the current language; provider errors map to the spec's texts.
 */
export function socialErrorText(error: unknown): string | null {
  if (isCancellation(error)) return null;
  if (error instanceof ApiError) return error.text(currentLanguage());
  const code = codeOf(error);
  if (EMAIL_EXISTS.has(code)) return localized(messages.EmailAlreadyExists);
  if (ACCOUNT_EXISTS.has(code)) return i18n.t('social.errors.accountExists');
  if (TOKEN_EXPIRED.has(code)) return i18n.t('social.errors.tokenExpired');
  return localized(messages.SomethingWentWrong);
}

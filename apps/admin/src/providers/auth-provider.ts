import type { TAdminMe, TOperatorRole } from '@parcelle/shared/contracts/admin';
import { messages } from '@parcelle/shared/i18n/messages';
import type { AuthActionResponse, AuthProvider } from '@refinedev/core';
import { type ApiHttpError, apiCall, isApiHttpError } from '../api/client';
import { clearTokens, getAccessToken, getRefreshToken, storeTokens } from '../api/storage';
import { currentLanguage, i18n } from './i18n';

/**
 * Sign-in of an operator (issue 12): email and password (POST /auth/token), then a TOTP or recovery code against the
 * challenge it answers (POST /auth/token/totp). An operator without a second factor gets a session that may only enrol
 * one: the console then goes to /enrol. A member who is not an operator is signed out again at once.
 */

export type PasswordSignIn = { email: string; password: string };
export type CodeSignIn = { challenge: string; code: string };
/** What `login` answers besides Refine's fields: the next step when the sign-in is not finished. */
export type SignInAnswer = AuthActionResponse & { step?: 'code' | 'enrol'; challenge?: string };

type SessionAnswer = { access_token: string; refresh_token: string };
type LoginAnswer = SessionAnswer | { totp_required: true; challenge: string };

const ENROLMENT_REQUIRED = messages.TotpEnrolmentRequired.en;

function isEnrolmentRequired(error: unknown): boolean {
  return isApiHttpError(error) && error.statusCode === 403 && (error as ApiHttpError).error?.en === ENROLMENT_REQUIRED;
}

/** The operator signed in, read once and kept until sign-out or a new sign-in. */
let identity: Promise<TAdminMe> | null = null;

export function me(): Promise<TAdminMe> {
  identity ??= apiCall<TAdminMe>('/admin/me').catch((error: unknown) => {
    identity = null;
    throw error;
  });
  return identity;
}

export function forgetIdentity() {
  identity = null;
}

const failed = (error: unknown): SignInAnswer => ({
  success: false,
  error: {
    name: 'SignInFailed',
    message: isApiHttpError(error) ? error.message : String(i18n.t('list.error')),
  },
});

/** Ends the server session of the stored tokens (best effort) and forgets them. */
async function endSession() {
  const refreshToken = getRefreshToken();
  if (refreshToken && getAccessToken()) {
    await apiCall('/auth/logout', { method: 'POST', body: { refresh_token: refreshToken } }).catch(() => undefined);
  }
  clearTokens();
  forgetIdentity();
}

/** Stores a new session, then checks it belongs to an operator: done, or the enrolment step, or refused. */
async function openSession(session: SessionAnswer): Promise<SignInAnswer> {
  storeTokens(session.access_token, session.refresh_token);
  forgetIdentity();
  try {
    await me();
    return { success: true, redirectTo: '/' };
  } catch (error) {
    if (isEnrolmentRequired(error)) return { success: true, step: 'enrol', redirectTo: '/enrol' };
    await endSession();
    if (isApiHttpError(error) && error.error?.en === messages.OperatorOnly.en) {
      return { success: false, error: { name: 'OperatorOnly', message: String(i18n.t('auth.notOperator')) } };
    }
    return failed(error);
  }
}

export const authProvider: AuthProvider = {
  login: async (params: PasswordSignIn | CodeSignIn): Promise<SignInAnswer> => {
    try {
      if ('challenge' in params) {
        const session = await apiCall<SessionAnswer>('/auth/token/totp', {
          method: 'POST',
          anonymous: true,
          body: { challenge: params.challenge, code: params.code.trim() },
        });
        return await openSession(session);
      }
      const answer = await apiCall<LoginAnswer>('/auth/token', {
        method: 'POST',
        anonymous: true,
        body: { email: params.email.trim(), password: params.password },
      });
      // Not a success for Refine, which would otherwise navigate (to `?to=`) and leave the screen: the code step stays.
      // Without an error, Refine's "login error" notification is skipped (notifications.tsx).
      if ('totp_required' in answer) return { success: false, step: 'code', challenge: answer.challenge };
      return await openSession(answer);
    } catch (error) {
      return failed(error);
    }
  },

  logout: async () => {
    await endSession();
    return { success: true, redirectTo: '/login' };
  },

  check: async () => {
    if (!getAccessToken()) return { authenticated: false, redirectTo: '/login', logout: true };
    try {
      await me();
      return { authenticated: true };
    } catch (error) {
      if (isEnrolmentRequired(error)) return { authenticated: false, redirectTo: '/enrol' };
      return { authenticated: false, redirectTo: '/login', logout: true };
    }
  },

  onError: async (error: unknown) => {
    if (isApiHttpError(error) && error.statusCode === 401) return { logout: true, redirectTo: '/login' };
    if (isEnrolmentRequired(error)) return { redirectTo: '/enrol' };
    return {};
  },

  getIdentity: async () => (getAccessToken() ? me().catch(() => null) : null),

  getPermissions: async (): Promise<TOperatorRole | null> =>
    getAccessToken()
      ? me().then(
          (operator) => operator.operator_role,
          () => null,
        )
      : null,
};

/** The second factor's enrolment (POST /admin/totp/enrol): the secret and its otpauth:// URI. */
export function enrolTotp() {
  return apiCall<{ secret: string; otpauth_uri: string }>('/admin/totp/enrol', { method: 'POST' });
}

/** Confirms the enrolment with a first code: answers the recovery codes, shown once. */
export async function confirmTotp(code: string) {
  const answer = await apiCall<{ recovery_codes: string[] }>('/admin/totp/confirm', {
    method: 'POST',
    body: { code: code.trim() },
  });
  forgetIdentity();
  return answer.recovery_codes;
}

/** The error of a failed call in the interface language. */
export function errorMessage(error: unknown): string {
  if (isApiHttpError(error)) {
    const localized = (error as ApiHttpError).error;
    return localized ? localized[currentLanguage()] || localized.en : error.message;
  }
  return String(i18n.t('list.error'));
}

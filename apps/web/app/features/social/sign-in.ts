import { WEB_DEVICE_TOKEN, WEB_DEVICE_TYPE } from '@parcelle/shared/constants';
import { type SessionAnswer, startSession } from '../auth/start-session';
import { currentLanguage } from '../i18n/language';
import { getCurrency } from '../preferences/currency';
import { apiRequest } from '../session/api';
import type { SocialProvider } from './providers';
import { rememberSocialProvider } from './sign-out';

/**
 * Exchanges the provider's ID token for a Parcelle session (POST /auth/token/social), then opens it as
 * any sign-in does. Returns whether the email is verified.
 */
export async function signInWithProvider(provider: SocialProvider, token: string): Promise<boolean> {
  const { data } = await apiRequest<SessionAnswer>('/auth/token/social', {
    method: 'POST',
    body: {
      token,
      token_type: provider,
      device_token: WEB_DEVICE_TOKEN,
      device_type: WEB_DEVICE_TYPE,
      curr: getCurrency(),
      lang: currentLanguage(),
    },
  });
  const verified = await startSession(data);
  rememberSocialProvider(provider);
  return verified;
}

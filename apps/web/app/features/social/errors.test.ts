// @vitest-environment jsdom
import { messages } from '@parcelle/shared/i18n/messages';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../i18n/i18n';
import { ApiError } from '../session/api-error';
import { isCancellation, socialErrorText } from './errors';

initI18n();

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const coded = (code: string, key: 'errorCode' | 'code' | 'type' = 'errorCode') =>
  Object.assign(new Error(code), { [key]: code });

describe('social sign-in errors (spec §8)', () => {
  it('stays silent when the popup was cancelled or closed', () => {
    for (const error of [
      coded('user_cancelled'),
      coded('auth/popup-closed-by-user', 'code'),
      coded('auth/cancelled-popup-request', 'code'),
      coded('popup_closed', 'type'),
    ]) {
      expect(isCancellation(error)).toBe(true);
      expect(socialErrorText(error)).toBeNull();
    }
  });

  it('gives the spec’s texts for the known provider failures', () => {
    expect(socialErrorText(coded('auth/email-already-in-use', 'code'))).toBe(
      'Email already exists. Please log in or use another email.',
    );
    expect(socialErrorText(coded('auth/account-exists-with-different-credential', 'code'))).toBe(
      'An account already exists with the same email address.',
    );
    expect(socialErrorText(coded('auth/id-token-expired', 'code'))).toBe('Token expired');
  });

  it('says "Something went wrong" otherwise', () => {
    expect(socialErrorText(new Error('boom'))).toBe('Something went wrong. Please try again later.');
    expect(socialErrorText(coded('popup_window_error'))).toBe('Something went wrong. Please try again later.');
    expect(socialErrorText(undefined)).toBe('Something went wrong. Please try again later.');
  });

  it('shows the server’s message in the current language', async () => {
    const refusal = new ApiError(401, { en: 'Token expired', fr: 'Jeton expiré' });
    expect(socialErrorText(refusal)).toBe('Token expired');
    await i18n.changeLanguage('fr');
    expect(socialErrorText(refusal)).toBe('Jeton expiré');
    expect(socialErrorText(new ApiError(409, messages.EmailAlreadyExists))).toBe(messages.EmailAlreadyExists.fr);
    expect(socialErrorText(coded('auth/account-exists-with-different-credential', 'code'))).toBe(
      'Un compte existe déjà avec la même adresse e-mail.',
    );
  });
});

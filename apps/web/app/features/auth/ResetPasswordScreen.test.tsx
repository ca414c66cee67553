// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render';
import { ok, stubApi } from '../content/testing';
import { i18n, initI18n } from '../i18n/i18n';
import { ResetPasswordScreen } from './ResetPasswordScreen';

const TOKEN = 'r'.repeat(43);

beforeEach(async () => {
  window.localStorage.clear();
  initI18n();
  await act(() => i18n.changeLanguage('en'));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/reset-password/:token (issue 31)', () => {
  it('asks only for the new password: the link names the member, the email is not asked again', async () => {
    const api = stubApi({
      '/api/auth/forgotpwd/verify-link': ok(null),
      '/api/auth/forgotpwd/reset': ok(null, { en: 'Your password has been changed.', fr: 'Mot de passe modifié.' }),
    });
    renderScreen(<ResetPasswordScreen token={TOKEN} />, `/reset-password/${TOKEN}`);
    const password = await screen.findByTestId('reset-password');
    expect(screen.queryByTestId('reset-email')).toBeNull();
    expect(screen.queryByLabelText(/email/i)).toBeNull();

    fireEvent.change(password, { target: { value: 'Fresh!pass9' } });
    fireEvent.change(screen.getByTestId('reset-password-confirmation'), { target: { value: 'Fresh!pass9' } });
    fireEvent.click(screen.getByTestId('reset-submit'));
    await waitFor(() =>
      expect(api.mock.calls.some(([url]) => String(url).endsWith('/api/auth/forgotpwd/reset'))).toBe(true),
    );
    const [, init] = api.mock.calls.find(([url]) => String(url).endsWith('/api/auth/forgotpwd/reset')) ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      forgot_pwd_token: TOKEN,
      new_password: 'Fresh!pass9',
      confirm_new_password: 'Fresh!pass9',
    });
  });
});

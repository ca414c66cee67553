// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render';
import { i18n, initI18n } from '../i18n/i18n';
import { SetPasswordScreen } from './SetPasswordScreen';

const TOKEN = 'a'.repeat(43);
type Call = { method: string; path: string; query: string; body: unknown };
let calls: Call[];
let linkValid: boolean;

function json(status: number, payload: unknown) {
  return new Response(JSON.stringify(payload), { status, headers: { 'Content-Type': 'application/json' } });
}

beforeEach(async () => {
  localStorage.clear();
  initI18n();
  await act(() => i18n.changeLanguage('en'));
  calls = [];
  linkValid = true;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      calls.push({
        method: init.method ?? 'GET',
        path: url.pathname,
        query: url.search,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      });
      if (url.pathname === '/api/auth/password/set/verify-link') {
        return linkValid
          ? json(200, { status: 200, data: null, message: { en: 'The link is valid', fr: 'Le lien est valide' } })
          : json(400, {
              status: 400,
              error: {
                en: 'This link is invalid or has expired. Please ask for a new one.',
                fr: 'Ce lien est invalide ou a expiré. Veuillez en demander un nouveau.',
              },
            });
      }
      if (url.pathname === '/api/auth/password/set') {
        return json(200, {
          status: 200,
          data: null,
          message: { en: 'Your password has been set and your email verified. You can now log in.', fr: '…' },
        });
      }
      return json(404, { status: 404, error: { en: 'Not found', fr: 'Introuvable' } });
    }),
  );
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

describe('/set-password/:token (quick sign-up)', () => {
  it('checks the link, validates with the shared password rules, sets the password and drops the local session', async () => {
    localStorage.setItem('token', 'quick-access');
    renderScreen(<SetPasswordScreen token={TOKEN} />, `/set-password/${TOKEN}`);
    await screen.findByTestId('set-password-screen');
    expect(calls[0]?.query).toBe(`?token=${TOKEN}`);

    fireEvent.change(screen.getByTestId('set-password'), { target: { value: 'short' } });
    fireEvent.change(screen.getByTestId('set-password-confirmation'), { target: { value: 'short' } });
    fireEvent.click(screen.getByTestId('set-password-submit'));
    expect((await screen.findByTestId('set-password-error')).textContent).toBe(
      'Password must contain at least 8 characters',
    );
    expect(calls.some((call) => call.path === '/api/auth/password/set')).toBe(false);

    fireEvent.change(screen.getByTestId('set-password'), { target: { value: 'Owner!pass12' } });
    fireEvent.change(screen.getByTestId('set-password-confirmation'), { target: { value: 'Owner!pass12' } });
    fireEvent.click(screen.getByTestId('set-password-submit'));
    await waitFor(() => expect(calls.some((call) => call.path === '/api/auth/password/set')).toBe(true));
    expect(calls.find((call) => call.path === '/api/auth/password/set')?.body).toEqual({
      token: TOKEN,
      new_password: 'Owner!pass12',
      confirm_new_password: 'Owner!pass12',
    });
    await waitFor(() => expect(localStorage.getItem('token')).toBeNull());
  });

  it('explains a spent or expired link in French', async () => {
    linkValid = false;
    await act(() => i18n.changeLanguage('fr'));
    renderScreen(<SetPasswordScreen token={TOKEN} />, `/set-password/${TOKEN}`);
    expect((await screen.findByTestId('set-password-invalid-message')).textContent).toBe(
      'Ce lien est invalide ou a expiré. Veuillez en demander un nouveau.',
    );
  });
});

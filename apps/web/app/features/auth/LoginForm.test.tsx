// @vitest-environment jsdom

import { messages } from '@parcelle/shared/i18n/messages';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render';
import { altchaChallengeData, isSolvedCaptcha } from '../captcha/testing';
import { failed, ok, stubApi } from '../content/testing';
import { i18n, initI18n } from '../i18n/i18n';
import { LoginForm } from './LoginForm';

initI18n();

beforeEach(() => {
  localStorage.clear();
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

async function submitEmpty() {
  renderScreen(<LoginForm />, '/login');
  fireEvent.click(screen.getByTestId('login-submit'));
}

describe('login form (spec §5)', () => {
  it('shows the required-field message under both empty fields, in English', async () => {
    await act(() => i18n.changeLanguage('en'));
    await submitEmpty();
    expect(await screen.findByTestId('login-email-error')).toHaveProperty('textContent', '*Required field');
    expect(screen.getByTestId('login-password-error').textContent).toBe('*Required field');
  });

  it('shows them in French', async () => {
    await act(() => i18n.changeLanguage('fr'));
    await submitEmpty();
    expect(await screen.findByTestId('login-email-error')).toHaveProperty('textContent', '*Champ obligatoire');
    expect(screen.getByTestId('login-password-error').textContent).toBe('*Champ obligatoire');
    expect(screen.getByTestId('login-submit').textContent).toBe('Se connecter');
  });

  it('switches the shown message when the language changes', async () => {
    await submitEmpty();
    await screen.findByTestId('login-email-error');
    await act(() => i18n.changeLanguage('fr'));
    await waitFor(() => expect(screen.getByTestId('login-email-error').textContent).toBe('*Champ obligatoire'));
  });

  it('rejects a malformed email', async () => {
    renderScreen(<LoginForm />, '/login');
    fireEvent.change(screen.getByTestId('login-email'), { target: { value: 'not-an-email' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'secret' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByTestId('login-email-error')).toHaveProperty('textContent', 'Invalid email');
    expect(screen.queryByTestId('login-password-error')).toBeNull();
  });

  it('does not call the API while the form is invalid', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await submitEmpty();
    await screen.findByTestId('login-email-error');
    // Only the look-up of the social sign-in providers, which every visit of the page makes.
    const calls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(calls.filter((url) => url !== '/api/auth/social/providers')).toEqual([]);
  });

  it('pre-fills the remembered email', () => {
    localStorage.setItem('rememberedEmail', 'ada@example.com');
    renderScreen(<LoginForm />, '/login');
    expect((screen.getByTestId('login-email') as HTMLInputElement).value).toBe('ada@example.com');
    expect((screen.getByTestId('login-remember') as HTMLInputElement).checked).toBe(true);
  });
});

describe('login form: the captcha the server asks for after failures', () => {
  const SESSION = { access_token: 'a', refresh_token: 'r', iev: true, lang: 'en', curr: 'USD' };

  function fillAndSubmit() {
    fireEvent.change(screen.getByTestId('login-email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'Secret!pass1' } });
    fireEvent.click(screen.getByTestId('login-submit'));
  }

  const signIns = (fetch: ReturnType<typeof stubApi>) =>
    fetch.mock.calls
      .filter(([url]) => String(url) === '/api/auth/token')
      .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

  it('signs in without a captcha while none is asked for', async () => {
    const fetch = stubApi({ '/api/auth/token': ok(SESSION), '/api/user/profile': failed(401, messages.Unauthorized) });
    renderScreen(<LoginForm />, '/login');
    fillAndSubmit();
    await waitFor(() => expect(signIns(fetch)).toHaveLength(1));
    expect(signIns(fetch)[0]).not.toHaveProperty('captcha');
    expect(fetch.mock.calls.some(([url]) => String(url) === '/api/captcha/challenge')).toBe(false);
    expect(screen.queryByTestId('login-captcha')).toBeNull();
  });

  it('shows the security check, solves it and signs in again when the server asks for it', async () => {
    const challenge = await altchaChallengeData();
    let attempts = 0;
    const fetch = stubApi({
      '/api/captcha/challenge': ok(challenge),
      '/api/auth/token': (_url, init) => {
        attempts += 1;
        const body = JSON.parse(String(init?.body));
        return body.captcha
          ? ok(SESSION)
          : { status: 400, body: { status: 400, error: messages.CaptchaRequired, field: 'captcha' } };
      },
      '/api/user/profile': failed(401, messages.Unauthorized),
    });
    renderScreen(<LoginForm />, '/login');
    fillAndSubmit();
    await waitFor(() => expect(attempts).toBe(2));
    const [first, second] = signIns(fetch);
    expect(first).not.toHaveProperty('captcha');
    expect(await isSolvedCaptcha(second?.captcha)).toBe(true);
    expect(second).toMatchObject({ email: 'ada@example.com', password: 'Secret!pass1' });
    expect(screen.getByTestId('login-captcha').textContent).toContain('Security check');
    expect((await screen.findByTestId('toast')).textContent).toBe('Login successful');
  });

  it('keeps the check on after a failure, and says when to wait, in French', async () => {
    await act(() => i18n.changeLanguage('fr'));
    const challenge = await altchaChallengeData();
    const fetch = stubApi({
      '/api/captcha/challenge': ok(challenge),
      '/api/auth/token': (_url, init) =>
        JSON.parse(String(init?.body)).captcha
          ? failed(429, messages.SignInWait)
          : { status: 400, body: { status: 400, error: messages.CaptchaRequired, field: 'captcha' } },
    });
    renderScreen(<LoginForm />, '/login');
    fillAndSubmit();
    expect((await screen.findByTestId('toast')).textContent).toBe(messages.SignInWait.fr);
    expect(screen.getByTestId('login-captcha').textContent).toContain('Vérification de sécurité');
    // The next try sends a new captcha from the start.
    await waitFor(() => expect(screen.getByTestId('login-submit').hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(signIns(fetch)).toHaveLength(3));
    expect(await isSolvedCaptcha(signIns(fetch)[2]?.captcha)).toBe(true);
  });
});

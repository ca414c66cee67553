// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render';
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

// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render';
import { stubApi } from '../content/testing';
import { i18n, initI18n } from '../i18n/i18n';
import { RegisterScreen } from './RegisterScreen';

beforeEach(async () => {
  window.localStorage.clear();
  initI18n();
  await act(() => i18n.changeLanguage('en'));
  stubApi({});
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

describe('/register (issue 31)', () => {
  it('opens on the form: the intro’s words head it, no extra click', () => {
    renderScreen(<RegisterScreen />, '/register');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Create your account');
    expect(screen.getByTestId('register-form')).toBeTruthy();
    expect(screen.getByTestId('register-first-name')).toBeTruthy();
    expect(screen.queryByTestId('register-start')).toBeNull();
  });

  it('in French too', async () => {
    await act(() => i18n.changeLanguage('fr'));
    renderScreen(<RegisterScreen />, '/register');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Créez votre compte');
    expect(screen.getByTestId('register-form')).toBeTruthy();
  });
});

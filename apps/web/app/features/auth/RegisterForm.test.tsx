// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/render';
import { i18n, initI18n } from '../i18n/i18n';
import { RegisterForm } from './RegisterForm';
import { crossFieldIssues, type RegisterInput } from './register-resolver';

initI18n();

afterEach(async () => {
  cleanup();
  await act(() => i18n.changeLanguage('en'));
});

const filled: RegisterInput = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  country: 'FR',
  slug: 'FR',
  country_code: '+33',
  number: '612345678',
  birth_date: '1990-05-10',
  password: 'Secret!234',
  password_confirmation: 'Secret!234',
  accept_terms: true,
  accept_privacy: true,
};

describe('registration rules reached at the first submit (spec §5)', () => {
  it('asks for both boxes, or for the missing one', () => {
    expect(crossFieldIssues({ ...filled, accept_terms: false, accept_privacy: false }, {})).toEqual({
      accept_terms: 'BothBoxesRequired',
      accept_privacy: 'BothBoxesRequired',
    });
    expect(crossFieldIssues({ ...filled, accept_privacy: false }, {})).toEqual({ accept_privacy: 'AcceptBox' });
  });

  it('checks the confirmation and the phone number', () => {
    expect(crossFieldIssues({ ...filled, password_confirmation: 'Other!234' }, {})).toEqual({
      password_confirmation: 'RegValConfirmPassMatch',
    });
    expect(crossFieldIssues({ ...filled, number: '1234' }, {})).toEqual({ number: 'RegInvalidPhone' });
    expect(crossFieldIssues(filled, {})).toEqual({});
  });
});

describe('register form', () => {
  it('shows the spec messages for an empty form, in English then French', async () => {
    renderScreen(<RegisterForm />, '/register');
    fireEvent.click(screen.getByTestId('register-submit'));
    expect(await screen.findByTestId('register-first-name-error')).toHaveProperty(
      'textContent',
      'You cannot leave this field blank',
    );
    expect(screen.getByTestId('register-boxes-error').textContent).toBe('These two fields are required.');
    expect(screen.getByTestId('register-country-error').textContent).toBe('Please select your country');

    await act(() => i18n.changeLanguage('fr'));
    expect(screen.getByTestId('register-first-name-error').textContent).toBe(
      'Vous ne pouvez pas laisser ce champ vide',
    );
    expect(screen.getByTestId('register-boxes-error').textContent).toBe('Ces deux champs sont obligatoires.');
  });

  it('keeps only digits in the phone number, 15 at most', () => {
    renderScreen(<RegisterForm />, '/register');
    const phone = screen.getByTestId('register-phone') as HTMLInputElement;
    fireEvent.change(phone, { target: { value: '06 12-34.56a78 999 999 999' } });
    expect(phone.value).toBe('061234567899999');
  });

  it('defaults the dial code to France', () => {
    renderScreen(<RegisterForm />, '/register');
    expect((screen.getByTestId('register-dial-code') as HTMLSelectElement).value).toBe('FR');
  });
});

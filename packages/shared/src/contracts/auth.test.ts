import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { firstKeys } from '../testing/issues';
import {
  ZChangePasswordRequest,
  ZEmailVerifyRequest,
  ZForgotPasswordForm,
  ZForgotPasswordRequest,
  ZForgotResetRequest,
  ZLanguage,
  ZLoginRequest,
  ZRegisterForm,
  ZRegisterRequest,
} from './auth';

// Birth dates are checked against today: pin it.
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-05T10:00:00Z'));
});
afterAll(() => {
  vi.useRealTimers();
});

const firstForm = {
  first_name: 'Jean',
  last_name: 'Dupont',
  email: 'Jean.Dupont@Example.fr',
  slug: 'fr',
  country_code: '+33',
  number: '612345678',
  password: 'secret!123',
  password_confirmation: 'secret!123',
  country: 'fr',
  birth_date: '1990-01-01',
  curr: 'EURO',
  lang: 'fr',
  device_token: 'token',
  device_type: 'web',
  captcha: 'solved-captcha',
};

const secondForm = {
  firstname: 'Jean',
  lastname: 'Dupont',
  phone: { code: '+33', number: '612345678', slug: 'FR' },
  Country: 'FR',
  email: 'jean.dupont@example.fr',
  password: 'secret!123',
  global: { curr: 'EURO', lang: 'fr-FR' },
  birth_date: '1990-01-01',
  captcha: 'solved-captcha',
};

const keys = (schema: z.ZodType, value: unknown) => firstKeys(schema.safeParse(value));

describe('ZLoginRequest', () => {
  it('accepts email and password and fills the web device fields', () => {
    expect(ZLoginRequest.parse({ email: 'A@B.fr', password: 'x' })).toEqual({
      email: 'a@b.fr',
      password: 'x',
      device_token: 'parcelle-web',
      device_type: 'web',
    });
  });
  it('requires both fields and a valid email', () => {
    expect(keys(ZLoginRequest, {})).toEqual({ email: 'RequiredField', password: 'RequiredField' });
    expect(keys(ZLoginRequest, { email: 'nope', password: 'x' })).toEqual({ email: 'InvalidEmail' });
  });
  it('rejects unknown fields', () => {
    expect(keys(ZLoginRequest, { email: 'a@b.fr', password: 'x', admin: true })).toEqual({ '': 'UnknownField' });
  });
  it('takes a captcha when the server asks for one', () => {
    expect(ZLoginRequest.parse({ email: 'a@b.fr', password: 'x', captcha: 'c' })).toMatchObject({ captcha: 'c' });
    expect(keys(ZLoginRequest, { email: 'a@b.fr', password: 'x', captcha: '' })).toEqual({
      captcha: 'CaptchaRequired',
    });
  });
});

describe('ZRegisterRequest, first form of spec §3', () => {
  it('accepts a full sign-up and normalises it', () => {
    const parsed = ZRegisterRequest.parse(firstForm);
    expect(parsed).toMatchObject({
      email: 'jean.dupont@example.fr',
      slug: 'FR',
      country: 'FR',
      quick_sign_up: false,
      curr: 'EURO',
      lang: 'fr',
    });
  });
  it('accepts an explicit quick_sign_up: false', () => {
    expect(ZRegisterRequest.safeParse({ ...firstForm, quick_sign_up: false }).success).toBe(true);
  });
  it.each([
    ['first_name', '', 'RegValBlank'],
    ['first_name', '   ', 'RegValBlank'],
    ['last_name', 'x'.repeat(101), 'RegValMinHundred'],
    ['last_name', 'Dupont3', 'RegValNumSpec'],
    ['email', '', 'RegValBlank'],
    ['email', 'jean@', 'InvalidEmail'],
    ['password', '', 'RegValBlank'],
    ['password', 'a!', 'PasswordMin'],
    ['password', 'abcdefghij', 'PasswordSpecial'],
    ['country', '', 'CountryRequired'],
    ['number', '', 'RegValBlank'],
    ['number', '1234567', 'RegInvalidPhone'],
    ['birth_date', '', 'BirthDateRequired'],
    ['birth_date', '2010-06-01', 'MinimumAge'],
    ['birth_date', '1990-02-31', 'BirthDateInvalid'],
  ])('%s = %j → %s', (field, value, key) => {
    // The password cases change the confirmation too, so only the field itself may be reported.
    const payload = { ...firstForm, [field]: value, ...(field === 'password' ? { password_confirmation: value } : {}) };
    const found = keys(ZRegisterRequest, payload);
    expect(found[field]).toBe(key);
    expect(Object.keys(found).filter((path) => path !== field && path !== 'password_confirmation')).toEqual([]);
  });
  it('needs a matching confirmation (RegValConfirmPassMatch)', () => {
    expect(keys(ZRegisterRequest, { ...firstForm, password_confirmation: 'secret!124' })).toEqual({
      password_confirmation: 'RegValConfirmPassMatch',
    });
  });
  it('rejects unknown fields', () => {
    expect(keys(ZRegisterRequest, { ...firstForm, role: 'admin' })).toEqual({ '': 'UnknownField' });
  });
  it('needs the captcha the page solved (CaptchaRequired), in every form', () => {
    const { captcha: _captcha, ...without } = firstForm;
    expect(keys(ZRegisterRequest, without)).toEqual({ captcha: 'CaptchaRequired' });
    const { captcha: _second, ...secondWithout } = secondForm;
    expect(keys(ZRegisterRequest, secondWithout)).toEqual({ captcha: 'CaptchaRequired' });
    const quick = { first_name: 'Jean', last_name: 'Dupont', email: 'jean@example.fr', quick_sign_up: true };
    expect(keys(ZRegisterRequest, { ...quick, captcha: '' })).toEqual({ captcha: 'CaptchaRequired' });
  });
});

describe('ZRegisterRequest, quick_sign_up (purchase drawer)', () => {
  const quick = {
    first_name: 'Jean',
    last_name: 'Dupont',
    email: 'jean@example.fr',
    quick_sign_up: true,
    captcha: 'solved-captcha',
  };
  it('needs only names and email', () => {
    expect(ZRegisterRequest.parse(quick)).toMatchObject({ ...quick, device_type: 'web' });
  });
  it('still checks the names and email', () => {
    expect(keys(ZRegisterRequest, { ...quick, first_name: 'J3an', email: '' })).toEqual({
      first_name: 'RegValNumSpec',
      email: 'RegValBlank',
    });
  });
  it('rejects unknown fields', () => {
    expect(keys(ZRegisterRequest, { ...quick, is_admin: true })).toEqual({ '': 'UnknownField' });
  });
});

describe('ZRegisterRequest, second form of spec §3', () => {
  it('maps firstname, lastname, phone, Country and global onto the first form', () => {
    expect(ZRegisterRequest.parse(secondForm)).toMatchObject({
      first_name: 'Jean',
      last_name: 'Dupont',
      country_code: '+33',
      number: '612345678',
      slug: 'FR',
      country: 'FR',
      curr: 'EURO',
      lang: 'fr',
      password_confirmation: 'secret!123',
      quick_sign_up: false,
    });
  });
  it('applies the same rules, reported under the first form names', () => {
    const payload = { ...secondForm, firstname: '', phone: { code: '+33', number: '12345', slug: 'FR' } };
    expect(keys(ZRegisterRequest, payload)).toEqual({ first_name: 'RegValBlank', number: 'RegInvalidPhone' });
  });
  it('checks an explicit confirmation', () => {
    expect(keys(ZRegisterRequest, { ...secondForm, password_confirmation: 'other!123' })).toEqual({
      password_confirmation: 'RegValConfirmPassMatch',
    });
  });
  it('rejects unknown fields', () => {
    expect(keys(ZRegisterRequest, { ...secondForm, extra: 1 })).toEqual({ '': 'UnknownField' });
  });
});

describe('ZRegisterForm boxes (spec §5)', () => {
  const form = { ...firstForm, accept_terms: true, accept_privacy: true };
  it('passes with both boxes ticked', () => {
    expect(ZRegisterForm.safeParse(form).success).toBe(true);
  });
  it('one box unticked → AcceptBox on that box', () => {
    expect(keys(ZRegisterForm, { ...form, accept_terms: false })).toEqual({ accept_terms: 'AcceptBox' });
    expect(keys(ZRegisterForm, { ...form, accept_privacy: false })).toEqual({ accept_privacy: 'AcceptBox' });
  });
  it('both unticked → BothBoxesRequired on both', () => {
    expect(keys(ZRegisterForm, { ...form, accept_terms: false, accept_privacy: false })).toEqual({
      accept_terms: 'BothBoxesRequired',
      accept_privacy: 'BothBoxesRequired',
    });
  });
  it('shows the box errors together with the field errors', () => {
    expect(keys(ZRegisterForm, { ...form, first_name: '', accept_terms: false })).toEqual({
      first_name: 'RegValBlank',
      accept_terms: 'AcceptBox',
    });
  });
  it('phone is required (PhoneRequired) and checked', () => {
    expect(keys(ZRegisterForm, { ...form, number: '' })).toEqual({ number: 'PhoneRequired' });
    expect(keys(ZRegisterForm, { ...form, number: '123' })).toEqual({ number: 'RegInvalidPhone' });
  });
  it('confirmation must match', () => {
    expect(keys(ZRegisterForm, { ...form, password_confirmation: 'nope' })).toEqual({
      password_confirmation: 'RegValConfirmPassMatch',
    });
  });
});

describe('ZEmailVerifyRequest (one-time code)', () => {
  it.each([
    [{ code: '' }, 'OtpRequired'],
    [{}, 'OtpRequired'],
    [{ code: '12345' }, 'OtpInvalid'],
    [{ code: '1234567' }, 'OtpInvalid'],
    [{ code: 'abcdef' }, 'OtpInvalid'],
  ])('%j → %s', (payload, key) => {
    expect(keys(ZEmailVerifyRequest, payload)).toEqual({ code: key });
  });
  it('accepts six digits and nothing else', () => {
    expect(ZEmailVerifyRequest.parse({ code: '123456' })).toEqual({ code: '123456' });
    expect(keys(ZEmailVerifyRequest, { code: '123456', extra: 1 })).toEqual({ '': 'UnknownField' });
  });
});

describe('password reset and change', () => {
  it('forgot: blank and invalid email', () => {
    expect(keys(ZForgotPasswordForm, { email: '' })).toEqual({ email: 'RegValBlank' });
    expect(keys(ZForgotPasswordForm, { email: 'x' })).toEqual({ email: 'InvalidEmail' });
    expect(keys(ZForgotPasswordRequest, { email: 'x', captcha: 'c' })).toEqual({ email: 'InvalidEmail' });
  });
  it('forgot: the request needs its captcha', () => {
    expect(keys(ZForgotPasswordRequest, { email: 'a@b.fr' })).toEqual({ captcha: 'CaptchaRequired' });
    expect(keys(ZForgotPasswordRequest, { email: 'a@b.fr', captcha: '' })).toEqual({ captcha: 'CaptchaRequired' });
    expect(ZForgotPasswordRequest.parse({ email: 'A@b.fr', captcha: 'c' })).toEqual({ email: 'a@b.fr', captcha: 'c' });
  });
  it('reset: new password rules and confirmation', () => {
    const reset = {
      email: 'a@b.fr',
      forgot_pwd_token: 't'.repeat(32),
      new_password: 'secret!123',
      confirm_new_password: 'secret!123',
    };
    expect(ZForgotResetRequest.safeParse(reset).success).toBe(true);
    // The link's token names the member: the email may be left out (issue 31).
    const { email: _email, ...withoutEmail } = reset;
    expect(ZForgotResetRequest.safeParse(withoutEmail).success).toBe(true);
    expect(keys(ZForgotResetRequest, { ...reset, confirm_new_password: 'other' })).toEqual({
      confirm_new_password: 'RegValConfirmPassMatch',
    });
    expect(
      keys(ZForgotResetRequest, { ...reset, new_password: 'secret123', confirm_new_password: 'secret123' }),
    ).toEqual({ new_password: 'PasswordSpecial' });
  });
  it('change: every field required, confirmation must match', () => {
    expect(keys(ZChangePasswordRequest, { old_password: '', new_password: '', confirm_password: '' })).toMatchObject({
      old_password: 'RequiredField',
      new_password: 'RequiredField',
      confirm_password: 'RequiredField',
    });
    const change = { old_password: 'old!pass1', new_password: 'new!pass1', confirm_password: 'new!pass2' };
    expect(keys(ZChangePasswordRequest, change)).toEqual({ confirm_password: 'RegValConfirmPassMatch' });
  });
});

describe('ZLanguage', () => {
  it('normalises fr-FR to fr (spec §1)', () => {
    expect(ZLanguage.parse('fr-FR')).toBe('fr');
    expect(ZLanguage.parse('EN')).toBe('en');
    expect(ZLanguage.safeParse('de').success).toBe(false);
  });
});

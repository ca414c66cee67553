import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PASSWORD_SPECIALS } from '../constants';
import { fieldKey } from '../testing/issues';
import {
  ageInYears,
  birthDateField,
  countryCodeField,
  dialCodeField,
  emailField,
  loginPasswordField,
  nameField,
  otpField,
  passwordField,
  passwordProblem,
  phoneProblem,
  requiredString,
  toE164,
} from './fields';

describe('requiredString', () => {
  it.each([undefined, null, ''])('gives the blank key for %o', (value) => {
    expect(fieldKey(requiredString(), value)).toBe('RequiredField');
    expect(fieldKey(requiredString('RegValBlank'), value)).toBe('RegValBlank');
  });
  it('accepts any non-empty text', () => {
    expect(fieldKey(requiredString(), 'x')).toBeNull();
  });
});

describe('nameField (spec §5 names)', () => {
  const name = nameField('RegValBlank');

  it.each([undefined, null, ''])('is required: %o → RegValBlank', (value) => {
    expect(fieldKey(name, value)).toBe('RegValBlank');
  });
  it.each([' ', '   ', '\u00A0\u2003'])('rejects whitespace only (%j) as blank', (value) => {
    expect(fieldKey(name, value)).toBe('RegValBlank');
  });
  it('refuses a tab or a line break in a name as a control character (decision 74)', () => {
    expect(fieldKey(name, '\t\n')).toBe('ControlCharacters');
    expect(fieldKey(name, 'Jean\u0000')).toBe('ControlCharacters');
  });
  it('accepts 100 characters and rejects 101 with RegValMinHundred', () => {
    expect(fieldKey(name, 'a'.repeat(100))).toBeNull();
    expect(fieldKey(name, 'a'.repeat(101))).toBe('RegValMinHundred');
  });
  it.each(['Jean2', '007', 'Jean!', 'Anne@Marie', 'Paul_', 'Zoé.', 'Émile😀'])(
    'rejects digits or special characters in %j with RegValNumSpec',
    (value) => {
      expect(fieldKey(name, value)).toBe('RegValNumSpec');
    },
  );
  it.each(['Jean', 'Marie Claire', 'Éloïse', 'Jean-Pierre', "O'Brien", 'Zoë Lê', 'Ångström'])(
    'accepts the letters of %j',
    (value) => {
      expect(fieldKey(name, value)).toBeNull();
    },
  );
  it('defaults to RegValBlank and takes another blank key', () => {
    expect(fieldKey(nameField(), '')).toBe('RegValBlank');
    expect(fieldKey(nameField('RequiredField'), '  ')).toBe('RequiredField');
  });
});

describe('emailField', () => {
  it.each([undefined, '', '   '])('is required: %o', (value) => {
    expect(fieldKey(emailField('RegValBlank'), value)).toBe('RegValBlank');
    expect(fieldKey(emailField(), value)).toBe('RequiredField');
  });
  it.each(['abc', 'a@b', 'a@b.c', '@b.fr', 'a b@c.fr', 'a@b@c.fr', `${'a'.repeat(250)}@b.fr`])(
    'rejects %j with InvalidEmail',
    (value) => {
      expect(fieldKey(emailField(), value)).toBe('InvalidEmail');
    },
  );
  it('trims and lower-cases a valid address', () => {
    expect(emailField().parse('  Jean.Dupont@Example.FR ')).toBe('jean.dupont@example.fr');
  });
});

describe('passwordField (spec §5: 8 to 100, one special character)', () => {
  it.each([undefined, null, ''])('is required: %o', (value) => {
    expect(fieldKey(passwordField('RegValBlank'), value)).toBe('RegValBlank');
  });
  it('needs at least 8 characters', () => {
    expect(fieldKey(passwordField(), 'abc!efg')).toBe('PasswordMin');
    expect(fieldKey(passwordField(), 'abc!efgh')).toBeNull();
  });
  it('allows at most 100 characters', () => {
    expect(fieldKey(passwordField(), `!${'a'.repeat(99)}`)).toBeNull();
    expect(fieldKey(passwordField(), `!${'a'.repeat(100)}`)).toBe('PasswordMax');
  });
  it('needs one of the listed special characters', () => {
    expect(fieldKey(passwordField(), 'abcdefgh1')).toBe('PasswordSpecial');
    expect(fieldKey(passwordField(), 'abcdefgh-_')).toBe('PasswordSpecial');
    for (const special of PASSWORD_SPECIALS) {
      expect(passwordProblem(`abcdefgh${special}`), special).toBeNull();
    }
  });
  it('the sign-in password is only required', () => {
    expect(fieldKey(loginPasswordField(), '')).toBe('RequiredField');
    expect(fieldKey(loginPasswordField(), 'short')).toBeNull();
    expect(fieldKey(loginPasswordField(), 'a'.repeat(101))).toBe('PasswordMax');
  });
});

describe('otpField (spec §5: 6 characters)', () => {
  it.each([undefined, null, '', '   '])('empty %o → OtpRequired', (value) => {
    expect(fieldKey(otpField(), value)).toBe('OtpRequired');
  });
  it.each(['1', '12345', '1234567', '12a456', '12 456'])('%j → OtpInvalid', (value) => {
    expect(fieldKey(otpField(), value)).toBe('OtpInvalid');
  });
  it('accepts six digits, trimmed', () => {
    expect(otpField().parse(' 123456 ')).toBe('123456');
  });
});

describe('birthDateField (spec §5: at least 18 years before today)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-05T10:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([undefined, null, ''])('is required: %o → BirthDateRequired', (value) => {
    expect(fieldKey(birthDateField(), value)).toBe('BirthDateRequired');
  });
  it('accepts a member who turns 18 today', () => {
    expect(fieldKey(birthDateField(), '2008-03-05')).toBeNull();
  });
  it('rejects a member who turns 18 tomorrow', () => {
    expect(fieldKey(birthDateField(), '2008-03-06')).toBe('MinimumAge');
    expect(fieldKey(birthDateField(), '2015-01-01')).toBe('MinimumAge');
  });
  it.each(['2001-02-30', '2001-13-01', '2001-00-10', '05/03/2000', '2000-3-5', 'yesterday', '2000-03-05T00:00:00Z'])(
    'rejects %j with BirthDateInvalid',
    (value) => {
      expect(fieldKey(birthDateField(), value)).toBe('BirthDateInvalid');
    },
  );
  it('rejects an age no one reaches', () => {
    expect(fieldKey(birthDateField(), '1850-01-01')).toBe('BirthDateInvalid');
  });
  it('ageInYears counts whole years in UTC, 29 February included', () => {
    const today = new Date('2026-02-28T23:59:59Z');
    expect(ageInYears(new Date('2008-02-29T00:00:00Z'), today)).toBe(17);
    expect(ageInYears(new Date('2008-02-29T00:00:00Z'), new Date('2026-03-01T00:00:00Z'))).toBe(18);
    expect(ageInYears(new Date('1990-12-31T00:00:00Z'), today)).toBe(35);
  });
});

describe('phoneProblem (spec §5)', () => {
  it.each(['', '   ', '+33', '+33 '])('an empty remainder after the dial code (%j) is PhoneRequired', (number) => {
    expect(phoneProblem('+33', number, 'FR')).toBe('PhoneRequired');
  });
  it.each(['12', '123', '1234', '12345', '123456', '1234567'])('%j (2 to 7 digits) is RegInvalidPhone', (number) => {
    expect(phoneProblem('+33', number, 'FR')).toBe('RegInvalidPhone');
  });
  it('one digit is InvalidNumber', () => {
    expect(phoneProblem('+33', '6', 'FR')).toBe('InvalidNumber');
  });
  it('more than 15 digits with the dial code is InvalidNumber', () => {
    expect(phoneProblem('+1', '20155501234567', 'US')).toBe('InvalidNumber');
    expect(phoneProblem('+33', '6123456789012345', 'FR')).toBe('InvalidNumber');
  });
  it.each(['612345678', '0612345678', '06 12 34 56 78', '+33 6 12 34 56 78', '+33612345678'])(
    'accepts the French mobile %j',
    (number) => {
      expect(phoneProblem('+33', number, 'FR')).toBeNull();
      expect(toE164('+33', number)).toBe('+33612345678');
    },
  );
  it('accepts US numbers, and the dial code without its plus sign', () => {
    expect(phoneProblem('+1', '(201) 555-0123', 'US')).toBeNull();
    expect(phoneProblem('1', '2015550123', 'us')).toBeNull();
    expect(toE164('+1', '(201) 555-0123')).toBe('+12015550123');
  });
  it('accepts a country sharing the dial code, not one with another dial code', () => {
    expect(phoneProblem('+1', '2015550123', 'CA')).toBeNull();
    expect(phoneProblem('+7', '9123456789', 'KZ')).toBeNull();
    expect(phoneProblem('+1', '2015550123', 'FR')).toBe('InvalidNumber');
  });
  it('rejects numbers that are impossible for the dial code', () => {
    expect(phoneProblem('+33', '12345678', 'FR')).toBe('InvalidNumber');
  });
});

describe('dialCodeField and countryCodeField', () => {
  it('dial codes are 1 to 4 digits with an optional plus', () => {
    expect(dialCodeField().parse(' +33 ')).toBe('+33');
    expect(fieldKey(dialCodeField(), '33')).toBeNull();
    expect(fieldKey(dialCodeField(), undefined)).toBe('PhoneRequired');
    expect(fieldKey(dialCodeField(), '')).toBe('InvalidNumber');
    expect(fieldKey(dialCodeField(), '+12345')).toBe('InvalidNumber');
    expect(fieldKey(dialCodeField(), '+3a')).toBe('InvalidNumber');
  });
  it('country codes are two letters, upper-cased', () => {
    expect(countryCodeField().parse('fr')).toBe('FR');
    expect(fieldKey(countryCodeField(), undefined)).toBe('CountryRequired');
    expect(fieldKey(countryCodeField(), '')).toBe('CountryRequired');
    expect(fieldKey(countryCodeField(), 'FRA')).toBe('CountryRequired');
  });
});

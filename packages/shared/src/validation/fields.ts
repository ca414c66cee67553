import '../zod-config';
import {
  getCountries,
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/min';
import { z } from 'zod';
import {
  MINIMUM_AGE_YEARS,
  NAME_MAX,
  OTP_LENGTH,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PASSWORD_SPECIALS,
  PHONE_MAX_DIGITS,
} from '../constants';
import type { MessageKey } from '../i18n/messages';

/**
 * Field rules of spec §5. Every error message is a key of the shared catalogue (`messages`),
 * so the API answers it in both languages and the forms show it in the current one.
 */
type BlankKey = MessageKey;

/**
 * Characters no text field accepts (decision 74), whatever the field: C0 controls U+0000–U+001F (NUL among them:
 * PostgreSQL refuses it in text), DEL U+007F, C1 controls U+0080–U+009F (never typed; they come from mis-decoded
 * bytes), and the bidirectional embedding, override and isolate controls U+202A–U+202E and U+2066–U+2069, which make
 * a name, a reference or a message read differently from what it is ("Trojan Source"). The implicit marks LRM, RLM
 * and ALM stay allowed: right-to-left keyboards type them. Multi-line text (a message, a reason) also accepts tab,
 * line feed and carriage return. Lone UTF-16 surrogates are not text either.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters the rule refuses.
const FORBIDDEN_IN_LINE = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters the rule refuses.
const FORBIDDEN_IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a text holds a character no field accepts (`multiline`: tab, LF and CR are allowed). */
export function hasForbiddenCharacters(value: string, multiline = false): boolean {
  return (multiline ? FORBIDDEN_IN_TEXT : FORBIDDEN_IN_LINE).test(value) || LONE_SURROGATE.test(value);
}

/** The checks every request string carries (the contract test finds them on every string field). */
export const SINGLE_LINE_CHECK = z.refine<string>((value) => !hasForbiddenCharacters(value), {
  error: 'ControlCharacters',
  abort: true,
});
export const MULTI_LINE_CHECK = z.refine<string>((value) => !hasForbiddenCharacters(value, true), {
  error: 'ControlCharacters',
  abort: true,
});

type StringParams = Parameters<typeof z.string>[0];

/**
 * The base of every string field of a request: one line of text without forbidden characters
 * ('ControlCharacters', checked before any other rule of the field).
 */
export const safeText = (params?: StringParams) => z.string(params).check(SINGLE_LINE_CHECK);
/** Free text that may span lines (a contact message, a reason): tab, LF and CR allowed. */
export const multilineText = (params?: StringParams) => z.string(params).check(MULTI_LINE_CHECK);

const LETTERS_AND_SPACES = /^[\p{L}\p{M}\s'-]+$/u;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** A required string: missing, null or empty all give the blank message. */
export const requiredString = (blank: BlankKey = 'RequiredField', options: { multiline?: boolean } = {}) =>
  (options.multiline ? multilineText : safeText)({ error: blank }).min(1, { error: blank });

/**
 * The captcha answer a protected request carries (`captcha`): the base64 ALTCHA payload or the reCAPTCHA/Turnstile
 * token. Missing: 'CaptchaRequired'; the server verifies it and spends it once.
 */
export const captchaField = () =>
  safeText({ error: 'CaptchaRequired' }).min(1, { error: 'CaptchaRequired' }).max(8192, { error: 'CaptchaFailed' });

/** The signed token of a form sent without JavaScript (apps/api captcha/form-token.ts): four base64url parts. */
export const formTokenField = () =>
  safeText({ error: 'CaptchaRequired' })
    .max(200, { error: 'CaptchaFailed' })
    .regex(/^[A-Za-z0-9_.-]+$/, {
      error: 'CaptchaFailed',
    });

export const nameField = (blank: BlankKey = 'RegValBlank') =>
  requiredString(blank)
    .refine((value) => value.trim().length > 0, { error: blank })
    .refine((value) => value.length <= NAME_MAX, { error: 'RegValMinHundred' })
    .refine((value) => LETTERS_AND_SPACES.test(value), { error: 'RegValNumSpec' });

export const emailField = (blank: BlankKey = 'RequiredField') =>
  safeText({ error: blank })
    .trim()
    .min(1, { error: blank })
    .max(254, { error: 'InvalidEmail' })
    .refine((value) => EMAIL.test(value), { error: 'InvalidEmail' })
    .transform((value) => value.toLowerCase());

export function passwordProblem(value: string): MessageKey | null {
  if (value.length < PASSWORD_MIN) return 'PasswordMin';
  if (value.length > PASSWORD_MAX) return 'PasswordMax';
  if (![...value].some((char) => PASSWORD_SPECIALS.includes(char))) return 'PasswordSpecial';
  return null;
}

export const passwordField = (blank: BlankKey = 'RequiredField') =>
  requiredString(blank).superRefine((value, ctx) => {
    const problem = passwordProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** The password a member types to sign in: only required (rules may have changed since). */
export const loginPasswordField = () => requiredString('RequiredField').max(PASSWORD_MAX, { error: 'PasswordMax' });

export const otpField = () =>
  safeText({ error: 'OtpRequired' })
    .trim()
    .min(1, { error: 'OtpRequired' })
    .refine((value) => value.length === OTP_LENGTH && /^\d+$/.test(value), { error: 'OtpInvalid' });

/** Whole years between a birth date and today (UTC), for the minimum-age rule. */
export function ageInYears(birthDate: Date, today: Date = new Date()): number {
  let age = today.getUTCFullYear() - birthDate.getUTCFullYear();
  const beforeBirthday =
    today.getUTCMonth() < birthDate.getUTCMonth() ||
    (today.getUTCMonth() === birthDate.getUTCMonth() && today.getUTCDate() < birthDate.getUTCDate());
  if (beforeBirthday) age -= 1;
  return age;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Birth date as YYYY-MM-DD, a real calendar date, at least 18 years before today. */
export const birthDateField = () =>
  safeText({ error: 'BirthDateRequired' })
    .min(1, { error: 'BirthDateRequired' })
    .refine(
      (value) => {
        if (!ISO_DATE.test(value)) return false;
        const date = new Date(`${value}T00:00:00Z`);
        return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
      },
      { error: 'BirthDateInvalid', abort: true },
    )
    .refine((value) => ageInYears(new Date(`${value}T00:00:00Z`)) >= MINIMUM_AGE_YEARS, { error: 'MinimumAge' })
    .refine((value) => ageInYears(new Date(`${value}T00:00:00Z`)) <= 130, { error: 'BirthDateInvalid' });

/**
 * Checks a national number against its dial code (spec §5): after removing the dial code the rest
 * must not be empty; 2 to 7 digits is not a phone number; at most 15 digits; and the number must
 * be possible for the country by libphonenumber's metadata.
 * `dialCode` is like "+33" or "33"; `number` may be national ("612345678") or start with the dial code.
 */
export function phoneProblem(dialCode: string, number: string, countryCode?: string): MessageKey | null {
  const dial = dialCode.replace(/\D/g, '');
  let digits = number.replace(/\D/g, '');
  if (number.trim().startsWith('+') && digits.startsWith(dial)) digits = digits.slice(dial.length);
  if (digits.length === 0) return 'PhoneRequired';
  if (digits.length + dial.length > PHONE_MAX_DIGITS) return 'InvalidNumber';
  if (digits.length >= 2 && digits.length <= 7) return 'RegInvalidPhone';
  if (digits.length < 2) return 'InvalidNumber';
  const parsed = parsePhoneNumberFromString(`+${dial}${digits}`);
  if (!parsed?.isPossible()) return 'InvalidNumber';
  // The same dial code serves several countries (+1, +7, +44…): a number is accepted for any country
  // the member picked that shares its dial code, but not for a country with another dial code.
  const picked = countryCode?.toUpperCase();
  if (picked && isSupportedCountry(picked) && getCountryCallingCode(picked) !== dial) return 'InvalidNumber';
  return null;
}

/** E.164 form of a valid number, e.g. "+33612345678". */
export function toE164(dialCode: string, number: string): string {
  const dial = dialCode.replace(/\D/g, '');
  let digits = number.replace(/\D/g, '');
  if (number.trim().startsWith('+') && digits.startsWith(dial)) digits = digits.slice(dial.length);
  const parsed = parsePhoneNumberFromString(`+${dial}${digits}`);
  return parsed ? parsed.number : `+${dial}${digits}`;
}

/** The country (ISO two letters) a number belongs to, from libphonenumber's metadata; undefined when unknown. */
export function phoneCountryOf(dialCode: string, number: string): string | undefined {
  const parsed = parsePhoneNumberFromString(toE164(dialCode, number));
  if (parsed?.country) return parsed.country;
  const dial = dialCode.replace(/\D/g, '');
  // A number the metadata cannot place (a non-geographic range…): the main country of its dial code.
  return parsed ? getCountriesFor(dial)[0] : undefined;
}

function getCountriesFor(dial: string): string[] {
  return getCountries().filter((country) => getCountryCallingCode(country) === dial);
}

export const dialCodeField = () =>
  safeText({ error: 'PhoneRequired' })
    .trim()
    .regex(/^\+?\d{1,4}$/, { error: 'InvalidNumber' });

export const countryCodeField = () =>
  safeText({ error: 'CountryRequired' })
    .trim()
    .regex(/^[A-Za-z]{2}$/, { error: 'CountryRequired' })
    .transform((value) => value.toUpperCase());

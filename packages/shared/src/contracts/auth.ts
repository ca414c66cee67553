import '../zod-config';
import { z } from 'zod';
import { CURRENCIES, LANGUAGES, OTP_LENGTH, WEB_DEVICE_TOKEN, WEB_DEVICE_TYPE } from '../constants';
import {
  birthDateField,
  captchaField,
  countryCodeField,
  dialCodeField,
  emailField,
  loginPasswordField,
  nameField,
  passwordField,
  phoneProblem,
  requiredString,
  safeText,
} from '../validation/fields';

export const ZCurrency = z.enum(CURRENCIES);
export const ZLanguage = z.preprocess(
  (value) => (typeof value === 'string' ? value.toLowerCase().slice(0, 2) : value),
  z.enum(LANGUAGES),
);

const deviceFields = {
  device_token: safeText().max(512).default(WEB_DEVICE_TOKEN),
  device_type: safeText().min(1).max(32).default(WEB_DEVICE_TYPE),
};

// ---------------------------------------------------------------- sign-in

export const ZLoginRequest = z.strictObject({
  email: emailField('RequiredField'),
  password: loginPasswordField(),
  /** Needed after repeated failures on the account or from the IP (answer 400 'CaptchaRequired', field `captcha`). */
  captcha: captchaField().optional(),
  ...deviceFields,
});
export type TLoginRequest = z.input<typeof ZLoginRequest>;

export const ZTokenPair = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('Bearer'),
  /** Seconds until the access token expires. */
  expires_in: z.number().int(),
});
export type TTokenPair = z.infer<typeof ZTokenPair>;

/** What sign-in, registration and social sign-in answer under `data`. */
export const ZSessionData = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token: ZTokenPair,
  lang: z.enum(LANGUAGES),
  curr: ZCurrency,
  iev: z.boolean(),
});
export type TSessionData = z.infer<typeof ZSessionData>;

/**
 * What `POST /auth/token` answers for an operator whose second factor is enrolled: no tokens yet, a short-lived
 * signed challenge to send back with a TOTP or recovery code to `POST /auth/token/totp`.
 */
export const ZTotpChallengeData = z.object({ totp_required: z.literal(true), challenge: z.string() });
export type TTotpChallengeData = z.infer<typeof ZTotpChallengeData>;
export const ZLoginData = z.union([ZSessionData, ZTotpChallengeData]);
export type TLoginData = z.infer<typeof ZLoginData>;

/** The second step of an operator's sign-in: the challenge and a 6-digit TOTP code or a recovery code. */
export const ZTotpSignInRequest = z.strictObject({
  challenge: safeText().min(16).max(2048),
  code: safeText().trim().min(6).max(32),
});

export const ZRefreshRequest = z.strictObject({ refresh_token: safeText().min(1).max(512) });
export const ZRefreshData = ZTokenPair;

export const ZLogoutRequest = z.strictObject({
  refresh_token: safeText().min(1).max(512),
  device_token: safeText().max(512).optional(),
});

// ---------------------------------------------------------------- registration

/**
 * Registration, first form of spec §3. `country` is the two-letter code of the country of residence,
 * `slug` the two-letter code of the phone's country and `country_code` its dial code ("+33").
 * `birth_date` (YYYY-MM-DD) is required by spec §5 for a full sign-up.
 * With `quick_sign_up` (purchase drawer) only names and email are needed: a password is generated and emailed.
 */
const ZRegisterFull = z
  .strictObject({
    first_name: nameField('RegValBlank'),
    last_name: nameField('RegValBlank'),
    email: emailField('RegValBlank'),
    slug: countryCodeField(),
    country_code: dialCodeField(),
    number: requiredString('RegValBlank').max(32, { error: 'InvalidNumber' }),
    password: passwordField('RegValBlank'),
    password_confirmation: requiredString('RegValBlank'),
    country: countryCodeField(),
    birth_date: birthDateField(),
    curr: ZCurrency.optional(),
    lang: ZLanguage.optional(),
    quick_sign_up: z.literal(false),
    captcha: captchaField(),
    ...deviceFields,
  })
  .superRefine((value, ctx) => {
    if (value.password !== value.password_confirmation) {
      ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: 'RegValConfirmPassMatch' });
    }
    const problem = phoneProblem(value.country_code, value.number, value.slug);
    if (problem) ctx.addIssue({ code: 'custom', path: ['number'], message: problem });
  });

const ZRegisterQuick = z.strictObject({
  first_name: nameField('RegValBlank'),
  last_name: nameField('RegValBlank'),
  email: emailField('RegValBlank'),
  curr: ZCurrency.optional(),
  lang: ZLanguage.optional(),
  quick_sign_up: z.literal(true),
  captcha: captchaField(),
  ...deviceFields,
});

/** The second form of spec §3 (firstname, lastname, phone {code, number, slug}, Country, global {curr, lang}). */
function fromSecondForm(input: unknown): unknown {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return input;
  if (!('firstname' in input || 'lastname' in input || 'global' in input)) {
    return 'quick_sign_up' in input ? input : { ...input, quick_sign_up: false };
  }
  const { firstname, lastname, phone, Country, global, ...rest } = input as Record<string, unknown>;
  const phoneObject = (phone ?? {}) as Record<string, unknown>;
  const globalObject = (global ?? {}) as Record<string, unknown>;
  return {
    ...rest,
    first_name: firstname,
    last_name: lastname,
    country_code: phoneObject.code,
    number: phoneObject.number,
    slug: phoneObject.slug,
    country: Country,
    ...(globalObject.curr === undefined ? {} : { curr: globalObject.curr }),
    ...(globalObject.lang === undefined ? {} : { lang: globalObject.lang }),
    // The second form has no confirmation field (spec §3): the password stands for its own confirmation.
    password_confirmation: rest.password_confirmation ?? rest.password,
    quick_sign_up: rest.quick_sign_up ?? false,
  };
}

export const ZRegisterRequest = z.preprocess(
  fromSecondForm,
  z.discriminatedUnion('quick_sign_up', [ZRegisterQuick, ZRegisterFull]).meta({
    description:
      'Both payload forms of spec §3 are accepted; the second (firstname, lastname, phone{code,number,slug}, Country, global{curr,lang}) is mapped onto the first.',
  }),
);
export type TRegisterRequest = z.input<typeof ZRegisterFull>;
export type TRegisterParsed = z.output<typeof ZRegisterFull> | z.output<typeof ZRegisterQuick>;

/** The web registration form: the API payload plus the two boxes the member must tick. */
export const ZRegisterForm = z
  .object({
    first_name: nameField('RegValBlank'),
    last_name: nameField('RegValBlank'),
    email: emailField('RegValBlank'),
    slug: countryCodeField(),
    country_code: dialCodeField(),
    number: requiredString('PhoneRequired'),
    password: passwordField('RegValBlank'),
    password_confirmation: requiredString('RegValBlank'),
    country: countryCodeField(),
    birth_date: birthDateField(),
    accept_terms: z.boolean(),
    accept_privacy: z.boolean(),
  })
  .superRefine((value, ctx) => {
    if (value.password !== value.password_confirmation) {
      ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: 'RegValConfirmPassMatch' });
    }
    const problem = phoneProblem(value.country_code, value.number, value.slug);
    if (problem) ctx.addIssue({ code: 'custom', path: ['number'], message: problem });
    if (!value.accept_terms || !value.accept_privacy) {
      const key = !value.accept_terms && !value.accept_privacy ? 'BothBoxesRequired' : 'AcceptBox';
      if (!value.accept_terms) ctx.addIssue({ code: 'custom', path: ['accept_terms'], message: key });
      if (!value.accept_privacy) ctx.addIssue({ code: 'custom', path: ['accept_privacy'], message: key });
    }
  });
export type TRegisterForm = z.input<typeof ZRegisterForm>;

// ---------------------------------------------------------------- email verification

export const ZEmailVerifyRequest = z.strictObject({
  code: safeText({ error: 'OtpRequired' })
    .trim()
    .min(1, { error: 'OtpRequired' })
    .refine((value) => value.length === OTP_LENGTH && /^\d+$/.test(value), { error: 'OtpInvalid' }),
});
/** POST endpoints that take no body accept none or an empty object. */
export const ZEmptyRequest = z.strictObject({}).nullish();

// ---------------------------------------------------------------- passwords

/** The forgot-password form; the request adds the captcha the page solved. */
export const ZForgotPasswordForm = z.strictObject({ email: emailField('RegValBlank') });
export const ZForgotPasswordRequest = ZForgotPasswordForm.extend({ captcha: captchaField() });
export const ZForgotVerifyLinkQuery = z.strictObject({ forgot_pwd_token: safeText().min(16).max(256) });
export const ZForgotVerifyEmailRequest = z.strictObject({
  email: emailField('RegValBlank'),
  forgot_password_token: safeText().min(16).max(256),
});
/**
 * The reset link's token names the member: the email is optional (issue 31, decision 393: the reset page does not ask
 * again for the address the link was sent to); when a client sends it (spec §3), it must be the member's.
 */
export const ZForgotResetRequest = z
  .strictObject({
    email: emailField('RegValBlank').optional(),
    forgot_pwd_token: safeText().min(16).max(256),
    new_password: passwordField('RequiredField'),
    confirm_new_password: requiredString('RequiredField'),
  })
  .superRefine((value, ctx) => {
    if (value.new_password !== value.confirm_new_password) {
      ctx.addIssue({ code: 'custom', path: ['confirm_new_password'], message: 'RegValConfirmPassMatch' });
    }
  });
/** The set-password link a quick sign-up emails (`/set-password/<token>`): single use, 24 hours. */
export const ZSetPasswordLinkQuery = z.strictObject({ token: safeText().min(16).max(256) });
export const ZSetPasswordRequest = z
  .strictObject({
    token: safeText().min(16).max(256),
    new_password: passwordField('RequiredField'),
    confirm_new_password: requiredString('RequiredField'),
  })
  .superRefine((value, ctx) => {
    if (value.new_password !== value.confirm_new_password) {
      ctx.addIssue({ code: 'custom', path: ['confirm_new_password'], message: 'RegValConfirmPassMatch' });
    }
  });
export type TSetPasswordRequest = z.input<typeof ZSetPasswordRequest>;

export const ZChangePasswordRequest = z
  .strictObject({
    old_password: passwordField('RequiredField'),
    new_password: passwordField('RequiredField'),
    confirm_password: requiredString('RequiredField'),
  })
  .superRefine((value, ctx) => {
    if (value.new_password !== value.confirm_password) {
      ctx.addIssue({ code: 'custom', path: ['confirm_password'], message: 'RegValConfirmPassMatch' });
    }
  });
/** The old password is only checked against the stored one: old accounts may predate the rules. */
export const ZChangePasswordForm = ZChangePasswordRequest;

// ---------------------------------------------------------------- captcha

export const ZCaptchaRequest = z.strictObject({ captchaValue: safeText().min(1).max(8192) });
export const ZCaptchaData = z.object({ success: z.boolean(), verified: z.boolean() });

// ---------------------------------------------------------------- profile

export const ZMoney = z.object({ value: z.number(), curr: ZCurrency });

export const ZProfile = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  country: z.string().nullable(),
  birth_date: z.string().nullable(),
  phone: z.object({ code: z.string(), number: z.string(), slug: z.string() }).nullable(),
  email: z.string(),
  paypal: z.object({ email: z.string() }).nullable(),
  img: z.string().nullable(),
  base_url: z.string(),
  curr: ZCurrency,
  lang: z.enum(LANGUAGES),
  /** Wallet balance; `value` in major units for display, `minor` the exact integer amount. */
  wallet_amount: z.object({ value: z.number(), minor: z.number().int(), curr: ZCurrency }),
  ipe: z.boolean(),
  iev: z.boolean(),
  role: z.enum(['member', 'admin']),
  created_at: z.string(),
  /** Whether the member's second factor (TOTP, issue 17) is on; the API always sends it. */
  two_factor: z.boolean().optional(),
});
export type TProfile = z.infer<typeof ZProfile>;
export const ZProfileData = z.object({ user: ZProfile });

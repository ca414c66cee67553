import '../zod-config';
import { z } from 'zod';
import { CURRENCIES, LANGUAGES, WEB_DEVICE_TOKEN, WEB_DEVICE_TYPE } from '../constants';
import {
  birthDateField,
  countryCodeField,
  dialCodeField,
  emailField,
  nameField,
  otpField,
  phoneProblem,
  requiredString,
  safeText,
} from '../validation/fields';
import { ibanProblem, normalizeIban } from '../validation/iban';
import { sepaOwnerProblem } from '../validation/sepa-name';
import { ZCurrency, ZLanguage, ZProfile, ZSessionData } from './auth';
import { totpCodeField } from './two-factor';

/**
 * Member account management (spec §2 "Profile edit", §3, §4, §7): every request and `data` shape of
 * /user/profile (PATCH), /user/profile-image, /user/update/email, /user/phone*, /user/update/phone,
 * /user/bank, /user/paypal, /user/request/disable/account, /user/language, /auth/token/social,
 * /auth/social/providers and /geo.
 */

// ---------------------------------------------------------------- profile

/** PATCH /user/profile: the same field rules as registration. */
export const ZProfileUpdateRequest = z.strictObject({
  first_name: nameField('RegValBlank'),
  last_name: nameField('RegValBlank'),
  country: countryCodeField(),
  birth_date: birthDateField(),
});
export type TProfileUpdateRequest = z.input<typeof ZProfileUpdateRequest>;
/** PATCH /user/profile answers the updated profile, like GET /user/profile. */
export const ZProfileUpdateData = z.object({ user: ZProfile });

/** POST /user/profile-image (multipart, field `image`): the stored key and where it is served. Image URL = base_url + img. */
export const ZProfileImageData = z.object({ img: z.string(), base_url: z.string() });
export type TProfileImageData = z.infer<typeof ZProfileImageData>;
/** Largest upload accepted by POST /user/profile-image (5 MiB). */
export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

// ---------------------------------------------------------------- codes

/** Answer of every call that sends a one-time code. */
export const ZCodeSentData = z.object({ code_sent: z.literal(true) });
export type TCodeSentData = z.infer<typeof ZCodeSentData>;

/** A one-time code in a request body: 6 digits ('OtpRequired' when empty, 'OtpInvalid' otherwise). */
const verificationCode = otpField();

/**
 * The code emailed to the member's current, verified address by POST /user/security-code (issue 12): required by
 * every change of email (when the current one is verified), phone, bank account and PayPal address, on the call
 * that applies it. Optional in the schema so that the spec's payloads still parse; the service asks for it.
 */
const currentChannelCode = otpField().optional();

// ---------------------------------------------------------------- re-authentication (issue 12)

/** POST /auth/reauthenticate: the current password again; the proof lasts 5 minutes for this session only. */
export const ZReauthenticateRequest = z.strictObject({
  password: requiredString('RequiredField').max(200, { error: 'PasswordIncorrect' }),
});
export const ZReauthenticatedData = z.object({ valid_until: z.string() });

/** POST /user/security-code/verify: checks the emailed code without spending it. */
export const ZSecurityCodeCheck = z.strictObject({ verification_code: verificationCode });

/** GET or POST /account/freeze: the single-use token of the link sent after a change. */
export const ZFreezeRequest = z.strictObject({
  token: safeText({ error: 'FreezeLinkInvalid' }).min(16, { error: 'FreezeLinkInvalid' }).max(200, {
    error: 'FreezeLinkInvalid',
  }),
});

// ---------------------------------------------------------------- email change

/**
 * PATCH /user/update/email. Without `verification_code`: checks the new email and sends a code by SMS
 * to the member's phone (data ZCodeSentData). With it: applies the change (data ZEmailUpdatedData);
 * every session is then signed out and the new address must be verified with an emailed code.
 */
export const ZEmailUpdateRequest = z.strictObject({
  email: emailField('RegValBlank'),
  verification_code: verificationCode.optional(),
  current_channel_code: currentChannelCode,
});
export type TEmailUpdateRequest = z.input<typeof ZEmailUpdateRequest>;
export const ZEmailUpdatedData = z.object({ email: z.string(), iev: z.boolean(), signed_out: z.literal(true) });
export const ZEmailUpdateData = z.union([ZCodeSentData, ZEmailUpdatedData]);
export type TEmailUpdateData = z.infer<typeof ZEmailUpdateData>;

// ---------------------------------------------------------------- phone

const phoneFields = {
  /** Two-letter code of the phone's country ("FR"). */
  slug: countryCodeField(),
  /** Dial code ("+33"). */
  country_code: dialCodeField(),
  number: requiredString('PhoneRequired').max(32, { error: 'InvalidNumber' }),
};

const checkPhone = (
  value: { country_code: string; number: string; slug?: string | undefined },
  ctx: z.RefinementCtx,
) => {
  const problem = phoneProblem(value.country_code, value.number, value.slug);
  if (problem) ctx.addIssue({ code: 'custom', path: ['number'], message: problem });
};

/** A phone with its country, as the forms hold it (slug required). */
export const ZPhoneForm = z.strictObject(phoneFields).superRefine(checkPhone);

/**
 * POST /user/phone: sends a code by SMS to the new number (data ZCodeSentData). Spec §7 sends `number, country_code`
 * only: `slug` is optional here and derived from the number when absent.
 */
export const ZPhoneSendCodeRequest = z
  .strictObject({ ...phoneFields, slug: phoneFields.slug.optional() })
  .superRefine(checkPhone);
export type TPhoneSendCodeRequest = z.input<typeof ZPhoneSendCodeRequest>;

/** POST /user/phone/verify: checks the code for that number without applying it (data ZPhoneVerifiedData). */
export const ZPhoneVerifyRequest = z
  .strictObject({ ...phoneFields, verification_code: verificationCode })
  .superRefine(checkPhone);
export type TPhoneVerifyRequest = z.input<typeof ZPhoneVerifyRequest>;
export const ZPhoneVerifiedData = z.object({ verified: z.literal(true) });

/**
 * PATCH /user/update/phone: applies the number. The code is required when the member already has a
 * phone; a member without one saves it directly (spec §4).
 */
export const ZPhoneUpdateRequest = z
  .strictObject({
    ...phoneFields,
    verification_code: verificationCode.optional(),
    current_channel_code: currentChannelCode,
  })
  .superRefine(checkPhone);
export type TPhoneUpdateRequest = z.input<typeof ZPhoneUpdateRequest>;
export const ZPhone = z.object({ code: z.string(), number: z.string(), slug: z.string() });
export const ZPhoneUpdateData = z.object({ phone: ZPhone, ipe: z.boolean() });

// ---------------------------------------------------------------- bank and PayPal

/** POST /user/bank: the IBAN is checked (country, length, mod 97) and stored encrypted. */
export const ZBankRequest = z.strictObject({
  account_owner: requiredString('RequiredField')
    .refine((value) => value.trim().length > 0, { error: 'RequiredField' })
    .superRefine((value, ctx) => {
      // What a SEPA payout file can carry (issue 26): at most 70 characters, in Latin letters.
      const problem = sepaOwnerProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform((value) => value.trim()),
  iban: requiredString('RequiredField')
    .max(64, { error: 'IbanInvalid' })
    .superRefine((value, ctx) => {
      const problem = ibanProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform(normalizeIban),
  current_channel_code: currentChannelCode,
  /** Required when the member's second factor is on (issue 17). */
  totp_code: totpCodeField().optional(),
});
export type TBankRequest = z.input<typeof ZBankRequest>;
/** The full IBAN is never answered: only its last four characters. GET /user/bank answers null when none is saved. */
export const ZBankData = z.object({ account_owner: z.string(), iban_last4: z.string() });
export type TBankData = z.infer<typeof ZBankData>;

/** PATCH /user/paypal. */
export const ZPaypalRequest = z.strictObject({
  email: emailField('RegValBlank'),
  current_channel_code: currentChannelCode,
  /** Required when the member's second factor is on (issue 17). */
  totp_code: totpCodeField().optional(),
});
export const ZPaypalData = z.object({ paypal: z.object({ email: z.string() }) });

// ---------------------------------------------------------------- disable, language

/** POST /user/request/disable/account: the account is deactivated (nothing is deleted) and every session ends. */
export const ZDisableAccountRequest = z.strictObject({
  reason: requiredString('DisableReasonRequired', { multiline: true })
    .max(2000, { error: 'InvalidRequest' })
    .refine((value) => value.trim().length > 0, { error: 'DisableReasonRequired' })
    .transform((value) => value.trim()),
});

/** POST /user/language ("fr-FR" is normalised to "fr"). */
export const ZLanguageRequest = z.strictObject({ lang: ZLanguage });
export const ZLanguageData = z.object({ lang: z.enum(LANGUAGES) });

// ---------------------------------------------------------------- social sign-in

export const SOCIAL_PROVIDERS = ['google', 'microsoft'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** POST /auth/token/social: an OpenID Connect ID token from Google or Microsoft. Answers ZSessionData. */
export const ZSocialLoginRequest = z.strictObject({
  token: safeText({ error: 'InvalidToken' }).min(1, { error: 'InvalidToken' }).max(8192, { error: 'InvalidToken' }),
  token_type: z.enum(SOCIAL_PROVIDERS),
  device_token: safeText().max(512).default(WEB_DEVICE_TOKEN),
  device_type: safeText().min(1).max(32).default(WEB_DEVICE_TYPE),
  curr: ZCurrency.optional(),
  lang: ZLanguage.optional(),
});
export type TSocialLoginRequest = z.input<typeof ZSocialLoginRequest>;
export const ZSocialLoginData = ZSessionData;

/** GET /auth/social/providers: the client ids the web buttons need; null when a provider is not configured. */
export const ZSocialProvidersData = z.object({
  google: z.object({ client_id: z.string() }).nullable(),
  microsoft: z.object({ client_id: z.string(), tenant: z.string() }).nullable(),
});
export type TSocialProvidersData = z.infer<typeof ZSocialProvidersData>;

// ---------------------------------------------------------------- geo-IP

/** GET /geo: the visitor's country from their IP (null when unknown or private) and its display currency. */
export const ZGeoData = z.object({ country: z.string().length(2).nullable(), currency: z.enum(CURRENCIES) });
export type TGeoData = z.infer<typeof ZGeoData>;

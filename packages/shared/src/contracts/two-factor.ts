import '../zod-config';
import { z } from 'zod';
import { OTP_LENGTH } from '../constants';
import { safeText } from '../validation/fields';
import { ZTotpConfirmData, ZTotpConfirmRequest } from './admin';

/**
 * A member's second factor (issue 17): TOTP of RFC 6238, the same machinery as the operators' (issue 12). Routes
 * under /user/two-factor; when it is on, POST /member/withdrawal/store, POST /user/bank and PATCH /user/paypal also
 * need `totp_code`.
 */

/** The 6 digits of the authenticator app, or one recovery code (`abcde-fghjk`, the dash and case optional). */
export const TOTP_OR_RECOVERY_PATTERN = /^(\d{6}|[a-z2-9]{5}-?[a-z2-9]{5})$/i;

/** `totp_code` of a withdrawal or a payout change: required by the service when the member's factor is on. */
export const totpCodeField = () =>
  safeText({ error: 'TotpCodeInvalid' })
    .trim()
    .max(32, { error: 'TotpCodeInvalid' })
    .regex(TOTP_OR_RECOVERY_PATTERN, { error: 'TotpCodeInvalid' });

/**
 * The step-up of every way money or parts leave a member (issue 26): the wallet code of POST /paintings/purchase/code
 * and, when the member's factor is on, `totp_code`. Optional in the contract (the spec's calls do not have them);
 * the API refuses the action without them (400 StepUpCodeRequired / OtpRequired, TwoFactorCodeRequired).
 */
export const stepUpFields = () => ({
  verification_code: safeText().length(OTP_LENGTH, { error: 'OtpInvalid' }).optional(),
  totp_code: totpCodeField().optional(),
});

/** POST /user/two-factor/enrol: a new secret, its otpauth:// URI, and that URI as a QR code (PNG data URL). */
export const ZTwoFactorEnrolData = z.object({ secret: z.string(), otpauth_uri: z.string(), qr_code: z.string() });
export type TTwoFactorEnrolData = z.infer<typeof ZTwoFactorEnrolData>;

/** POST /user/two-factor/confirm: a first code of the app; answers the ten recovery codes, once. */
export const ZTwoFactorConfirmRequest = ZTotpConfirmRequest;
export type TTwoFactorConfirmRequest = z.input<typeof ZTwoFactorConfirmRequest>;
export const ZTwoFactorConfirmData = ZTotpConfirmData;
export type TTwoFactorConfirmData = z.infer<typeof ZTwoFactorConfirmData>;

/** POST /user/two-factor/disable: a current code of the app or an unused recovery code. */
export const ZTwoFactorDisableRequest = z.strictObject({ code: totpCodeField() });
export type TTwoFactorDisableRequest = z.input<typeof ZTwoFactorDisableRequest>;

/** GET /user/two-factor: whether the factor is on, and how many recovery codes are left. */
export const ZTwoFactorState = z.object({ enabled: z.boolean(), recovery_codes_left: z.number().int() });
export type TTwoFactorState = z.infer<typeof ZTwoFactorState>;

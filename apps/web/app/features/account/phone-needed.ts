import { messages } from '@parcelle/shared/i18n/messages';
import { ApiError } from '../session/api-error';

/** The spec's 'Please enter your phone number, to receive OTP!' (spec §4). */
export const PHONE_FOR_OTP = messages.PhoneMissing;

/** Where a member without a phone is sent: the phone section of /user/edit, with the message. */
export const PHONE_SECTION = { pathname: '/user/edit', hash: '#phone' } as const;
export type EditLocationState = { needPhone?: boolean } | null;

export function isPhoneNeededError(error: unknown): boolean {
  return error instanceof ApiError && error.error.en === PHONE_FOR_OTP.en;
}

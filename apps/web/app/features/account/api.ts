import type { TProfile } from '@parcelle/shared/contracts/auth';
import { queryOptions } from '@tanstack/react-query';
import { apiData, apiRequest } from '../session/api';
import { PROFILE_KEY } from '../session/profile';
import { queryClient } from '../session/query-client';
import { storeUserData } from '../session/storage';

/** The calls of /user/edit (spec §7). Each resolves with the success envelope (its message is toasted). */

export type PersonalBody = { first_name: string; last_name: string; country: string; birth_date: string };
export type PhoneBody = { slug: string; number: string; country_code: string };
export type BankDetails = { account_owner: string; iban_last4: string } | null;

/** Keeps the new profile in the query cache and localStorage, so the header follows without a reload. */
export function rememberProfile(user: TProfile) {
  queryClient.setQueryData(PROFILE_KEY, user);
  storeUserData(user);
}

export function refreshProfile() {
  return queryClient.invalidateQueries({ queryKey: PROFILE_KEY });
}

export async function updatePersonal(body: PersonalBody) {
  const answer = await apiRequest<{ user?: TProfile }>('/user/profile', { method: 'PATCH', body });
  if (answer.data?.user) rememberProfile(answer.data.user);
  else await refreshProfile();
  return answer;
}

// Issue 12: the password again ("sudo mode", 5 minutes for this session) and a code emailed to the current address.

export function reauthenticate(password: string) {
  return apiRequest<{ valid_until: string }>('/auth/reauthenticate', { method: 'POST', body: { password } });
}

export function sendSecurityCode() {
  return apiRequest<unknown>('/user/security-code', { method: 'POST' });
}

export function verifySecurityCode(code: string) {
  return apiRequest<unknown>('/user/security-code/verify', { method: 'POST', body: { verification_code: code } });
}

/** POST /account/freeze: the single-use link of a change notice; answers the bilingual outcome. */
export async function freezeAccount(token: string) {
  return (await apiRequest<null>('/account/freeze', { method: 'POST', body: { token } })).message;
}

/** The code emailed to the current address, when the change needs it (`current_channel_code`). */
const channel = (code: string | undefined) => (code ? { current_channel_code: code } : {});

/**
 * First call sends a code by SMS to the member's phone; with the code (and the one emailed to the current address),
 * the email is changed.
 */
export function updateEmail(email: string, verificationCode?: string, currentChannelCode?: string) {
  return apiRequest<unknown>('/user/update/email', {
    method: 'PATCH',
    body: verificationCode ? { email, verification_code: verificationCode, ...channel(currentChannelCode) } : { email },
  });
}

export function sendPhoneCode(phone: PhoneBody) {
  return apiRequest<unknown>('/user/phone', { method: 'POST', body: phone });
}

export function verifyPhoneCode(phone: PhoneBody, verificationCode: string) {
  return apiRequest<unknown>('/user/phone/verify', {
    method: 'POST',
    body: { ...phone, verification_code: verificationCode },
  });
}

/** Applies the phone; without a saved phone no SMS code is needed (spec §4), the emailed one always is. */
export async function updatePhone(phone: PhoneBody, verificationCode: string | undefined, currentChannelCode?: string) {
  const answer = await apiRequest<unknown>('/user/update/phone', {
    method: 'PATCH',
    body: {
      ...phone,
      ...(verificationCode ? { verification_code: verificationCode } : {}),
      ...channel(currentChannelCode),
    },
  });
  await refreshProfile();
  return answer;
}

export const BANK_KEY = ['bank'] as const;
export const bankQuery = queryOptions({
  queryKey: BANK_KEY,
  queryFn: () => apiData<BankDetails>('/user/bank'),
  staleTime: 60_000,
});

/** The authenticator app's code, when the member's two-step verification is on (issue 17). */
const second = (code: string | undefined) => (code ? { totp_code: code } : {});

export async function saveBank(
  body: { account_owner: string; iban: string },
  currentChannelCode?: string,
  totpCode?: string,
) {
  const answer = await apiRequest<BankDetails>('/user/bank', {
    method: 'POST',
    body: { ...body, ...channel(currentChannelCode), ...second(totpCode) },
  });
  queryClient.setQueryData(BANK_KEY, {
    account_owner: body.account_owner,
    iban_last4: body.iban.slice(-4),
  });
  void queryClient.invalidateQueries({ queryKey: BANK_KEY });
  return answer;
}

export async function savePaypal(email: string, currentChannelCode?: string, totpCode?: string) {
  const answer = await apiRequest<unknown>('/user/paypal', {
    method: 'PATCH',
    body: { email, ...channel(currentChannelCode), ...second(totpCode) },
  });
  await refreshProfile();
  return answer;
}

export async function uploadProfileImage(file: File) {
  const form = new FormData();
  form.append('image', file, file.name);
  const answer = await apiRequest<{ img: string; base_url: string }>('/user/profile-image', {
    method: 'POST',
    body: form,
  });
  const { img, base_url } = answer.data ?? {};
  if (img) {
    queryClient.setQueryData<TProfile>(PROFILE_KEY, (profile) =>
      profile ? { ...profile, img, base_url: base_url ?? profile.base_url } : profile,
    );
  }
  await refreshProfile();
  return answer;
}

export function disableAccount(reason: string) {
  return apiRequest<unknown>('/user/request/disable/account', { method: 'POST', body: { reason } });
}

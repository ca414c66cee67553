import type { TWithdrawalEligibility, ZWithdrawalList } from '@parcelle/shared/contracts/member';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiData, apiRequest } from '../session/api';
import type { RowsPage } from '../table/use-paged-rows';

/** The calls of /user/withdraw (spec §4, §7 `/member/withdrawal/*`). */

/** Spec §9: withdrawals are listed 3 at a time, in each list. */
export const WITHDRAWALS_PAGE_SIZE = 3;

export type TWithdrawalList = z.infer<typeof ZWithdrawalList>;
export type WithdrawalListKind = 'pending' | 'approved';
export type WithdrawalRow = TWithdrawalList['list'][number];

export const WITHDRAWALS_KEY = ['withdrawals'] as const;

/** One page of the member's PENDING ("In progress") or APPROVED ("History") withdrawals, newest first. */
export async function fetchWithdrawals(
  kind: WithdrawalListKind,
  offset: number,
  limit: number,
  signal: AbortSignal,
): Promise<RowsPage<WithdrawalRow>> {
  const data = await apiData<TWithdrawalList>(`/member/withdrawal/${kind}`, { query: { limit, offset }, signal });
  return { rows: data.list, total: data.total };
}

export const ELIGIBILITY_KEY = [...WITHDRAWALS_KEY, 'eligibility'] as const;

/** Until when withdrawals wait after a contact or payout change (issue 12), and the saved destinations. */
export const eligibilityQuery = queryOptions({
  queryKey: ELIGIBILITY_KEY,
  queryFn: ({ signal }) => apiData<TWithdrawalEligibility>('/member/withdrawal/eligibility', { signal }),
});

/**
 * Sends a 6-digit code by SMS to the member's phone (400 PhoneMissing without one). The amount (major units) is named
 * in the SMS and the code confirms that amount only.
 */
export function sendWithdrawalCode(amount: number) {
  return apiRequest<null>('/member/withdrawal/code', { method: 'POST', body: { amount } });
}

/** Checks the code without spending it: a wrong code is refused here, before anything is requested. */
export function verifyWithdrawalCode(verificationCode: string) {
  return apiRequest<null>('/member/withdrawal/verify-code', {
    method: 'POST',
    body: { verification_code: verificationCode },
  });
}

export type WithdrawalBody = {
  payment_method: 'bank' | 'paypal';
  /** A saved destination only (issue 12): `saved` for the bank account, else the saved PayPal address. */
  account: string;
  /** Major units as a JSON number with at most 2 decimals (spec §5). */
  amount: number;
  verification_code: string;
  /** The authenticator app's code or a recovery code, when two-step verification is on (issue 17). */
  totp_code?: string;
};

/** Records the request (PENDING); the money leaves the wallet at once and waits for approval. */
export function storeWithdrawal(body: WithdrawalBody) {
  return apiRequest<WithdrawalRow>('/member/withdrawal/store', { method: 'POST', body });
}

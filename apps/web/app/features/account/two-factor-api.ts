import type {
  TTwoFactorConfirmData,
  TTwoFactorEnrolData,
  TTwoFactorState,
} from '@parcelle/shared/contracts/two-factor';
import { queryOptions } from '@tanstack/react-query';
import { apiData, apiRequest } from '../session/api';

/**
 * The calls of the "Two-step verification" section of /user/edit (issue 17, `/user/two-factor*`). After a change the
 * section refreshes this state and the profile (`two_factor`) in its query client.
 */

export const TWO_FACTOR_KEY = ['two-factor'] as const;

export const twoFactorQuery = queryOptions({
  queryKey: TWO_FACTOR_KEY,
  queryFn: ({ signal }) => apiData<TTwoFactorState>('/user/two-factor', { signal }),
});

/** A new secret with its QR code; needs the password proof of the last 5 minutes. */
export function enrolTwoFactor() {
  return apiData<TTwoFactorEnrolData>('/user/two-factor/enrol', { method: 'POST' });
}

/** The first code turns it on; answers the recovery codes (shown once). */
export async function confirmTwoFactor(code: string) {
  const answer = await apiRequest<TTwoFactorConfirmData>('/user/two-factor/confirm', {
    method: 'POST',
    body: { code },
  });
  return answer;
}

/** A current code or a recovery code turns it off; needs the password proof of the last 5 minutes. */
export async function disableTwoFactor(code: string) {
  const answer = await apiRequest<null>('/user/two-factor/disable', { method: 'POST', body: { code } });
  return answer;
}

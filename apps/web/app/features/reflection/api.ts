import type { TReflectionData } from '@parcelle/shared/contracts/reflection';
import { formatDateTime } from '@parcelle/shared/dates';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { apiData, apiRequest } from '../session/api';

/** Issue 30: the member's purchases in their reflection period (provisional) and those revoked lately. */
export const REFLECTION_KEY = ['member-reflection'] as const;

export function reflectionQuery() {
  return queryOptions({
    queryKey: REFLECTION_KEY,
    queryFn: ({ signal }) => apiData<TReflectionData>('/member/purchases/reflection', { signal }),
  });
}

export type TRevocation = {
  purchase_id: string;
  reference: string;
  status: 'revoked';
  refund_to: 'card' | 'paypal' | 'wallet';
  amount_minor: number;
  currency: 'USD' | 'EURO';
  refund_status: 'pending' | 'succeeded' | null;
  revoked_at: string;
};

/** Revokes one of the member's purchases from the member area (portfolio, history). */
export function revokePurchase(purchaseId: string) {
  return apiData<TRevocation>(`/member/purchases/${encodeURIComponent(purchaseId)}/revoke`, { method: 'POST' });
}

/** Revokes the purchase named by the signed link of a confirmation email (in the member's own session). */
export function revokeByLink(token: string) {
  return apiRequest<TRevocation>('/member/purchases/revocation/link', { method: 'POST', body: { token } });
}

/** A revocation changes the holdings, the wallet and the certificates: everything the member area shows of them. */
export async function refreshAfterRevocation(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries();
}

/**
 * The last minute a purchase can be revoked (the API's end is exclusive), on the Paris clock, in the shared date-time
 * format (issue 31); the sentence around it says "Paris time".
 */
export function lastRevocableMinute(revocableUntil: string, language: 'en' | 'fr'): string {
  return formatDateTime(new Date(revocableUntil).getTime() - 60_000, language, 'Europe/Paris');
}

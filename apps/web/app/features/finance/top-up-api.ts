import type { TopUpMethod, TTopUp } from '@parcelle/shared/contracts/deposits';
import { messages } from '@parcelle/shared/i18n/messages';
import { apiData, apiRequest } from '../session/api';
import { ApiError } from '../session/api-error';
import { POLL, pollUntilSettled } from '../session/poll';

/** The calls of a top-up by card or PayPal (issue 31; apps/api/src/modules/deposits/routes.ts). */

/** POST /member/top-ups: opens the provider's payment. The key is the attempt's: a retried request is not paid twice. */
export function startTopUp(method: TopUpMethod, amountMinor: number, idempotencyKey: string): Promise<TTopUp> {
  return apiData<TTopUp>('/member/top-ups', {
    method: 'POST',
    headers: { 'Idempotency-Key': idempotencyKey },
    body: { method, amount_minor: amountMinor },
  });
}

export function topUpState(id: string, signal?: AbortSignal): Promise<TTopUp> {
  return apiData<TTopUp>(`/member/top-ups/${encodeURIComponent(id)}`, { signal });
}

/** The offline card sandbox's "Pay": 200 once credited, 402 CardDeclined otherwise. */
export function payTopUpSandboxCard(id: string, cardNumber: string): Promise<TTopUp> {
  return apiData<TTopUp>(`/member/top-ups/${encodeURIComponent(id)}/sandbox-card`, {
    method: 'POST',
    body: { card_number: cardNumber },
  });
}

/** The member approved in PayPal's window: the server captures the order and credits on PayPal's answer. */
export async function captureTopUpPaypal(id: string): Promise<{ data: TTopUp; message: { en: string; fr: string } }> {
  const answer = await apiRequest<TTopUp>(`/member/top-ups/${encodeURIComponent(id)}/paypal`, { method: 'POST' });
  return { data: answer.data, message: answer.message };
}

/** The member closed the provider's form without paying: nothing is taken, the 24 hours' budget is given back. */
export function cancelTopUp(id: string): Promise<TTopUp> {
  return apiData<TTopUp>(`/member/top-ups/${encodeURIComponent(id)}/cancel`, { method: 'POST' });
}

/**
 * Waits for the provider's confirmation (Stripe's webhook) to credit the top-up after the card form said paid: the
 * page never credits on the browser's word. Throws CardDeclined when the provider refused, PaymentError when no
 * confirmation came in time (the money, if taken, is still credited when it comes; the notice says so).
 */
export function waitUntilCredited(id: string, poll = POLL, signal?: AbortSignal): Promise<TTopUp> {
  return pollUntilSettled(
    (aborted) => topUpState(id, aborted),
    (state) => {
      if (state.status === 'credited') return state;
      if (state.status === 'declined') throw new ApiError(402, messages.CardDeclined);
      return undefined;
    },
    poll,
    signal,
  );
}

/**
 * The query parameter that names the top-up on Stripe's return address: a card whose 3-D Secure leaves the site
 * (a bank's page) comes back to the finance page with it and Stripe's own parameters, and the page resumes the wait.
 */
export const TOP_UP_RETURN_PARAM = 'top_up';

/** The finance page's address to come back to after a redirect, naming the top-up (path and query, no origin). */
export function topUpReturnPath(pathname: string, id: string): string {
  return `${pathname}?${new URLSearchParams({ [TOP_UP_RETURN_PARAM]: id })}`;
}

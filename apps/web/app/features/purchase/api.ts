import type { Currency } from '@parcelle/shared/constants';
import type { TMemberCertificate } from '@parcelle/shared/contracts/certificates';
import type { TSecondaryOffer } from '@parcelle/shared/contracts/member';
import type { PaymentMethod, TPaymentConfig, TPurchaseData } from '@parcelle/shared/contracts/purchases';
import { messages } from '@parcelle/shared/i18n/messages';
import { useQuery } from '@tanstack/react-query';
import { PAINTINGS_KEY } from '../catalogue/api';
import { API_BASE, apiData, apiRequest } from '../session/api';
import { ApiError, isLocalized } from '../session/api-error';
import { POLL, pollUntilSettled } from '../session/poll';
import { RefreshFailed, refreshAccessToken } from '../session/refresh';
import { getAccessToken, getRefreshToken } from '../session/storage';

/** The calls of the purchase flow (spec §4, §7; routes in apps/api/src/modules/purchases/routes.ts). */

export type PurchaseData = TPurchaseData;

export type PurchaseOrder = {
  paintingId: string;
  quantity: number;
  owner: string;
  currency: Currency;
  /** Issue 30: the per-investment warning read and accepted (its version and the language it was shown in). */
  riskWarningConsent?: { version: string; language: 'en' | 'fr' } | undefined;
};

/**
 * GET /payments/config: the methods offered and whether real money is taken (test_mode). Fixed while the server runs,
 * so fetched once per visit.
 */
export function usePaymentConfig() {
  return useQuery({
    queryKey: ['payments', 'config'],
    queryFn: ({ signal }) => apiData<TPaymentConfig>('/payments/config', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** A new Idempotency-Key: one per attempt, so a retried request is not paid twice. */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `k-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 14)}`;
}

/** POST /paintings/purchase: reserves the parts and opens the payment (or pays from the wallet with a code). */
export async function createPurchase(
  order: PurchaseOrder,
  method: PaymentMethod,
  options: { idempotencyKey: string; verificationCode?: string; totpCode?: string | undefined },
): Promise<{ data: PurchaseData; message: { en: string; fr: string } }> {
  const answer = await apiRequest<PurchaseData>('/paintings/purchase', {
    method: 'POST',
    headers: { 'Idempotency-Key': options.idempotencyKey },
    body: {
      total_part: order.quantity,
      payment_method: method,
      painting_id: order.paintingId,
      owner: order.owner.trim(),
      currency: order.currency,
      responsibility_accepted: true,
      ...(order.riskWarningConsent ? { risk_warning_consent: order.riskWarningConsent } : {}),
      ...(options.verificationCode ? { verification_code: options.verificationCode } : {}),
      ...(options.totpCode ? { totp_code: options.totpCode } : {}),
    },
  });
  return { data: answer.data, message: answer.message };
}

/** POST /paintings/purchase/code: the one-time code that authorises paying from the wallet. */
export function sendPurchaseCode(): Promise<{ sent_to: 'phone' | 'email' }> {
  return apiData('/paintings/purchase/code', { method: 'POST' });
}

/** GET /paintings/purchase/:reference: the state of a purchase being paid. */
export function purchaseState(reference: string, signal?: AbortSignal): Promise<PurchaseData> {
  return apiData(`/paintings/purchase/${encodeURIComponent(reference)}`, { signal });
}

/** The offline card sandbox's "Pay": 200 when the card is accepted, 402 CardDeclined otherwise. */
export function confirmSandboxCard(clientSecret: string, cardNumber: string) {
  return apiRequest<{ status: 'succeeded' | 'declined'; reference_id: string }>('/payments/sandbox/card/confirm', {
    method: 'POST',
    body: { client_secret: clientSecret, card_number: cardNumber },
  });
}

/**
 * POST /paintings/order: the approval of a PayPal order. The server captures it with PayPal itself and trusts only
 * PayPal's answer; `paypalObject` and `paypalPaymentId` are informative.
 */
export async function approvePaypalOrder(
  orderId: string,
  idempotencyKey: string,
  paypalObject?: unknown,
  paypalPaymentId?: string,
) {
  const answer = await apiRequest<PurchaseData>('/paintings/order', {
    method: 'POST',
    headers: { 'Idempotency-Key': idempotencyKey },
    body: {
      order_id: orderId,
      ...(paypalPaymentId ? { paypal_payment_id: paypalPaymentId } : {}),
      paypal_object: paypalObject,
      payment_method: 'paypal',
    },
  });
  return { data: answer.data, message: answer.message };
}

/** Gives up a card or PayPal purchase awaiting payment: its parts go back at once (issue 31). */
export async function cancelPurchase(reference: string): Promise<PurchaseData> {
  const answer = await apiRequest<PurchaseData>(`/paintings/purchase/${encodeURIComponent(reference)}/cancel`, {
    method: 'POST',
  });
  return answer.data;
}

export { POLL };

/**
 * Polls a purchase until the payment provider's confirmation has settled it (a card payment is confirmed by a
 * webhook, so the answer to "Pay" may come before the parts are recorded). Resolves with the paid purchase;
 * throws PurchaseExpired, LatePaymentRefunded or PaymentError when it ends otherwise or does not settle in time.
 * `signal` stops it (the page was left): no request after that, and it rejects with the signal's reason.
 */
export async function waitUntilPaid(
  reference: string,
  poll: { intervalMs: number; attempts: number } = POLL,
  signal?: AbortSignal,
) {
  return pollUntilSettled(
    (aborted) => purchaseState(reference, aborted),
    (state) => {
      if (state.status === 'paid') return state;
      if (state.status === 'expired') throw new ApiError(410, messages.PurchaseExpired);
      if (state.status === 'refund_pending' || state.status === 'refunded') {
        throw new ApiError(409, messages.LatePaymentRefunded);
      }
      if (state.status === 'failed') throw new ApiError(402, messages.PaymentError);
      return undefined;
    },
    poll,
    signal,
  );
}

// ---------------------------------------------------------------- secondary market

/** Under PAINTINGS_KEY: a paid purchase refreshes the offer too. */
export const offerKey = (paintingId: string, currency: Currency) =>
  [...PAINTINGS_KEY, 'offer', paintingId, currency] as const;

/**
 * GET /paintings/sale/offer: what the member could buy of a secondary-market work right now (the other members' open
 * listings, oldest first, each at its price in `currency`). Never cached for long: a purchase is priced on it.
 */
export function useSecondaryOffer(paintingId: string, currency: Currency, enabled: boolean) {
  return useQuery({
    queryKey: offerKey(paintingId, currency),
    queryFn: ({ signal }) =>
      apiData<TSecondaryOffer>('/paintings/sale/offer', { query: { painting_id: paintingId, currency }, signal }),
    enabled,
    staleTime: 0,
  });
}

// ---------------------------------------------------------------- certificates

export type MemberCertificates = { certificates: TMemberCertificate[]; total: number; base_url: string };

export const CERTIFICATES_PAGE = 10;

export function useMemberCertificates(enabled: boolean, limit = CERTIFICATES_PAGE, offset = 0) {
  return useQuery({
    queryKey: ['certificates', 'mine', { limit, offset }],
    queryFn: ({ signal }) => apiData<MemberCertificates>('/member/certificates', { query: { limit, offset }, signal }),
    enabled,
  });
}

async function fetchPdf(number: string, token: string | null): Promise<Response> {
  return fetch(`${API_BASE}/member/certificates/${encodeURIComponent(number)}/pdf`, {
    headers: { Accept: 'application/pdf', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
}

/**
 * GET /member/certificates/:number/pdf needs the Bearer token, so it cannot be a plain link: the PDF is fetched
 * (renewing an expired token once), then saved through an object URL.
 */
export async function downloadCertificate(number: string): Promise<void> {
  let response = await fetchPdf(number, getAccessToken());
  if (response.status === 401) {
    try {
      response = await fetchPdf(number, await refreshAccessToken(getRefreshToken()));
    } catch (error) {
      if (!(error instanceof RefreshFailed)) throw error;
    }
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
    throw new ApiError(
      response.status,
      isLocalized(body?.error)
        ? body.error
        : response.status >= 500
          ? messages.InternalServerError
          : messages.SomethingWentWrong,
    );
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `certificate-${number}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const verifyPath = (number: string) => `/certificates/verify/${encodeURIComponent(number)}`;

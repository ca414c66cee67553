/**
 * The return from a redirect-based Stripe confirmation (a bank's page, 3-D Secure outside the frame): Stripe sends the
 * buyer back to /buy with `payment_intent`, `payment_intent_client_secret` and `redirect_status`. The purchase being
 * paid is kept in sessionStorage before confirming, so that /buy can resume waiting for it. No Stripe code here: this
 * module is part of the /buy chunk.
 */

/** sessionStorage key of the purchase being paid with Stripe. */
export const STRIPE_PENDING_KEY = 'parcelle.purchase.stripe-pending';

/** The query parameters Stripe adds to the return URL. */
export const STRIPE_RETURN_PARAMS = ['payment_intent', 'payment_intent_client_secret', 'redirect_status'] as const;

export type StripePending = { reference: string; paymentIntent: string };
export type StripeReturn = { paymentIntent: string; redirectStatus: string | null };

/** The PaymentIntent id of a client secret (`pi_123_secret_abc` → `pi_123`). */
export function paymentIntentOf(clientSecret: string): string {
  const at = clientSecret.indexOf('_secret_');
  return at > 0 ? clientSecret.slice(0, at) : clientSecret;
}

/** Keeps the purchase and its PaymentIntent before confirming (a redirect may follow). */
export function rememberStripePayment(reference: string, clientSecret: string): void {
  try {
    const pending: StripePending = { reference, paymentIntent: paymentIntentOf(clientSecret) };
    window.sessionStorage.setItem(STRIPE_PENDING_KEY, JSON.stringify(pending));
  } catch {
    // Storage refused (private mode): only a redirect's return is lost; the page flow does not need it.
  }
}

export function pendingStripePayment(): StripePending | null {
  try {
    const value = JSON.parse(window.sessionStorage.getItem(STRIPE_PENDING_KEY) ?? 'null') as Partial<StripePending>;
    return value && typeof value.reference === 'string' && typeof value.paymentIntent === 'string'
      ? { reference: value.reference, paymentIntent: value.paymentIntent }
      : null;
  } catch {
    return null;
  }
}

export function forgetStripePayment(): void {
  try {
    window.sessionStorage.removeItem(STRIPE_PENDING_KEY);
  } catch {
    // Nothing kept.
  }
}

/** Stripe's return parameters in the address, or null when this is not a return from Stripe. */
export function stripeReturnOf(search: URLSearchParams): StripeReturn | null {
  const secret = search.get('payment_intent_client_secret');
  const paymentIntent = search.get('payment_intent') || (secret ? paymentIntentOf(secret) : null);
  if (!paymentIntent || (!secret && !search.has('redirect_status'))) return null;
  return { paymentIntent, redirectStatus: search.get('redirect_status') };
}

/** The address to come back to after a redirect: the current /buy page, without a previous return's parameters. */
export function stripeReturnUrl(href: string): string {
  const url = new URL(href);
  for (const name of STRIPE_RETURN_PARAMS) url.searchParams.delete(name);
  return url.toString();
}

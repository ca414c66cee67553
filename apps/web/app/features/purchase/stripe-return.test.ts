// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import {
  forgetStripePayment,
  paymentIntentOf,
  pendingStripePayment,
  rememberStripePayment,
  STRIPE_PENDING_KEY,
  stripeReturnOf,
  stripeReturnUrl,
} from './stripe-return';

afterEach(() => window.sessionStorage.clear());

describe('return from a Stripe redirect', () => {
  it('reads the PaymentIntent of a client secret', () => {
    expect(paymentIntentOf('pi_3Abc_secret_xyz')).toBe('pi_3Abc');
    expect(paymentIntentOf('no-secret-here')).toBe('no-secret-here');
  });

  it('keeps the purchase and its PaymentIntent (never the secret) in sessionStorage', () => {
    rememberStripePayment('PUR-1', 'pi_3Abc_secret_xyz');
    expect(window.sessionStorage.getItem(STRIPE_PENDING_KEY)).not.toContain('secret');
    expect(pendingStripePayment()).toEqual({ reference: 'PUR-1', paymentIntent: 'pi_3Abc' });
    forgetStripePayment();
    expect(pendingStripePayment()).toBeNull();
    window.sessionStorage.setItem(STRIPE_PENDING_KEY, '{not json');
    expect(pendingStripePayment()).toBeNull();
  });

  it("recognises Stripe's return parameters only", () => {
    expect(stripeReturnOf(new URLSearchParams('painting_id=p1'))).toBeNull();
    expect(stripeReturnOf(new URLSearchParams('payment_intent=pi_1'))).toBeNull();
    expect(
      stripeReturnOf(
        new URLSearchParams('payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_x&redirect_status=failed'),
      ),
    ).toEqual({ paymentIntent: 'pi_1', redirectStatus: 'failed' });
    expect(stripeReturnOf(new URLSearchParams('payment_intent_client_secret=pi_2_secret_x'))).toEqual({
      paymentIntent: 'pi_2',
      redirectStatus: null,
    });
  });

  it('returns to the same /buy page without a previous return’s parameters', () => {
    expect(
      stripeReturnUrl(
        'https://parcelle.example/buy?painting_id=p1&currency=EURO&payment_intent=pi_1&redirect_status=failed',
      ),
    ).toBe('https://parcelle.example/buy?painting_id=p1&currency=EURO');
  });
});

import {
  type CardPayments,
  InvalidSignature,
  PaymentProviderError,
  type PaypalCapture,
  type PaypalPayments,
  type RefundResult,
} from './payments';

/**
 * A payment method switched off (PAYMENT_METHODS) with no provider keys and no sandbox allowed: purchases refuse the
 * method before reaching these, and anything that still gets here (a forged webhook, an unknown order) is refused.
 */
export class UnavailableCardPayments implements CardPayments {
  readonly name = 'stripe' as const;
  readonly publishableKey = '';

  async createPayment(): Promise<{ paymentId: string; clientSecret: string }> {
    throw new PaymentProviderError('card payments are not configured');
  }

  parseWebhook(): null {
    throw new InvalidSignature('card payments are not configured');
  }

  /** Nothing was ever taken through a method that is not configured; a refund stays pending and is logged. */
  async refund(): Promise<RefundResult> {
    throw new PaymentProviderError('card payments are not configured');
  }
}

export class UnavailablePaypalPayments implements PaypalPayments {
  readonly name = 'paypal' as const;
  readonly clientId = null;

  async createOrder(): Promise<{ orderId: string }> {
    throw new PaymentProviderError('PayPal is not configured');
  }

  async captureOrder(orderId: string): Promise<PaypalCapture> {
    return { orderId, completed: false, captureId: null, reference: null, amountMinor: 0, currency: null };
  }

  async refund(): Promise<RefundResult> {
    throw new PaymentProviderError('PayPal is not configured');
  }
}

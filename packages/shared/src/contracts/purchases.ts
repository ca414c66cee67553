import '../zod-config';
import { z } from 'zod';
import { MAX_PARTS_PER_PURCHASE, PAYMENT_METHODS, type PaymentMethod } from '../constants';
import { safeText } from '../validation/fields';
import { ZCurrency, ZMoney } from './auth';
import { ZRiskWarningConsent } from './investor';
import { stepUpFields } from './two-factor';

/**
 * Buying on the primary market (spec §4, §7; issue 5): POST /paintings/validate, /paintings/purchase,
 * /paintings/order, the smart-account code, and the sandbox payment calls.
 */

export { MAX_PARTS_PER_PURCHASE, PAYMENT_METHODS, type PaymentMethod };

/** Minutes a purchase holds its parts while it is being paid. */
export const RESERVATION_MINUTES = 15;

const quantity = z
  .number({ error: 'SelectShares' })
  .int({ error: 'SelectShares' })
  .min(1, { error: 'SelectShares' })
  .max(MAX_PARTS_PER_PURCHASE, { error: 'QuantityTooLarge' });
const ownerName = safeText({ error: 'OwnerNameRequired' })
  .trim()
  .min(1, { error: 'OwnerNameRequired' })
  .max(200, { error: 'OwnerNameRequired' });

/** The spec's fields, plus the display currency (default: the member's own). */
export const ZPurchaseRequest = z.strictObject({
  total_part: quantity,
  payment_method: z.enum(PAYMENT_METHODS, { error: 'SelectPaymentMethod' }),
  painting_id: safeText({ error: 'PaintingNotFound' }).uuid({ error: 'PaintingNotFound' }),
  /** The certificate holder's name; may differ from the buyer (spec §1). */
  owner: ownerName,
  currency: ZCurrency.optional(),
  /** The spec's confirmation box: the buyer stays responsible for the parts even with another holder. */
  responsibility_accepted: z.boolean().optional(),
  /**
   * smart_amount only: the one-time code sent by POST /paintings/purchase/code, and the app's code when the member's
   * second factor is on (issue 26).
   */
  /** Issue 30: the per-investment warning acknowledged, when the investment is above the member's threshold. */
  risk_warning_consent: ZRiskWarningConsent.optional(),
  ...stepUpFields(),
});
export type TPurchaseRequest = z.input<typeof ZPurchaseRequest>;

/** A priced request (POST /paintings/validate): nothing is reserved. */
export const ZPurchaseQuote = z.object({
  painting_id: z.string(),
  total_part: z.number().int(),
  available_part: z.number().int(),
  price_per_part: ZMoney,
  total: ZMoney,
  payment_method: z.enum(PAYMENT_METHODS),
  owner: z.string(),
});

/** refund_pending / refunded: paid after the reservation ended, for parts no longer available (money sent back). */
export const PURCHASE_STATUSES = [
  'pending',
  'paid',
  'expired',
  'failed',
  'refund_pending',
  'refunded',
  'revoked',
] as const;

/** POST /paintings/purchase (spec §3 "Purchase response"), plus the state of the purchase. */
export const ZPurchaseData = z.object({
  reference_id: z.string(),
  status: z.enum(PURCHASE_STATUSES),
  total: ZMoney,
  total_part: z.number().int(),
  expires_at: z.string(),
  /** card: the provider's publishable key and the payment's client secret (Stripe, or the offline sandbox). */
  stripe_publishable_key: z.string().optional(),
  payment_client_secret: z.string().optional(),
  card_provider: z.enum(['stripe', 'sandbox']).optional(),
  /** paypal: the order to approve (PayPal's, or the sandbox's). */
  paypal_order_id: z.string().optional(),
  paypal_provider: z.enum(['paypal', 'sandbox']).optional(),
  /** paypal with the real provider: the client id the PayPal JS SDK loads with. */
  paypal_client_id: z.string().optional(),
  /** Set once paid. */
  certificate_number: z.string().optional(),
});
export type TPurchaseData = z.infer<typeof ZPurchaseData>;

/**
 * `paypal_object` of POST /paintings/order: what the web sends, PayPal's approval ids (`orderID`, `payerID`,
 * `paymentID`) or the offline sandbox's (`id`, `status`, `source`). Flat, short strings, nothing else (decision 75):
 * the server reads none of it (only PayPal's own answer to the capture counts), so nothing deeper is accepted.
 */
export const ZPaypalObject = z.strictObject({
  orderID: safeText().max(200).optional(),
  payerID: safeText().max(200).nullable().optional(),
  paymentID: safeText().max(200).nullable().optional(),
  id: safeText().max(200).optional(),
  status: safeText().max(40).optional(),
  source: safeText().max(40).optional(),
});

/** POST /paintings/order (spec §7): PayPal's approval of a purchase's order. `paypal_object` is never trusted. */
export const ZOrderRequest = z.strictObject({
  order_id: safeText().min(1).max(200),
  paypal_payment_id: safeText().max(200).optional(),
  paypal_object: ZPaypalObject.optional(),
  payment_method: z.literal('paypal', { error: 'SelectPaymentMethod' }),
});

/** GET /paintings/purchase/:reference: the state of one of the member's purchases. */
export const ZPurchaseReferenceParams = z.strictObject({ reference: safeText().min(1).max(40) });

/**
 * GET /payments/config: what the purchase pages offer before anything is bought. `test_mode`: no real money is taken
 * (the offline sandboxes, or the providers' test keys); the pages say so.
 */
export const ZPaymentConfig = z.object({ test_mode: z.boolean(), methods: z.array(z.enum(PAYMENT_METHODS)) });
export type TPaymentConfig = z.infer<typeof ZPaymentConfig>;

/** The offline card sandbox's confirmation (plays the card form of the provider). */
export const ZSandboxCardConfirm = z.strictObject({
  client_secret: safeText().min(10).max(300),
  card_number: safeText().regex(/^[\d ]{12,23}$/, { error: 'CardDeclined' }),
});
export const ZSandboxCardResult = z.object({ status: z.enum(['succeeded', 'declined']), reference_id: z.string() });

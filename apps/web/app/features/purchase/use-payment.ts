import type { PaymentMethod } from '@parcelle/shared/contracts/purchases';
import { type Localized, messages } from '@parcelle/shared/i18n/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isStepUpCodeError } from '../account/StepUp';
import { PAINTINGS_KEY } from '../catalogue/api';
import { useToast } from '../feedback/toast';
import { localized } from '../i18n/language';
import { ApiError, errorText } from '../session/api-error';
import {
  approvePaypalOrder,
  cancelPurchase,
  confirmSandboxCard,
  createPurchase,
  newIdempotencyKey,
  POLL,
  type PurchaseData,
  type PurchaseOrder,
  sendPurchaseCode,
  waitUntilPaid,
} from './api';
import {
  forgetStripePayment,
  pendingStripePayment,
  rememberStripePayment,
  STRIPE_RETURN_PARAMS,
  stripeReturnOf,
} from './stripe-return';

export type PaymentStep = 'choose' | 'card' | 'paypal' | 'otp' | 'success';

/** Success toast of each method (spec §8): the smart account's congratulations, else "Payment successful". */
const SUCCESS_MESSAGE: Record<PaymentMethod, Localized> = {
  card: messages.PaymentSuccessful,
  paypal: messages.PaymentSuccessful,
  smart_amount: messages.PurchaseComplete,
};

/** The outcome of Stripe's `confirmPayment` the hook needs (no Stripe types here: Stripe stays in its own chunk). */
export type StripeConfirmation = { error?: { message?: string } };

/** What PayPal's buttons hand to `onApprove`; only the order id is used, and checked against the purchase's. */
export type PaypalApproval = { orderID: string; paymentID?: string | null; payerID?: string | null };

/** Which form pays the purchase: the offline sandboxes, or the real providers' own (Stripe Elements, PayPal buttons). */
export function cardProviderOf(data: PurchaseData): 'stripe' | 'sandbox' | null {
  if (!data.payment_client_secret) return null;
  if (data.card_provider === 'sandbox') return 'sandbox';
  if (data.card_provider === 'stripe' && data.stripe_publishable_key) return 'stripe';
  return null;
}

export function paypalProviderOf(data: PurchaseData): 'paypal' | 'sandbox' | null {
  if (!data.paypal_order_id) return null;
  if (data.paypal_provider === 'sandbox') return 'sandbox';
  if (data.paypal_provider === 'paypal' && data.paypal_client_id) return 'paypal';
  return null;
}

/** Where the one-time code was sent, for the code dialog. */
export type CodeDestination = { sentTo: 'phone' | 'email' };

/**
 * The payment flow of the purchase drawer (spec §4): a purchase is opened on the server (one Idempotency-Key per
 * attempt), then paid with the card form, PayPal's approval, or the wallet after a one-time code; once paid the
 * success dialog shows the certificate and stays until the member goes on (decision 390: no timed redirect).
 */
export function usePayment(order: PurchaseOrder | null, askSecondFactor?: () => Promise<string>) {
  const { t } = useTranslation();
  const toast = useToast();
  const [search, setSearch] = useSearchParams();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<PaymentStep>('choose');
  const [method, setMethod] = useState<PaymentMethod | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Localized | null>(null);
  const [modalError, setModalError] = useState<Localized | null>(null);
  const [purchase, setPurchase] = useState<PurchaseData | null>(null);
  const [codeSentTo, setCodeSentTo] = useState<CodeDestination | null>(null);
  const [successMessage, setSuccessMessage] = useState<Localized | null>(null);
  /** The purchase opened for an order and method, reused while pending rather than reserving parts twice. */
  const opened = useRef<{ signature: string; purchase: PurchaseData } | null>(null);
  const resumed = useRef(false);

  /** Aborted when the drawer's page is left: a purchase being paid is no longer polled from a page nobody reads. */
  const leaving = useRef<AbortController | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    leaving.current = controller;
    return () => controller.abort();
  }, []);
  const untilPaid = useCallback((reference: string) => waitUntilPaid(reference, POLL, leaving.current?.signal), []);

  const succeed = useCallback(
    (paid: PurchaseData, how: PaymentMethod) => {
      opened.current = null;
      setPurchase(paid);
      setSuccessMessage(SUCCESS_MESSAGE[how]);
      setStep('success');
      toast(localized(SUCCESS_MESSAGE[how]), 'success');
      void queryClient.invalidateQueries({ queryKey: PAINTINGS_KEY });
      void queryClient.invalidateQueries({ queryKey: ['profile'] });
      void queryClient.invalidateQueries({ queryKey: ['certificates'] });
    },
    [queryClient, toast],
  );

  /** The "Payment" button: opens the purchase and the method's own step. */
  const start = useCallback(
    async (how: PaymentMethod) => {
      if (!order) return;
      setError(null);
      setModalError(null);
      setBusy(true);
      try {
        const signature = JSON.stringify([order, how]);
        // Another method or another order than the purchase still awaiting payment (a declined card, PayPal left
        // unfinished): that purchase is given up first, so its parts do not hold the work until it expires.
        const previous = opened.current;
        if (previous && previous.signature !== signature && previous.purchase.status === 'pending') {
          opened.current = null;
          await cancelPurchase(previous.purchase.reference_id);
        }
        if (how === 'smart_amount') {
          const { sent_to } = await sendPurchaseCode();
          setCodeSentTo({ sentTo: sent_to });
          setStep('otp');
          return;
        }
        const reusable =
          opened.current?.signature === signature &&
          opened.current.purchase.status === 'pending' &&
          Date.parse(opened.current.purchase.expires_at) > Date.now() + 60_000;
        const data =
          reusable && opened.current
            ? opened.current.purchase
            : (await createPurchase(order, how, { idempotencyKey: newIdempotencyKey() })).data;
        opened.current = { signature, purchase: data };
        setPurchase(data);
        if (data.status === 'paid') {
          succeed(data, how);
          return;
        }
        // Without what its form needs (a key, a secret, an order), the method cannot be paid here.
        if (how === 'card') {
          if (!cardProviderOf(data)) throw new ApiError(501, messages.PaymentError);
          setStep('card');
        } else {
          if (!paypalProviderOf(data)) throw new ApiError(501, messages.PaymentError);
          setStep('paypal');
        }
      } catch (failure) {
        setError(errorText(failure));
      } finally {
        setBusy(false);
      }
    },
    [order, succeed],
  );

  /** The card sandbox's "Pay": a declined card keeps the form open for another try. */
  const payByCard = useCallback(
    async (cardNumber: string) => {
      const secret = purchase?.payment_client_secret;
      if (!purchase || !secret) return;
      setModalError(null);
      try {
        await confirmSandboxCard(secret, cardNumber);
        succeed(await untilPaid(purchase.reference_id), 'card');
      } catch (failure) {
        setModalError(errorText(failure));
        throw failure;
      }
    },
    [purchase, succeed, untilPaid],
  );

  /**
   * Stripe's "Pay": `confirm` runs `stripe.confirmPayment` in the Stripe modal. The purchase is kept for the return
   * from a redirect first; then, as with the sandbox, the webhook settles the purchase and the page waits for it.
   * Stripe's refusal (already in the buyer's language) shows in the modal, which stays open for another try.
   */
  const payWithStripe = useCallback(
    async (confirm: () => Promise<StripeConfirmation>) => {
      const secret = purchase?.payment_client_secret;
      if (!purchase || !secret) return;
      setModalError(null);
      rememberStripePayment(purchase.reference_id, secret);
      try {
        const outcome = await confirm();
        if (outcome.error) {
          const text = outcome.error.message?.trim();
          throw new ApiError(402, text ? { en: text, fr: text } : messages.PaymentError);
        }
        const paid = await untilPaid(purchase.reference_id);
        forgetStripePayment();
        succeed(paid, 'card');
      } catch (failure) {
        setModalError(errorText(failure));
        throw failure;
      }
    },
    [purchase, succeed, untilPaid],
  );

  /**
   * PayPal's approval (the sandbox's "Approve", or PayPal's buttons with `approval`): the server captures the order
   * with PayPal and says whether it is paid. Nothing from the browser is trusted but the order id, which must be the
   * purchase's own.
   */
  const approvePaypal = useCallback(
    async (approval?: PaypalApproval) => {
      const orderId = purchase?.paypal_order_id;
      if (!purchase || !orderId) return;
      setModalError(null);
      try {
        if (approval && approval.orderID !== orderId) throw new ApiError(402, messages.PaymentError);
        const { data } = approval
          ? await approvePaypalOrder(
              orderId,
              newIdempotencyKey(),
              // The approval's ids only: never the buyer's PayPal access token (facilitatorAccessToken).
              { orderID: approval.orderID, payerID: approval.payerID ?? null, paymentID: approval.paymentID ?? null },
              approval.paymentID ?? undefined,
            )
          : await approvePaypalOrder(orderId, newIdempotencyKey(), {
              id: orderId,
              status: 'APPROVED',
              source: 'sandbox',
            });
        succeed(data.status === 'paid' ? data : await untilPaid(data.reference_id), 'paypal');
      } catch (failure) {
        if (failure instanceof ApiError && failure.status === 400) {
          // The purchase is over (expired, refused): back to the drawer to start again.
          opened.current = null;
          setStep('choose');
          setError(failure.error);
        } else {
          setModalError(errorText(failure));
        }
        throw failure;
      }
    },
    [purchase, succeed, untilPaid],
  );

  /** PayPal's buttons failed (SDK, popup): the modal says the payment did not go through. */
  const failPaypal = useCallback(() => setModalError(messages.PaymentError), []);

  /**
   * Back on /buy from a redirect-based Stripe confirmation: Stripe's parameters leave the address (a reload does not
   * resume twice), then the purchase kept before confirming is awaited like after "Pay". Only the server's state
   * counts: `redirect_status` is read for a refusal only.
   */
  useEffect(() => {
    const returned = stripeReturnOf(search);
    if (!returned || resumed.current) return;
    resumed.current = true;
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const name of STRIPE_RETURN_PARAMS) next.delete(name);
        return next;
      },
      { replace: true },
    );
    const pending = pendingStripePayment();
    if (!pending || pending.paymentIntent !== returned.paymentIntent) return;
    forgetStripePayment();
    if (returned.redirectStatus === 'failed') {
      toast(localized(messages.PaymentError), 'error');
      return;
    }
    setBusy(true);
    toast(t('purchase.stripe.resuming'), 'info');
    untilPaid(pending.reference)
      .then((paid) => succeed(paid, 'card'))
      .catch((failure: unknown) => {
        if (!leaving.current?.signal.aborted) toast(localized(errorText(failure)), 'error');
      })
      .finally(() => setBusy(false));
  }, [search, setSearch, succeed, toast, t, untilPaid]);

  /** The code dialog's "Confirm": pays from the wallet. Errors of the code stay in the dialog. */
  const confirmCode = useCallback(
    async (code: string) => {
      if (!order) return;
      let totpCode: string | undefined;
      if (askSecondFactor) {
        try {
          totpCode = await askSecondFactor();
        } catch {
          return; // the app's code was not given: the code dialog stays open
        }
      }
      try {
        const { data } = await createPurchase(order, 'smart_amount', {
          idempotencyKey: newIdempotencyKey(),
          verificationCode: code,
          totpCode,
        });
        succeed(data, 'smart_amount');
      } catch (failure) {
        if (isStepUpCodeError(failure)) throw failure;
        setStep('choose');
        setError(errorText(failure));
      }
    },
    [order, succeed, askSecondFactor],
  );

  const resendCode = useCallback(async () => {
    const { sent_to } = await sendPurchaseCode();
    setCodeSentTo({ sentTo: sent_to });
  }, []);

  const backToChoice = useCallback(() => {
    setStep('choose');
    setModalError(null);
  }, []);

  /** The card modal closed after a refusal: the drawer says why. */
  const closeCard = useCallback(() => {
    setStep('choose');
    if (modalError) setError(messages.PaymentError);
    setModalError(null);
  }, [modalError]);

  return {
    step,
    method,
    setMethod,
    busy,
    error,
    setError,
    modalError,
    purchase,
    codeSentTo,
    successMessage,
    start,
    payByCard,
    payWithStripe,
    approvePaypal,
    failPaypal,
    confirmCode,
    resendCode,
    backToChoice,
    closeCard,
  };
}

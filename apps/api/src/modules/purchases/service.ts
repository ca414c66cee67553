import type { Currency } from '@parcelle/shared/constants';
import type { TPurchaseData, ZPurchaseRequest } from '@parcelle/shared/contracts/purchases';
import { toMajor } from '@parcelle/shared/money';
import { toE164 } from '@parcelle/shared/validation/fields';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { PaymentProviderError } from '../../adapters/payments/payments';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { inTransaction, isLockTimeout } from '../../db/retry';
import { certificates, purchases } from '../../db/schema';
import { type Settled, WorkTurns } from '../../db/turns';
import type { Member } from '../../http/authenticate';
import { AppError, badRequest, notFound, RetryLaterError } from '../../http/errors';
import { ok } from '../../http/reply';
import { recordPurchase, recordReservationBatch, recordReservations } from '../../observability/metrics';
import { checkStepUp } from '../auth/step-up';
import { issueCode } from '../codes/service';
import { confirmInvestmentWarning, investmentWarningConsent } from '../investor/gate';
import type { InvestorState } from '../investor/profile';
import type { PurchaseAcknowledgement } from '../key-information/gate';
import { recordPurchaseKeyInformation } from '../key-information/service';
import { lockWallet, walletBalance } from '../ledger/ledger';
import { walletCodeEmail } from '../notifications/emails';
import { codeSms, sendCodeSms } from '../notifications/sms';
import { type PurchaseGates, purchaseGatesOf, requirePurchaseGates } from './gates';
import { type Answer, type KeyClaim, NO_KEY } from './idempotency';
import { recordProviderReference } from './provider-references';
import { recordPaymentOutcome } from './purchase-metrics';
import { processRefund } from './refund-late-payment';
import { releasePurchase } from './release-reservation';
import { type Purchase, quotePurchase } from './reserve';
import { type PurchaseRecords, type ReservationRequest, reserveBatch, reservePurchase } from './reserve-purchase';
import { enqueueConfirmations } from './send-confirmations';
import { settlePurchase } from './settle';
import type { PaymentOutcome } from './settle-payment';

type PurchaseRequest = z.output<typeof ZPurchaseRequest>;

/**
 * A card or PayPal purchase waiting for its work's batch: its reservation, and what it records once the batch's read
 * of the gates let its member through (the per-investment warning's check, the key information acknowledged).
 */
type GatedReservation = {
  reservation: ReservationRequest;
  gated: (gates: PurchaseGates) => Pick<PurchaseRecords, 'warning' | 'keyInformation'>;
};

/** Each process's batches of reservations per work (turns.ts), one set per application context. */
const turnsOf = new WeakMap<AppContext, WorkTurns<GatedReservation, Purchase>>();

/**
 * Reserves a card or PayPal purchase in its work's next batch (turns.ts, reserve-purchase.ts): arrival order per
 * work, the batch's gates read at once (gates.ts, decision 592), then one transaction for those who passed, each
 * request its own answer; a bounded wait, then 503 DropBusy.
 */
function reserveInTurn(ctx: AppContext, request: GatedReservation): Promise<Purchase> {
  let turns = turnsOf.get(ctx);
  if (!turns) {
    turns = new WorkTurns<GatedReservation, Purchase>(
      async (workId, waiting) => {
        recordReservationBatch(waiting.length);
        const answers: Settled<Purchase>[] = [];
        const passed: { at: number; request: ReservationRequest }[] = [];
        // The gates of the batch's members in one read: a member refused there is answered so and reserves nothing.
        const gatesOf = await purchaseGatesOf(
          ctx,
          waiting.map((one) => one.reservation.userId),
          workId,
        );
        waiting.forEach(({ reservation, gated }, at) => {
          try {
            const records = { ...reservation.records, ...gated(gatesOf(reservation.userId)) };
            passed.push({ at, request: { ...reservation, records } });
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            answers[at] = { error };
          }
        });
        if (passed.length === 0) return answers;
        try {
          const outcomes = await reserveBatch(
            ctx.database.db,
            passed.map((one) => one.request),
          );
          // One announcement per batch that reserved: what the work has available changed once, at its commit.
          if (outcomes.some((outcome) => 'purchase' in outcome)) announceSale(ctx, workId);
          outcomes.forEach((outcome, at) => {
            const asked = passed[at]?.at ?? -1;
            answers[asked] = 'refusal' in outcome ? { error: outcome.refusal } : { value: outcome.purchase };
          });
          return answers;
        } catch (error) {
          // A row stayed locked longer than lock_timeout, twice (inTransaction ran it again once).
          if (isLockTimeout(error)) throw new RetryLaterError(1, 'DropBusy', 503);
          throw error;
        }
      },
      { inFlight: ctx.purchasesInFlight },
    );
    turnsOf.set(ctx, turns);
  }
  return turns.run(request.reservation.paintingId, request);
}

/** After a commit that changed what a work has available or sold: the public reads kept in memory drop it. */
export function announceSale(ctx: AppContext, paintingId: string): void {
  ctx.catalogueChanges.changed({ kind: 'sale', paintingId });
}

const money = (minor: number, currency: Currency) => ({ value: toMajor(minor), curr: currency });

/**
 * The currency of a purchase: the one asked for (the display currency), else the member's own; a wallet payment is
 * always in the member's own currency, the currency of their wallet.
 */
const currencyOf = (member: Member, request: { currency?: Currency; payment_method?: string }) =>
  request.payment_method === 'smart_amount' ? member.currency : (request.currency ?? member.currency);

/** A method switched off by PAYMENT_METHODS is refused before anything is priced or reserved. */
function assertMethodOffered(ctx: AppContext, request: Pick<PurchaseRequest, 'payment_method'>) {
  if (!ctx.config.payments.methods.includes(request.payment_method)) {
    throw badRequest('PaymentMethodUnavailable', 'payment_method');
  }
}

/** POST /paintings/validate: prices the request and checks it could be bought now; nothing is reserved. */
export async function validatePurchase(ctx: AppContext, member: Member, request: PurchaseRequest) {
  assertMethodOffered(ctx, request);
  // An unverified member learns here, before paying, that buying needs an approved identity (issue 29); then the
  // investor's own steps (issue 30: test, risk warning, loss simulation, each named with its page); then, on the
  // primary market, the work's current key information document acknowledged (issue 30). One read (gates.ts).
  const { investor } = await requirePurchaseGates(ctx, member.id, request.painting_id);
  const currency = currencyOf(member, request);
  const quote = await quotePurchase(ctx.database.db, {
    paintingId: request.painting_id,
    quantity: request.total_part,
    currency,
    buyerId: member.id,
  });
  // Above the member's threshold the warning's consent must come with the request (checked here, recorded at purchase).
  await confirmInvestmentWarning(ctx.database.db, investor, ctx.config.investor, {
    amountMinor: quote.totalMinor,
    currency,
    consent: request.risk_warning_consent,
    language: member.language,
    record: false,
  });
  return {
    painting_id: quote.painting.id,
    total_part: request.total_part,
    available_part: quote.available,
    price_per_part: money(quote.unitPriceMinor, currency),
    total: money(quote.totalMinor, currency),
    payment_method: request.payment_method,
    owner: request.owner.trim(),
  };
}

export function purchaseData(purchase: Purchase, extra: Partial<TPurchaseData> = {}): TPurchaseData {
  return {
    reference_id: purchase.reference,
    status: purchase.status,
    total: money(purchase.totalMinor, purchase.currency),
    total_part: purchase.quantity,
    expires_at: purchase.expiresAt.toISOString(),
    ...extra,
  };
}

function reserveFor(ctx: AppContext, member: Member, request: PurchaseRequest) {
  return {
    userId: member.id,
    paintingId: request.painting_id,
    quantity: request.total_part,
    currency: currencyOf(member, request),
    paymentMethod: request.payment_method,
    ownerName: request.owner,
    language: member.language,
    reservationMinutes: ctx.config.payments.reservationMinutes,
    limits: ctx.config.reservationLimits,
  };
}

/** The answer of POST /paintings/purchase (stored with an Idempotency-Key). */
export function purchaseAnswer(data: TPurchaseData): Answer {
  return { status: 200, body: ok(data, data.status === 'paid' ? 'PurchaseComplete' : 'Ok') };
}

/**
 * POST /paintings/purchase. Card and PayPal: the parts are reserved, then the provider's payment (or order)
 * is created for the exact amount; if the provider cannot be reached the reservation is released at once.
 * Smart account: the code is checked, then reservation, wallet debit and settlement happen in one transaction.
 * The request's Idempotency-Key is claimed in the transaction that reserves (`key`, idempotency.ts).
 */
export async function createPurchase(
  ctx: AppContext,
  member: Member,
  request: PurchaseRequest,
  options: {
    /** A quick sign-up session, bound to the purchase it makes (quick-signup.ts). */
    quickSignUpSessionId?: string;
    key?: KeyClaim;
    /** The buyer's session, kept with a per-investment warning's consent (issue 30). */
    sessionId?: string;
  } = {},
): Promise<TPurchaseData> {
  assertMethodOffered(ctx, request);
  // Every method (card, PayPal, wallet): identity verification approved first (issue 29); then the investor's own
  // steps (issue 30; the per-investment warning is checked on the reserved total below); then a primary purchase needs
  // the work's current key information document acknowledged, and records which. One read (gates.ts, decision 487),
  // for a whole batch of card and PayPal reservations (decision 592).
  const key = options.key ?? NO_KEY;
  const warningFor = (investor: InvestorState) => investmentWarning(ctx, member, request, investor, options.sessionId);
  if (request.payment_method === 'smart_amount') {
    const { investor, acknowledgement } = await requirePurchaseGates(ctx, member.id, request.painting_id);
    return payFromWallet(ctx, member, request, key, warningFor(investor), acknowledgement);
  }
  const purchase = await reserveInTurn(ctx, {
    reservation: {
      ...reserveFor(ctx, member, request),
      // Recorded with the purchase in its batch's transaction, or the reservation is undone (reserve-purchase.ts).
      records: {
        key,
        ...(options.quickSignUpSessionId ? { quickSignUpSessionId: options.quickSignUpSessionId } : {}),
      },
    },
    gated: ({ investor, acknowledgement }) => ({
      warning: warningFor(investor).check,
      keyInformation: acknowledgement,
    }),
  });
  recordPurchase(request.payment_method, 'reserved');
  recordReservations('created');
  return startProviderPayment(ctx, purchase);
}

/**
 * The per-investment warning of a purchase (issue 30, gate.ts): above the member's threshold, the consent that came
 * with the request is checked and recorded in the purchase's transaction, against the purchase's reference and total.
 */
function investmentWarning(
  ctx: AppContext,
  member: Member,
  request: PurchaseRequest,
  investor: InvestorState | null,
  sessionId: string | undefined,
) {
  const input = (purchase: { totalMinor: number; currency: Currency; reference: string }) => ({
    amountMinor: purchase.totalMinor,
    currency: purchase.currency,
    consent: request.risk_warning_consent,
    language: member.language,
    sessionId: sessionId ?? null,
    reference: purchase.reference,
  });
  return {
    /** Checked only: the consent to record with the purchase, or null where none is asked. */
    check: (tx: Executor, purchase: { totalMinor: number; currency: Currency; reference: string }) =>
      investmentWarningConsent(tx, investor, ctx.config.investor, input(purchase)),
    /** Checked and recorded in the caller's transaction. */
    confirm: (tx: Executor, purchase: { totalMinor: number; currency: Currency; reference: string }) =>
      confirmInvestmentWarning(tx, investor, ctx.config.investor, input(purchase)),
  };
}

/**
 * Creates the provider's payment (card) or order (PayPal) of a reserved purchase and records its reference. Both
 * providers take the purchase as their idempotency key, so a retry that finishes a purchase left without its answer
 * (resumePurchase) gets the same payment back. A provider that cannot be reached releases the reservation: 502.
 */
async function startProviderPayment(ctx: AppContext, purchase: Purchase): Promise<TPurchaseData> {
  const db = ctx.database.db;
  try {
    if (purchase.paymentMethod === 'card') {
      const card = ctx.payments.card;
      const payment = await card.createPayment({
        purchaseId: purchase.id,
        reference: purchase.reference,
        amountMinor: purchase.totalMinor,
        currency: purchase.currency,
        paintingId: purchase.paintingId,
        payerId: purchase.userId,
      });
      await recordProviderReference(ctx, purchase.paintingId, {
        purchaseId: purchase.id,
        providerRef: payment.paymentId,
      });
      return purchaseData(purchase, {
        stripe_publishable_key: card.publishableKey,
        payment_client_secret: payment.clientSecret,
        card_provider: card.name,
      });
    }
    const paypal = ctx.payments.paypal;
    const order = await paypal.createOrder({
      reference: purchase.reference,
      amountMinor: purchase.totalMinor,
      currency: purchase.currency,
    });
    await recordProviderReference(ctx, purchase.paintingId, { purchaseId: purchase.id, providerRef: order.orderId });
    return purchaseData(purchase, {
      paypal_order_id: order.orderId,
      paypal_provider: paypal.name,
      ...(paypal.clientId ? { paypal_client_id: paypal.clientId } : {}),
    });
  } catch (error) {
    await inTransaction(db, (tx) =>
      releasePurchase(tx, purchase.id, 'failed', `provider: ${(error as Error).message}`),
    );
    announceSale(ctx, purchase.paintingId);
    recordPurchase(purchase.paymentMethod, 'provider_error');
    recordReservations('released_on_error');
    if (error instanceof PaymentProviderError) throw new AppError(502, 'PaymentError');
    throw error;
  }
}

/**
 * The answer to a keyed purchase request whose work committed but whose answer was never stored (the process died
 * in between, or the first request is still waiting for the provider): a card or PayPal purchase still awaiting
 * payment gets its provider payment (the same one: the providers are idempotent per purchase); any other answers
 * what happened to it, paid with its certificate, or released.
 */
export async function resumePurchase(ctx: AppContext, member: Member, purchaseId: string): Promise<Answer> {
  const [purchase] = await ctx.database.db
    .select()
    .from(purchases)
    .where(and(eq(purchases.id, purchaseId), eq(purchases.userId, member.id)));
  if (!purchase) throw notFound('PurchaseNotFound');
  const awaitingProvider =
    purchase.status === 'pending' && purchase.paymentMethod !== 'smart_amount' && purchase.expiresAt > new Date();
  if (awaitingProvider) return purchaseAnswer(await startProviderPayment(ctx, purchase));
  return purchaseAnswer(await purchaseState(ctx, member, purchase.reference));
}

function memberPhone(member: Member): string | undefined {
  if (!member.phoneCode || !member.phoneNumber) return undefined;
  return toE164(member.phoneCode, member.phoneNumber);
}

/** POST /paintings/purchase/code: the one-time code that authorises paying from the wallet (spec §4). */
export async function sendPurchaseCode(ctx: AppContext, member: Member): Promise<{ sent_to: 'phone' | 'email' }> {
  assertMethodOffered(ctx, { payment_method: 'smart_amount' });
  const code = await issueCode(ctx.database.db, ctx.config, { userId: member.id, purpose: 'purchase' });
  const phone = memberPhone(member);
  if (phone) {
    await sendCodeSms(ctx, {
      userId: member.id,
      purpose: 'purchase',
      to: phone,
      text: codeSms(member.language, 'purchase', code),
    });
    return { sent_to: 'phone' };
  }
  await ctx.mailer.sendEmail({
    to: member.email,
    ...walletCodeEmail(member.language, { firstName: member.firstName, code }),
  });
  return { sent_to: 'email' };
}

/**
 * A wallet payment: the code (and TOTP when on) is checked first (a wrong one counts in its own commit), then one
 * transaction claims the key, locks the wallet, spends the code, reserves, debits, settles and stores the answer. A deadlock or a
 * serialization failure runs that transaction again (inTransaction): the attempt that failed spent nothing.
 */
async function payFromWallet(
  ctx: AppContext,
  member: Member,
  request: PurchaseRequest,
  key: KeyClaim,
  warning: ReturnType<typeof investmentWarning>,
  acknowledgement: PurchaseAcknowledgement | null,
): Promise<TPurchaseData> {
  if (!request.verification_code) throw badRequest('OtpRequired', 'verification_code');
  const db = ctx.database.db;
  const currency = currencyOf(member, request);
  // A cheap early answer before the code is checked; the transaction below checks again under the wallet lock.
  const quote = await quotePurchase(db, {
    paintingId: request.painting_id,
    quantity: request.total_part,
    currency,
    buyerId: member.id,
  });
  // Read without the lock: the early check; the one that counts is under the wallet's lock below.
  if ((await walletBalance(db, member.id, currency)) < quote.totalMinor) {
    throw badRequest('InsufficientBalance', 'payment_method');
  }
  // A missing warning consent is answered before the code is checked, so no code is spent for nothing.
  await warning.check(db, { totalMinor: quote.totalMinor, currency, reference: '' });
  // The wallet code, and the app's code when the member's second factor is on (issue 26: auth/step-up.ts).
  const stepUp = await checkStepUp(ctx, member, request);
  const settled = await inTransaction(db, async (tx) => {
    await key.claim(tx);
    const locked = await lockWallet(tx, member.id, currency);
    await stepUp.spend(tx);
    const purchase = await reservePurchase(tx, reserveFor(ctx, member, request));
    await recordPurchaseKeyInformation(tx, purchase.id, acknowledgement);
    if (locked.balanceMinor < purchase.totalMinor) throw badRequest('InsufficientBalance', 'payment_method');
    await warning.confirm(tx, purchase);
    const result = await settlePurchase(tx, purchase.id, { kind: 'wallet', walletAccountId: locked.accountId });
    if (!result) throw new Error('a purchase reserved in this transaction could not be settled');
    const data = purchaseData(result.purchase, { certificate_number: result.certificate.number });
    await key.record(tx, { purchaseId: purchase.id, answer: purchaseAnswer(data) });
    // The confirmation enqueued with the settlement, as a card or PayPal payment's (decisions 470, 488 and 498): it
    // exists exactly when the purchase commits, and costs no statement after the commit.
    await enqueueConfirmations(tx, ctx.jobs, [purchase.id]);
    return { ...result, data };
  });
  announceSale(ctx, settled.purchase.paintingId);
  recordPurchase('smart_amount', 'settled');
  return settled.data;
}

/** GET /paintings/purchase/:reference: the member's own purchase (the page polls it after paying). */
export async function purchaseState(ctx: AppContext, member: Member, reference: string): Promise<TPurchaseData> {
  const [row] = await ctx.database.db
    .select({ purchase: purchases, certificateNumber: certificates.number })
    .from(purchases)
    .leftJoin(certificates, eq(certificates.purchaseId, purchases.id))
    .where(and(eq(purchases.reference, reference), eq(purchases.userId, member.id)));
  if (!row) throw notFound('PurchaseNotFound');
  return purchaseData(row.purchase, row.certificateNumber ? { certificate_number: row.certificateNumber } : {});
}

/** The member's purchase by its PayPal order (POST /paintings/order). */
export async function purchaseOfOrder(ctx: AppContext, member: Member, orderId: string): Promise<Purchase> {
  const [purchase] = await ctx.database.db
    .select()
    .from(purchases)
    .where(
      and(eq(purchases.providerRef, orderId), eq(purchases.userId, member.id), eq(purchases.paymentMethod, 'paypal')),
    );
  if (!purchase) throw notFound('PurchaseNotFound');
  return purchase;
}

/**
 * What follows a provider's payment once its transaction committed: counted; a late payment for parts no longer
 * available is refunded through the provider now (if the provider fails, the refund stays pending and the reservation
 * job retries it). What is sold was announced once for the payment's batch (payment-events.ts).
 */
export async function finishPayment(ctx: AppContext, outcome: PaymentOutcome, log?: FastifyBaseLogger): Promise<void> {
  recordPaymentOutcome(outcome);
  // A settled purchase's confirmation was enqueued with its settlement (settle-payment.ts, decision 470).
  if (outcome.kind === 'refund-due') await processRefund(ctx, outcome.refundId, log);
}

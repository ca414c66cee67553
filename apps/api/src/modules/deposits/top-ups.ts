import { randomUUID } from 'node:crypto';
import {
  type MessageKey,
  type TopUpLimits,
  type TopUpMethod,
  type TopUpState,
  type TTopUp,
  topUpAmountProblem,
} from '@parcelle/shared';
import { and, eq, sql } from 'drizzle-orm';
import { type CardEvent, PaymentProviderError, type PaypalCapture } from '../../adapters/payments/payments';
import type { AppContext } from '../../context';
import { type Executor, queryRows } from '../../db/client';
import { inTransaction } from '../../db/retry';
import { AppError, badRequest, notFound } from '../../http/errors';
import { accountFor, postTransaction } from '../ledger/ledger';
import { memberCreditLines } from '../ledger/member-credits';
import { notifyMember } from '../notifications/notify';
import { requireVerified } from '../verification/gate';
import { walletTopUpCredits, walletTopUpEvents, walletTopUps } from './schema';

/**
 * Top-ups of the wallet by card or PayPal (issue 31), through the payment providers the purchases use. The member
 * starts one (amount within the bounds, identity verified, an Idempotency-Key); the provider's form takes the money;
 * only the provider's confirmation credits the wallet — the card webhook (Stripe's, or the sandbox's signed event) or
 * PayPal's answer to the server's capture, never the browser's word — once, through one balanced ledger transaction.
 */

export type TopUpRow = typeof walletTopUps.$inferSelect;

/** The ledger reference of a top-up (its finance row's reference): TOP- and 12 characters of its id. */
export const topUpReference = (id: string) => `TOP-${id.replace(/-/g, '').slice(0, 12).toUpperCase()}`;

const KEY = /^[A-Za-z0-9_-]{8,100}$/;

/** The methods offered: card and PayPal among the payment methods configured. */
function methodsOffered(ctx: AppContext): TopUpMethod[] {
  return ctx.config.payments.methods.filter(
    (method): method is TopUpMethod => method === 'card' || method === 'paypal',
  );
}

/**
 * What the member's top-ups of the last 24 hours add up to: each one counts unless the member cancelled it and it was
 * never credited (a declined card may still be paid with another one, so it keeps its place until cancelled).
 */
async function usedInDay(db: Executor, userId: string): Promise<number> {
  const [row] = await queryRows<{ used: string }>(
    db,
    sql`SELECT coalesce(sum(t.amount_minor), 0)::text AS used FROM wallet_top_ups t
      WHERE t.user_id = ${userId} AND t.created_at > now() - interval '24 hours'
        AND (EXISTS (SELECT 1 FROM wallet_top_up_credits c WHERE c.top_up_id = t.id)
          OR NOT EXISTS (SELECT 1 FROM wallet_top_up_events e WHERE e.top_up_id = t.id AND e.outcome = 'cancelled'))`,
  );
  return Number(row?.used ?? 0);
}

/** The bounds of a top-up for this member now: configured, with what is left of their 24 hours. */
export async function topUpLimits(ctx: AppContext, db: Executor, userId: string): Promise<TopUpLimits> {
  const { minMinor, maxMinor, dailyMaxMinor } = ctx.config.deposits.topUp;
  return {
    min_minor: minMinor,
    max_minor: maxMinor,
    daily_max_minor: dailyMaxMinor,
    available_minor: Math.max(0, dailyMaxMinor - (await usedInDay(db, userId))),
    methods: methodsOffered(ctx),
  };
}

/** Where a top-up stands, from the rows after it: credited, else cancelled, else declined by its last event. */
async function stateOf(db: Executor, topUpId: string): Promise<{ status: TopUpState; failure: string | null }> {
  const [credit] = await db
    .select({ id: walletTopUpCredits.topUpId })
    .from(walletTopUpCredits)
    .where(eq(walletTopUpCredits.topUpId, topUpId));
  if (credit) return { status: 'credited', failure: null };
  const events = await db
    .select({ outcome: walletTopUpEvents.outcome, message: walletTopUpEvents.message })
    .from(walletTopUpEvents)
    .where(eq(walletTopUpEvents.topUpId, topUpId))
    .orderBy(sql`${walletTopUpEvents.createdAt} DESC, ${walletTopUpEvents.id} DESC`);
  if (events.some((event) => event.outcome === 'cancelled')) return { status: 'cancelled', failure: null };
  const last = events[0];
  if (last?.outcome === 'failed') return { status: 'declined', failure: last.message };
  return { status: 'pending', failure: null };
}

async function answerOf(ctx: AppContext, db: Executor, row: TopUpRow): Promise<TTopUp> {
  const { card, paypal } = ctx.payments;
  const isCard = row.method === 'card';
  return {
    id: row.id,
    reference: row.reference,
    method: row.method as TopUpMethod,
    amount_minor: row.amountMinor,
    currency: 'EURO',
    ...(await stateOf(db, row.id)),
    card_provider: isCard ? card.name : null,
    stripe_publishable_key: isCard && card.name === 'stripe' ? card.publishableKey : null,
    payment_client_secret: isCard ? row.clientSecret : null,
    paypal_provider: isCard ? null : paypal.name,
    paypal_client_id: isCard ? null : paypal.clientId,
    paypal_order_id: isCard ? null : row.providerRef,
  };
}

/** A retried request with the same key: the same top-up, or 422 when the key was used for another one. */
function sameRequest(row: TopUpRow, body: { method: TopUpMethod; amount_minor: number }): void {
  if (row.method !== body.method || row.amountMinor !== body.amount_minor) {
    throw new AppError(422, 'IdempotencyKeyReused');
  }
}

async function byKey(db: Executor, userId: string, key: string): Promise<TopUpRow | undefined> {
  const [row] = await db
    .select()
    .from(walletTopUps)
    .where(and(eq(walletTopUps.userId, userId), eq(walletTopUps.idempotencyKey, key)));
  return row;
}

function refuseAmount(problem: MessageKey | null): void {
  if (problem) throw badRequest(problem, 'amount_minor');
}

/**
 * POST /member/top-ups: opens the provider's payment for the amount and records the top-up, awaiting the provider's
 * confirmation. The bounds are checked before the provider is called and again under the member's lock (two top-ups
 * at once cannot both take the last of the 24 hours); the same Idempotency-Key answers the same top-up.
 */
export async function startTopUp(
  ctx: AppContext,
  member: { id: string },
  body: { method: TopUpMethod; amount_minor: number },
  key: string | undefined,
): Promise<TTopUp> {
  const db = ctx.database.db;
  if (key === undefined) throw badRequest('IdempotencyKeyRequired');
  if (!KEY.test(key)) throw badRequest('IdempotencyKeyInvalid');
  await requireVerified(db, member.id);
  const earlier = await byKey(db, member.id, key);
  if (earlier) {
    sameRequest(earlier, body);
    return answerOf(ctx, db, earlier);
  }
  if (!methodsOffered(ctx).includes(body.method)) throw badRequest('PaymentMethodUnavailable', 'method');
  refuseAmount(topUpAmountProblem(body.amount_minor, await topUpLimits(ctx, db, member.id)));

  const id = randomUUID();
  const reference = topUpReference(id);
  const payment = await openPayment(ctx, body.method, { id, reference, amountMinor: body.amount_minor });
  return inTransaction(db, async (tx) => {
    // One member's top-ups start one at a time: the 24 hours' sum read here is the one the insert adds to.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`top-up:${member.id}`}, 0))`);
    const raced = await byKey(tx, member.id, key);
    if (raced) {
      sameRequest(raced, body);
      return answerOf(ctx, tx, raced);
    }
    refuseAmount(topUpAmountProblem(body.amount_minor, await topUpLimits(ctx, tx, member.id)));
    const [row] = await tx
      .insert(walletTopUps)
      .values({
        id,
        userId: member.id,
        method: body.method,
        provider: payment.provider,
        providerRef: payment.providerRef,
        clientSecret: payment.clientSecret,
        amountMinor: body.amount_minor,
        currency: 'EURO',
        reference,
        idempotencyKey: key,
      })
      .returning();
    if (!row) throw new Error('top-up not recorded');
    return answerOf(ctx, tx, row);
  });
}

/** The provider's payment for a new top-up: a card PaymentIntent (its client secret) or a PayPal order. */
async function openPayment(
  ctx: AppContext,
  method: TopUpMethod,
  topUp: { id: string; reference: string; amountMinor: number },
): Promise<{ provider: string; providerRef: string; clientSecret: string | null }> {
  const { card, paypal } = ctx.payments;
  try {
    if (method === 'card') {
      const opened = await card.createPayment({
        purchaseId: topUp.id,
        reference: topUp.reference,
        amountMinor: topUp.amountMinor,
        currency: 'EURO',
      });
      return { provider: card.name, providerRef: opened.paymentId, clientSecret: opened.clientSecret };
    }
    const order = await paypal.createOrder({
      reference: topUp.reference,
      amountMinor: topUp.amountMinor,
      currency: 'EURO',
    });
    return { provider: paypal.name, providerRef: order.orderId, clientSecret: null };
  } catch (error) {
    if (error instanceof PaymentProviderError)
      throw new AppError(502, 'PaymentError', undefined, undefined, { cause: error });
    throw error;
  }
}

/**
 * Credits a confirmed top-up, inside the caller's transaction: its credit row first (the primary key is the top-up,
 * so a second confirmation — the same event again, another event, two at once — inserts nothing and moves nothing),
 * then one balanced ledger transaction from `external` (the provider) to the member's wallet, exchanged at the day's
 * rate for a dollar wallet, and the notice (app and email). The member receives the whole amount paid: the provider's
 * fee is Parcelle's cost, as on purchases (decision 388). Returns whether this call credited it.
 */
async function creditTopUp(ctx: AppContext, tx: Executor, topUp: TopUpRow, eventId: string): Promise<boolean> {
  const claimed = await tx
    .insert(walletTopUpCredits)
    .values({ topUpId: topUp.id, eventId })
    .onConflictDoNothing()
    .returning({ id: walletTopUpCredits.topUpId });
  if (claimed.length === 0) return false;
  const lines = [
    { accountId: await accountFor(tx, 'external', 'EURO'), amountMinor: -topUp.amountMinor, currency: 'EURO' as const },
    ...(await memberCreditLines(tx, [{ userId: topUp.userId, amountMinor: topUp.amountMinor }], 'EURO')),
  ];
  await postTransaction(tx, {
    reference: topUp.reference,
    description: `${topUp.method} top-up ${topUp.reference}`,
    lines,
  });
  await notifyMember(ctx, tx, topUp.userId, 'top_up_credited', {
    top_up_id: topUp.id,
    method: topUp.method as TopUpMethod,
    amount_minor: topUp.amountMinor,
    currency: 'EURO',
  });
  return true;
}

type ProviderOutcome = {
  provider: string;
  eventId: string;
  /** What the provider said: paid (for `amountMinor` in `currencyCode`), or refused with `message`. */
  paid: boolean;
  amountMinor: number;
  currencyCode: string | null;
  message: string | null;
  /** False when the provider names another payment than this top-up's (PayPal's reference). */
  sameReference?: boolean;
};

/**
 * Records what the provider said about a top-up, once per provider event, and credits it when it says paid for
 * exactly the amount opened. A payment for another amount is recorded as a mismatch and never credited.
 */
async function recordOutcome(ctx: AppContext, topUp: TopUpRow, said: ProviderOutcome): Promise<void> {
  await inTransaction(ctx.database.db, async (tx) => {
    const matches =
      said.sameReference !== false && said.amountMinor === topUp.amountMinor && said.currencyCode === topUp.currency;
    const outcome = !said.paid ? 'failed' : matches ? 'succeeded' : 'mismatch';
    const recorded = await tx
      .insert(walletTopUpEvents)
      .values({
        topUpId: topUp.id,
        provider: said.provider,
        eventId: said.eventId,
        outcome,
        amountMinor: said.amountMinor,
        currencyCode: said.currencyCode,
        message: said.message,
      })
      .onConflictDoNothing()
      .returning({ id: walletTopUpEvents.id });
    if (recorded.length > 0 && outcome === 'succeeded') await creditTopUp(ctx, tx, topUp, said.eventId);
  });
}

/**
 * A verified card event (the webhook's, Stripe's or the sandbox's) about a top-up's PaymentIntent: handled here, and
 * true; false when the payment is not a top-up's (the purchases handle it). The one hook in the payment webhook.
 */
export async function handleTopUpCardEvent(ctx: AppContext, event: CardEvent): Promise<boolean> {
  const card = ctx.payments.card;
  const [topUp] = await ctx.database.db
    .select()
    .from(walletTopUps)
    .where(and(eq(walletTopUps.provider, card.name), eq(walletTopUps.providerRef, event.paymentId)));
  if (!topUp) return false;
  await recordOutcome(ctx, topUp, {
    provider: card.name,
    eventId: event.id,
    paid: event.type === 'succeeded',
    amountMinor: event.amountMinor,
    currencyCode: event.currency,
    message: event.failureMessage ?? (event.type === 'failed' ? 'card declined' : null),
  });
  return true;
}

/** One of the member's top-ups (404 otherwise: another member's is not theirs to see). */
export async function ownTopUp(db: Executor, userId: string, id: string, method?: TopUpMethod): Promise<TopUpRow> {
  const [row] = await db
    .select()
    .from(walletTopUps)
    .where(and(eq(walletTopUps.id, id), eq(walletTopUps.userId, userId)));
  if (!row || (method && row.method !== method)) throw notFound('TopUpNotFound');
  return row;
}

/** GET /member/top-ups/:id: where the top-up stands (the page waits on it after paying by card). */
export async function topUpState(ctx: AppContext, userId: string, id: string): Promise<TTopUp> {
  const db = ctx.database.db;
  return answerOf(ctx, db, await ownTopUp(db, userId, id));
}

/**
 * POST /member/top-ups/:id/paypal: the member approved in PayPal's window; the server captures the order itself and
 * credits on PayPal's answer only. A capture asked twice (a double click, a retry) credits once: PayPal answers the
 * same capture, recorded once; a top-up already credited answers so without asking PayPal again.
 */
export async function capturePaypalTopUp(ctx: AppContext, userId: string, id: string): Promise<TTopUp> {
  const db = ctx.database.db;
  const topUp = await ownTopUp(db, userId, id, 'paypal');
  if ((await stateOf(db, topUp.id)).status === 'credited') return answerOf(ctx, db, topUp);
  let capture: PaypalCapture;
  try {
    capture = await ctx.payments.paypal.captureOrder(topUp.providerRef);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    // An order captured by a request that won the race: PayPal refuses the second capture; the first credited.
    if ((await stateOf(db, topUp.id)).status === 'credited') return answerOf(ctx, db, topUp);
    throw new AppError(502, 'PaymentError', undefined, undefined, { cause: error });
  }
  await recordOutcome(ctx, topUp, {
    provider: ctx.payments.paypal.name,
    eventId: capture.captureId ?? `order:${capture.orderId}`,
    paid: capture.completed,
    sameReference: capture.reference === topUp.reference,
    amountMinor: capture.amountMinor,
    currencyCode: capture.currency,
    message: capture.completed ? null : 'PayPal capture not completed',
  });
  return answerOf(ctx, db, topUp);
}

/**
 * POST /member/top-ups/:id/cancel: the member closed the provider's form without paying. Recorded once; the top-up
 * no longer counts towards the 24 hours. A confirmation arriving later still credits: money taken is never kept.
 */
export async function cancelTopUp(ctx: AppContext, userId: string, id: string): Promise<TTopUp> {
  const db = ctx.database.db;
  const topUp = await ownTopUp(db, userId, id);
  if ((await stateOf(db, topUp.id)).status !== 'credited') {
    await db
      .insert(walletTopUpEvents)
      .values({ topUpId: topUp.id, provider: 'member', eventId: `cancel:${topUp.id}`, outcome: 'cancelled' })
      .onConflictDoNothing();
  }
  return answerOf(ctx, db, topUp);
}

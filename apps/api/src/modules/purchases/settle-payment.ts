import { asc, eq, or, sql } from 'drizzle-orm';
import type { JobQueue } from '../../adapters/jobs/job-queue';
import type { CardEvent, PaypalCapture } from '../../adapters/payments/payments';
import type { Executor } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { inTransaction } from '../../db/retry';
import { paymentEvents, purchases } from '../../db/schema';
import { arraysOf, selectFromArrays } from '../../db/unnest';
import { recordRefundDue, retakeParts } from './refund-late-payment';
import type { Purchase } from './reserve';
import { enqueueConfirmations } from './send-confirmations';
import { type Settlement, settlePurchases } from './settle';

/** A provider's word about a purchase's payment: a card event (webhook, sandbox) or PayPal's capture answer. */
export type PaymentNotice =
  | { kind: 'card'; provider: string; event: CardEvent }
  | { kind: 'paypal'; provider: string; purchaseId: string; capture: PaypalCapture };

export type PaymentOutcome =
  | { kind: 'settled'; purchase: Purchase; certificateNumber: string }
  /** Paid too late for parts no longer available: the refund to ask the provider for (after the commit). */
  | { kind: 'refund-due'; purchase: Purchase; refundId: string }
  | { kind: 'already-paid' | 'duplicate' | 'ignored' | 'recorded-failure'; purchase?: Purchase };

/** The payment a settlement or a refund refers to: the purchase's provider reference, the provider, its payment id. */
type Payment = { providerRef: string; provider: string; paymentRef: string };

/**
 * Settling the payments of one work that arrived together (issue 28, decisions 466–470): the one way a card or PayPal
 * payment settles, a batch of one as of many, in the caller's transaction, read top to bottom. A fixed handful of
 * statements whatever the batch's size; each notice gets its own outcome, as it would alone, in arrival order:
 * settled, a duplicate, already paid, refunded as late, a decline or a mismatch recorded, or ignored. Events in any
 * order end in the same state.
 */
export async function settlePayments(
  tx: Executor,
  jobs: JobQueue,
  notices: readonly PaymentNotice[],
): Promise<PaymentOutcome[]> {
  // 1. The purchases the notices are about, locked once, in id order (two batches wait for each other in one order, never in a circle).
  const locked = await lockPurchases(tx, notices);
  const purchaseOf = notices.map((notice) => matchPurchase(notice, locked));
  // 2. Each provider event recorded once (one INSERT … ON CONFLICT DO NOTHING), matched to its purchase for the
  //    reconciliation: an event already recorded, by an earlier batch or earlier in this one, is a duplicate.
  const firstTime = await recordEvents(tx, notices, purchaseOf);
  // 3. Each notice decided in arrival order against the purchases as the batch leaves them (in memory): a decline or
  //    a mismatch noted, a payment of a pending purchase to settle; a late payment takes its parts again or is
  //    refunded now (rare: refund-late-payment.ts, a few statements of its own).
  const state = new Map(locked.map((purchase) => [purchase.id, { ...purchase }]));
  const failures = new Map<string, string>();
  const settling: Settlement[] = [];
  const outcomes: (PaymentOutcome | { settling: Purchase })[] = [];
  for (const [at, notice] of notices.entries()) {
    const found = purchaseOf[at];
    const purchase = found ? state.get(found.id) : undefined;
    const decided = decide(notice, purchase, firstTime[at] ?? false);
    if (decided.kind === 'failure') {
      failures.set(decided.purchase.id, decided.reason);
      outcomes.push(decided.outcome);
    } else if (decided.kind === 'pay') {
      outcomes.push(await pay(tx, decided.purchase, decided.payment, settling));
    } else {
      outcomes.push(decided.outcome);
    }
  }
  // 4. The declines' and mismatches' reasons, for the member and the operators (one UPDATE, when there are any).
  await recordFailures(tx, failures);
  // 5. The payments of pending purchases settled together (settle.ts): paid, register, ledger, certificates,
  //    notifications, the work to the secondary market when its last part is sold.
  const settled = await settlePurchases(tx, settling);
  const answers: PaymentOutcome[] = [];
  for (const [at, outcome] of outcomes.entries()) {
    if (!('settling' in outcome)) {
      answers.push(outcome);
      continue;
    }
    const done = settled.get(outcome.settling.id);
    if (done) {
      answers.push({ kind: 'settled', purchase: done.purchase, certificateNumber: done.certificate.number });
      continue;
    }
    // Locked above and pending, so not expected: the money is owed back rather than lost.
    const notice = notices[at] as PaymentNotice;
    answers.push(await refundDue(tx, outcome.settling, paymentOf(notice)));
  }
  // 6. The buyers' confirmations enqueued with the settlement (one job for the batch, decision 498): it exists exactly
  //    when the settlement commits.
  await enqueueConfirmations(
    tx,
    jobs,
    answers.flatMap((answer) => (answer.kind === 'settled' ? [answer.purchase.id] : [])),
  );
  return answers;
}

/** A batch in its own transaction (the per-work turn, payment-events.ts): a deadlock or conflict runs it again. */
export function settlePaymentBatch(
  db: Executor,
  jobs: JobQueue,
  notices: readonly PaymentNotice[],
): Promise<PaymentOutcome[]> {
  return inTransaction(db, (tx) => settlePayments(tx, jobs, notices));
}

/** What a notice comes to once its purchase (locked) and whether its event is new are known. */
type Decided =
  | { kind: 'outcome'; outcome: PaymentOutcome }
  | { kind: 'failure'; purchase: Purchase; reason: string; outcome: PaymentOutcome }
  | { kind: 'pay'; purchase: Purchase; payment: Payment };

function decide(notice: PaymentNotice, purchase: Purchase | undefined, firstTime: boolean): Decided {
  if (notice.kind === 'card') {
    const { event } = notice;
    if (!firstTime) return { kind: 'outcome', outcome: { kind: 'duplicate' } };
    if (!purchase) return { kind: 'outcome', outcome: { kind: 'ignored' } };
    // A decline: recorded, and the reservation stays until it expires (the member may try another card).
    if (event.type === 'failed') {
      if (purchase.status !== 'pending') return { kind: 'outcome', outcome: { kind: 'ignored', purchase } };
      const reason = event.failureMessage ?? 'card declined';
      return { kind: 'failure', purchase, reason, outcome: { kind: 'recorded-failure', purchase } };
    }
    // Never settled for another amount than the one reserved; the operators see the reason.
    if (!amountMatches(purchase, event.amountMinor, event.currency)) {
      const reason = `amount mismatch: ${event.amountMinor} ${event.currency}`;
      return { kind: 'failure', purchase, reason, outcome: { kind: 'ignored', purchase } };
    }
    return { kind: 'pay', purchase, payment: paymentOf(notice) };
  }
  const { capture } = notice;
  if (!purchase) return { kind: 'outcome', outcome: { kind: 'ignored' } };
  if (!capture.completed) {
    const outcome = { kind: 'recorded-failure', purchase } as const;
    if (purchase.status !== 'pending') return { kind: 'outcome', outcome };
    return { kind: 'failure', purchase, reason: 'PayPal capture not completed', outcome };
  }
  if (!firstTime) {
    // The same capture again: a purchase being refunded answers so again (nothing more is recorded).
    if (purchase.status === 'refund_pending' || purchase.status === 'refunded') {
      return { kind: 'pay', purchase, payment: paymentOf(notice) };
    }
    return { kind: 'outcome', outcome: { kind: purchase.status === 'paid' ? 'already-paid' : 'duplicate', purchase } };
  }
  if (capture.reference !== purchase.reference || !amountMatches(purchase, capture.amountMinor, capture.currency)) {
    const reason = `PayPal capture does not match: ${capture.amountMinor} ${capture.currency}`;
    return { kind: 'failure', purchase, reason, outcome: { kind: 'ignored', purchase } };
  }
  return { kind: 'pay', purchase, payment: paymentOf(notice) };
}

/**
 * Money arrived for a purchase: pending, it joins the batch's settlement; released (the reservation ended first), it
 * settles when the same parts can be reserved again as they were, else the refund is recorded; already refunding,
 * nothing more. `purchase` is the batch's copy: a second payment of it in the batch finds it paid.
 */
async function pay(
  tx: Executor,
  purchase: Purchase,
  payment: Payment,
  settling: Settlement[],
): Promise<PaymentOutcome | { settling: Purchase }> {
  if (purchase.status === 'paid') return { kind: 'already-paid', purchase };
  if (purchase.status === 'pending' || (await retakeParts(tx, purchase))) {
    settling.push({ purchaseId: purchase.id, source: { kind: 'external', providerRef: payment.providerRef } });
    purchase.status = 'paid';
    return { settling: purchase };
  }
  const outcome = await refundDue(tx, purchase, payment);
  purchase.status = outcome.purchase.status;
  return outcome;
}

async function refundDue(
  tx: Executor,
  purchase: Purchase,
  payment: Payment,
): Promise<Extract<PaymentOutcome, { kind: 'refund-due' }>> {
  const refund = await recordRefundDue(tx, purchase, payment);
  const [current] = await purchaseRead(tx).execute({ id: purchase.id });
  return { kind: 'refund-due', purchase: current ?? purchase, refundId: refund.id };
}

function paymentOf(notice: PaymentNotice): Payment {
  if (notice.kind === 'card') {
    return { providerRef: notice.event.paymentId, provider: notice.provider, paymentRef: notice.event.paymentId };
  }
  const { capture } = notice;
  // A completed capture has its id; the order id is only a fallback PayPal would refuse to refund.
  return { providerRef: capture.orderId, provider: notice.provider, paymentRef: capture.captureId ?? capture.orderId };
}

function amountMatches(purchase: Purchase, amountMinor: number, currency: string | null): boolean {
  return purchase.totalMinor === amountMinor && purchase.currency === currency;
}

/**
 * The purchases of the notices, locked in one statement in id order: a card event's by the purchase id its payment
 * carries, else by its payment id; a PayPal capture's by its purchase.
 */
async function lockPurchases(tx: Executor, notices: readonly PaymentNotice[]): Promise<Purchase[]> {
  const ids = notices.flatMap((notice) => {
    if (notice.kind === 'paypal') return [notice.purchaseId];
    return notice.event.purchaseId ? [notice.event.purchaseId] : [];
  });
  const refs = notices.flatMap((notice) => (notice.kind === 'card' ? [notice.event.paymentId] : []));
  if (ids.length === 0 && refs.length === 0) return [];
  return lockPurchasesStatement(tx).execute({ ids: [...new Set(ids)], refs: [...new Set(refs)] });
}

/** `lockPurchases`' SELECT … FOR UPDATE, the same text for any number of notices (decision 521): prepared. */
const lockPurchasesStatement = preparedPerDatabase((db) =>
  db
    .select()
    .from(purchases)
    .where(
      or(
        sql`${purchases.id} = any(${sql.placeholder('ids')}::uuid[])`,
        sql`${purchases.providerRef} = any(${sql.placeholder('refs')}::text[])`,
      ),
    )
    .orderBy(asc(purchases.id))
    .for('update')
    .prepare('payments_lock_purchases'),
);

/** The notice's purchase among those locked: a card event's is a card purchase, by id first, else by payment id. */
function matchPurchase(notice: PaymentNotice, locked: readonly Purchase[]): Purchase | undefined {
  if (notice.kind === 'paypal') return locked.find((purchase) => purchase.id === notice.purchaseId);
  const { event } = notice;
  const cards = locked.filter((purchase) => purchase.paymentMethod === 'card');
  return (
    (event.purchaseId ? cards.find((purchase) => purchase.id === event.purchaseId) : undefined) ??
    cards.find((purchase) => purchase.providerRef === event.paymentId)
  );
}

/**
 * The notices' provider events recorded once (webhooks arrive at least once), in one INSERT: answers, per notice,
 * whether its event is new. What an event reports (payment id, amount) is kept for the operators' reconciliation,
 * with the purchase it was matched to. A PayPal capture that did not complete, or whose purchase is unknown, records
 * nothing (as before batching); the same event twice in a batch is new for the first only.
 */
async function recordEvents(
  tx: Executor,
  notices: readonly PaymentNotice[],
  purchaseOf: readonly (Purchase | undefined)[],
): Promise<boolean[]> {
  const keyOf = (notice: PaymentNotice) => `${notice.provider}\u0000${eventOf(notice).eventId}`;
  const rows = new Map<string, Pick<typeof paymentEvents.$inferInsert, (typeof EVENT_KEYS)[number]>>();
  notices.forEach((notice, at) => {
    const purchase = purchaseOf[at];
    if (notice.kind === 'paypal' && (!purchase || !notice.capture.completed)) return;
    const key = keyOf(notice);
    if (rows.has(key)) return;
    rows.set(key, { provider: notice.provider, ...eventOf(notice), purchaseId: purchase?.id ?? null });
  });
  if (rows.size === 0) return notices.map(() => false);
  const inserted = await insertEvents(tx).execute(arraysOf(paymentEvents, EVENT_KEYS, [...rows.values()]));
  const fresh = new Set(inserted.map((row) => `${row.provider}\u0000${row.eventId}`));
  // The first notice of each new event is its first time; a second one in the batch is a duplicate.
  return notices.map((notice) => {
    const key = keyOf(notice);
    return fresh.delete(key);
  });
}

const EVENT_KEYS = ['provider', 'eventId', 'type', 'paymentRef', 'amountMinor', 'currency', 'purchaseId'] as const;

/** The provider events' INSERT, the same text for any number of them (decision 521): prepared. */
const insertEvents = preparedPerDatabase((db) =>
  db
    .insert(paymentEvents)
    .select(selectFromArrays(paymentEvents, EVENT_KEYS))
    .onConflictDoNothing()
    .returning({ provider: paymentEvents.provider, eventId: paymentEvents.eventId })
    .prepare('payments_insert_events'),
);

/** What a notice records of its event: its id, its type, and what the provider reported. */
function eventOf(notice: PaymentNotice) {
  if (notice.kind === 'card') {
    const { event } = notice;
    return {
      eventId: event.id,
      type: event.type,
      paymentRef: event.paymentId,
      amountMinor: event.amountMinor,
      currency: event.currency,
    };
  }
  const { capture } = notice;
  return {
    eventId: capture.captureId ?? capture.orderId,
    type: 'capture',
    paymentRef: capture.orderId,
    amountMinor: capture.amountMinor,
    currency: capture.currency,
  };
}

/** The reasons payments did not settle (a decline, an amount that does not match), one UPDATE for the batch. */
async function recordFailures(tx: Executor, failures: ReadonlyMap<string, string>): Promise<void> {
  if (failures.size === 0) return;
  await failuresStatement(tx).execute({ ids: [...failures.keys()], reasons: [...failures.values()] });
}

/** `recordFailures`' UPDATE, the same text for any number of purchases (arrays): prepared (decision 544). */
const failuresStatement = preparedPerDatabase((db) =>
  db
    .update(purchases)
    .set({
      failureReason: sql`(select "failed"."reason"
        from unnest(${sql.placeholder('ids')}::uuid[], ${sql.placeholder('reasons')}::text[]) as "failed"("id", "reason")
        where "failed"."id" = ${purchases.id})`,
    })
    .where(sql`${purchases.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('payments_record_failures'),
);

/** A purchase as a late payment's refund left it (`refundDue`): prepared (decision 544). */
const purchaseRead = preparedPerDatabase((db) =>
  db
    .select()
    .from(purchases)
    .where(eq(purchases.id, sql.placeholder('id')))
    .prepare('payments_purchase_read'),
);

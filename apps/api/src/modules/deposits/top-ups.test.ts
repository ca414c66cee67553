import { FINANCE_TYPES, messages } from '@parcelle/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendCardEvent } from '../../../test/card-webhook';
import { createMember, lastMessageTo, userRow } from '../../../test/factories';
import { raceBehindLock, raceTitle } from '../../../test/race';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { SANDBOX_CARD_DECLINED, SANDBOX_CARD_OK, type SandboxCardPayments } from '../../adapters/payments/sandbox-card';
import { memberNotifications, users } from '../../db/schema';
import { accountFor, balanceOf } from '../ledger/ledger';
import { walletTopUpEvents } from './schema';

/** Issue 31: top-ups of the wallet by card or PayPal, credited once on the provider's confirmation. */
let t: TestApp;
type Member = { id: string; email: string; accessToken: string };
let payer: Member;
let keyCount = 0;

const card = () => t.ctx.payments.card as SandboxCardPayments;
const newKey = () => `top-up-key-${++keyCount}-${Date.now()}`;

async function euroMember(approved = true): Promise<Member> {
  const created = await createMember(t, { verified: true, approved });
  const row = await userRow(t, created.email);
  if (!row) throw new Error('no member');
  await t.ctx.database.db.update(users).set({ currency: 'EURO' }).where(eq(users.id, row.id));
  return { id: row.id, email: created.email, accessToken: created.accessToken };
}

const start = (m: Member, body: unknown, key: string | null = newKey()) =>
  t.call('POST', '/api/member/top-ups', { token: m.accessToken, body, headers: key ? { 'idempotency-key': key } : {} });
const walletOf = async (userId: string) => {
  const db = t.ctx.database.db;
  return balanceOf(db, await accountFor(db, 'member_wallet', 'EURO', userId));
};
const payByCard = (m: Member, id: string, cardNumber: string) =>
  t.call('POST', `/api/member/top-ups/${id}/sandbox-card`, { token: m.accessToken, body: { card_number: cardNumber } });
const webhook = (event: { body: string; signature: string }) => sendCardEvent(t.app, event);
const notices = async (userId: string) =>
  t.ctx.database.db
    .select()
    .from(memberNotifications)
    .where(and(eq(memberNotifications.userId, userId), eq(memberNotifications.kind, 'top_up_credited')));

async function startedCard(m: Member, amountMinor: number) {
  const answer = await start(m, { method: 'card', amount_minor: amountMinor });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data as { id: string; reference: string; payment_client_secret: string; status: string };
}

/** A signed success event for the top-up's PaymentIntent: a new event id each time, as a provider's retry could be. */
function success(clientSecret: string) {
  const event = card().confirm(clientSecret, SANDBOX_CARD_OK);
  if (!event) throw new Error('the sandbox refused its own secret');
  return event;
}

beforeAll(async () => {
  t = await createTestApp();
  payer = await euroMember();
});
afterAll(() => t.close());

describe('starting a top-up', () => {
  it('needs a verified identity, as a deposit by transfer does', async () => {
    const unverified = await euroMember(false);
    const answer = await start(unverified, { method: 'card', amount_minor: 5_000 });
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toMatchObject({ step: 'identity_verification' });
    const details = await t.call('GET', '/api/member/deposit', { token: unverified.accessToken });
    expect(details.json().data.verified).toBe(false);
  });

  it('needs an Idempotency-Key, and answers the same top-up to the same key', async () => {
    const missing = await start(payer, { method: 'card', amount_minor: 5_000 }, null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toEqual(messages.IdempotencyKeyRequired);
    const key = newKey();
    const first = await start(payer, { method: 'card', amount_minor: 5_000 }, key);
    const again = await start(payer, { method: 'card', amount_minor: 5_000 }, key);
    expect(again.json().data.id).toBe(first.json().data.id);
    expect(again.json().data.payment_client_secret).toBe(first.json().data.payment_client_secret);
    const other = await start(payer, { method: 'card', amount_minor: 6_000 }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().error).toEqual(messages.IdempotencyKeyReused);
    await t.call('POST', `/api/member/top-ups/${first.json().data.id}/cancel`, { token: payer.accessToken });
  });

  it('refuses an amount outside the bounds, in both languages, and more than the 24 hours allow', async () => {
    const { minMinor, maxMinor, dailyMaxMinor } = t.ctx.config.deposits.topUp;
    const m = await euroMember();
    const below = await start(m, { method: 'paypal', amount_minor: minMinor - 1 });
    expect(below.statusCode).toBe(400);
    expect(below.json()).toMatchObject({ error: messages.TopUpBelowMinimum, field: 'amount_minor' });
    const above = await start(m, { method: 'card', amount_minor: maxMinor + 1 });
    expect(above.json()).toMatchObject({ error: messages.TopUpAboveMaximum, field: 'amount_minor' });
    const fraction = await start(m, { method: 'card', amount_minor: 12.5 });
    expect(fraction.statusCode).toBe(400);
    expect(fraction.json().error).toEqual(messages.TopUpAmountInvalid);

    // The day's budget: top-ups awaiting payment count, a cancelled one gives its place back.
    const started: string[] = [];
    for (let used = 0; used + maxMinor <= dailyMaxMinor; used += maxMinor) {
      started.push((await startedCard(m, maxMinor)).id);
    }
    const over = await start(m, { method: 'card', amount_minor: minMinor });
    expect(over.statusCode).toBe(400);
    expect(over.json().error).toEqual(messages.TopUpDailyLimit);
    const details = (await t.call('GET', '/api/member/deposit', { token: m.accessToken })).json().data;
    expect(details.top_up).toMatchObject({ min_minor: minMinor, max_minor: maxMinor, available_minor: 0 });
    const cancelled = await t.call('POST', `/api/member/top-ups/${started[0]}/cancel`, { token: m.accessToken });
    expect(cancelled.json().data.status).toBe('cancelled');
    expect((await start(m, { method: 'card', amount_minor: minMinor })).statusCode).toBe(200);
  });
});

describe('paying a top-up by card', () => {
  it('credits nothing when the card is declined and says so; another card pays it, credited once', async () => {
    const before = await walletOf(payer.id);
    const topUp = await startedCard(payer, 5_000);
    expect(topUp.reference).toMatch(/^TOP-[0-9A-F]{12}$/);
    const declined = await payByCard(payer, topUp.id, SANDBOX_CARD_DECLINED);
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error).toEqual(messages.CardDeclined);
    const state = await t.call('GET', `/api/member/top-ups/${topUp.id}`, { token: payer.accessToken });
    expect(state.json().data).toMatchObject({ status: 'declined', failure: 'Your card was declined.' });
    expect(await walletOf(payer.id)).toBe(before);

    const paid = await payByCard(payer, topUp.id, SANDBOX_CARD_OK);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data.status).toBe('credited');
    expect(await walletOf(payer.id)).toBe(before + 5_000);

    // Its finance row has its own nature, and the member is told in the app and by email.
    const history = await t.call('GET', '/api/member/finance/history?limit=10&offset=0&currency=EURO', {
      token: payer.accessToken,
    });
    const row = history
      .json()
      .data.purchaseHistory.find((r: { reference_id: string }) => r.reference_id === topUp.reference);
    expect(row).toMatchObject({ type: FINANCE_TYPES.topUp, payment_method: 'card', direction: 'in' });
    expect(row.total_amount.value).toBe(50);
    expect((await notices(payer.id)).map((n) => n.payload)).toContainEqual(
      expect.objectContaining({ top_up_id: topUp.id, method: 'card', amount_minor: 5_000 }),
    );
    expect((await lastMessageTo(t, payer.email))?.subject).toMatch(/top-up/i);
  });

  it('credits once when the provider confirms twice, by the same event or by another', async () => {
    const before = await walletOf(payer.id);
    const topUp = await startedCard(payer, 2_500);
    const first = success(topUp.payment_client_secret);
    for (const event of [first, first, success(topUp.payment_client_secret)]) {
      expect((await webhook(event)).statusCode).toBe(200);
    }
    expect(await walletOf(payer.id)).toBe(before + 2_500);
    const credited = (await notices(payer.id)).filter(
      (n) => (n.payload as { top_up_id: string }).top_up_id === topUp.id,
    );
    expect(credited).toHaveLength(1);
  });

  it('never credits a confirmation for another amount than the one opened', async () => {
    const before = await walletOf(payer.id);
    const topUp = await startedCard(payer, 3_000);
    const event = success(topUp.payment_client_secret);
    const body = event.body.replace('"amount":3000', '"amount":300000');
    expect(body).not.toBe(event.body);
    expect((await webhook({ body, signature: card().sign(body) })).statusCode).toBe(200);
    expect(await walletOf(payer.id)).toBe(before);
    const [recorded] = await t.ctx.database.db
      .select()
      .from(walletTopUpEvents)
      .where(eq(walletTopUpEvents.topUpId, topUp.id));
    expect(recorded?.outcome).toBe('mismatch');
  });

  it('leaves purchases’ events to the purchases: an unknown payment is not a top-up', async () => {
    const body = JSON.stringify({
      id: 'evt_not_a_top_up',
      type: 'payment_intent.succeeded',
      data: { object: { id: 'sbpi_000000000000000000000000', amount: 100, currency: 'eur', metadata: {} } },
    });
    expect((await webhook({ body, signature: card().sign(body) })).statusCode).toBe(200);
  });
});

describe(raceTitle('two confirmations of one top-up at once credit it once'), () => {
  it('the second waits on the first’s credit row, then finds it', async () => {
    const db = t.ctx.database.db;
    const before = await walletOf(payer.id);
    const topUp = await startedCard(payer, 4_200);
    const wallet = await accountFor(db, 'member_wallet', 'EURO', payer.id);
    // The wallet is held: the first confirmation stops at its ledger entry, the second behind the first's credit row.
    const answers = await raceBehindLock(
      db,
      { lock: sql`SELECT id FROM ledger_accounts WHERE id = ${wallet} FOR UPDATE`, waiters: 2 },
      [() => webhook(success(topUp.payment_client_secret)), () => webhook(success(topUp.payment_client_secret))],
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(await walletOf(payer.id)).toBe(before + 4_200);
  });
});

describe('paying a top-up with PayPal', () => {
  it('credits on PayPal’s answer to the server’s capture, once however often it is asked', async () => {
    const before = await walletOf(payer.id);
    const started = await start(payer, { method: 'paypal', amount_minor: 7_550 });
    const topUp = started.json().data;
    expect(topUp).toMatchObject({ paypal_provider: 'sandbox', status: 'pending' });
    expect(topUp.paypal_order_id).toMatch(/^SBPP-/);
    const capture = () => t.call('POST', `/api/member/top-ups/${topUp.id}/paypal`, { token: payer.accessToken });
    const answers = await Promise.all([capture(), capture()]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers[0]?.json().data.status).toBe('credited');
    expect((await capture()).json().data.status).toBe('credited');
    expect(await walletOf(payer.id)).toBe(before + 7_550);
  });

  it('a cancelled PayPal top-up credits nothing', async () => {
    const before = await walletOf(payer.id);
    const topUp = (await start(payer, { method: 'paypal', amount_minor: 1_500 })).json().data;
    const cancelled = await t.call('POST', `/api/member/top-ups/${topUp.id}/cancel`, { token: payer.accessToken });
    expect(cancelled.json()).toMatchObject({ data: { status: 'cancelled' }, message: messages.TopUpCancelled });
    expect(await walletOf(payer.id)).toBe(before);
    const other = await euroMember();
    const foreign = await t.call('GET', `/api/member/top-ups/${topUp.id}`, { token: other.accessToken });
    expect(foreign.statusCode).toBe(404);
  });
});

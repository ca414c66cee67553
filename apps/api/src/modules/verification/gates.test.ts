import { messages, VERIFICATION_PAGE } from '@parcelle/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  buyByCard,
  codeIn,
  createMember,
  createOperator,
  createPaintingForSale,
  fundWallet,
  giveBankAccount,
  lastMessageTo,
  proveIdentity,
  userRow,
  walletCode,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { caseIdOf, photo, submitCase, uploadDocument } from '../../../test/verification';
import { seedCatalogue } from '../../db/seed-catalogue';
import { checkInvariants } from '../ledger/invariants';
import { memberHolding } from '../parts/register';

/**
 * The gates of issue 29 on PostgreSQL: every path where money or parts enter or leave a member — purchases by card,
 * PayPal and wallet, asks, bids, accepting an order, withdrawals, payout changes — refuses a member whose identity is
 * not approved (403, the step named, the page that resolves it), then lets the same requests through once a compliance
 * operator has approved the case. Browsing and the verification itself stay open.
 */
let t: TestApp;
let compliance: Awaited<ReturnType<typeof createOperator>>;
let finance: Awaited<ReturnType<typeof createOperator>>;
let member: Awaited<ReturnType<typeof createMember>> & { id: string; phone: string };
let seller: Awaited<ReturnType<typeof createMember>> & { id: string };
let primaryWork: { id: string };
let paypalWork: { id: string };
let secondaryWork: { id: string };
let sellerAsk = '';
let sellerBid = '';

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.ctx.database.db, t.ctx.storage, { media: false });
  compliance = await createOperator(t, 'compliance');
  finance = await createOperator(t, 'finance');
  const created = await createMember(t, { verified: true, approved: false, overrides: { number: '611223344' } });
  member = { ...created, id: (await userRow(t, created.email))?.id ?? '', phone: '+33611223344' };
  const sellerCreated = await createMember(t, { verified: true });
  seller = { ...sellerCreated, id: (await userRow(t, sellerCreated.email))?.id ?? '' };
  primaryWork = await createPaintingForSale(t, { widthCm: 4, heightCm: 4, pricePerPartMinor: 400 });
  paypalWork = await createPaintingForSale(t, { widthCm: 4, heightCm: 4, pricePerPartMinor: 400 });
  // A work on the secondary market: the seller holds it all; the member will buy part of it on the order book.
  secondaryWork = await createPaintingForSale(t, { widthCm: 2, heightCm: 2, pricePerPartMinor: 400 });
  await buyByCard(t, seller, secondaryWork.id, 36);
  await buyByCard(t, seller, primaryWork.id, 1);
  await fundWallet(t, member.id, 'EURO', 100_000);
  await fundWallet(t, seller.id, 'EURO', 100_000);
  await giveBankAccount(t, member.id);
});
afterAll(() => t.close());
afterEach(async () => {
  expect(await checkInvariants(t.ctx.database.db)).toEqual([]);
});

/** One part of a primary work; each method its own work (a member has one pending card or PayPal purchase per work). */
const buy = async (method: 'card' | 'paypal' | 'smart_amount') =>
  t.call('POST', '/api/paintings/purchase', {
    token: member.accessToken,
    body: {
      ...(method === 'smart_amount' ? await walletCode(t, member.accessToken) : {}),
      total_part: 1,
      payment_method: method,
      painting_id: (method === 'paypal' ? paypalWork : primaryWork).id,
      owner: 'Camille Martin',
      currency: 'EURO',
    },
  });
const validate = () =>
  t.call('POST', '/api/paintings/validate', {
    token: member.accessToken,
    body: { total_part: 1, payment_method: 'card', painting_id: primaryWork.id, owner: 'C. M.', currency: 'EURO' },
  });
const ask = async () =>
  t.call('POST', '/api/paintings/sale', {
    token: member.accessToken,
    body: { ...(await walletCode(t, member.accessToken)), total_part: 1, painting_id: secondaryWork.id },
  });
const bid = async () =>
  t.call('POST', '/api/paintings/bids', {
    token: member.accessToken,
    body: {
      ...(await walletCode(t, member.accessToken)),
      total_part: 1,
      painting_id: secondaryWork.id,
      price_per_part_minor: 300,
    },
  });
const acceptAsk = async () =>
  t.call('POST', `/api/paintings/sale/${sellerAsk}/accept`, {
    token: member.accessToken,
    body: { ...(await walletCode(t, member.accessToken)), total_part: 1 },
  });
const acceptBid = async () =>
  t.call('POST', `/api/paintings/bids/${sellerBid}/accept`, {
    token: member.accessToken,
    body: { ...(await walletCode(t, member.accessToken)), total_part: 1 },
  });
const withdrawalCode = () => t.call('POST', '/api/member/withdrawal/code', { token: member.accessToken });
const withdraw = (code: string) =>
  t.call('POST', '/api/member/withdrawal/store', {
    token: member.accessToken,
    body: { payment_method: 'bank', account: 'saved', amount: 10, verification_code: code },
  });
const changeBank = async () =>
  t.call('POST', '/api/user/bank', {
    token: member.accessToken,
    body: {
      account_owner: 'Camille Martin',
      iban: 'DE89370400440532013000',
      current_channel_code: await proveIdentity(t, member),
    },
  });
const changePaypal = async () =>
  t.call('PATCH', '/api/user/paypal', {
    token: member.accessToken,
    body: { email: 'camille.pay@example.com', current_channel_code: await proveIdentity(t, member) },
  });

function expectGated(response: { statusCode: number; json: () => Record<string, unknown> }, label: string) {
  expect(response.statusCode, label).toBe(403);
  expect(response.json(), label).toEqual({
    status: 403,
    error: messages.VerificationRequired,
    step: 'identity_verification',
    page: VERIFICATION_PAGE,
  });
}

describe('before approval', () => {
  it('browsing and the verification page stay open', async () => {
    expect((await t.call('GET', `/api/paintings/order-book?painting_id=${secondaryWork.id}`)).statusCode).toBe(200);
    const mine = await t.call('GET', '/api/user/verification', { token: member.accessToken });
    expect(mine.json().data).toMatchObject({ state: 'not_started', verified: false });
  });

  it('refuses a purchase by every method, and the quote before it', async () => {
    expectGated(await validate(), 'validate');
    for (const method of ['card', 'paypal', 'smart_amount'] as const) expectGated(await buy(method), method);
    // Under an idempotency key (as the web app sends it) the stored answer keeps the step too.
    const keyed = await t.call('POST', '/api/paintings/purchase', {
      token: member.accessToken,
      headers: { 'idempotency-key': `gate-${primaryWork.id}` },
      body: { total_part: 1, payment_method: 'card', painting_id: primaryWork.id, owner: 'C. M.', currency: 'EURO' },
    });
    expectGated(keyed, 'card with an idempotency key');
    expect(await memberHolding(t.ctx.database.db, member.id, primaryWork.id)).toEqual({ primary: 0, secondary: 0 });
    expect(await memberHolding(t.ctx.database.db, member.id, paypalWork.id)).toEqual({ primary: 0, secondary: 0 });
  });

  it('refuses an ask, a bid and accepting either (bulletin board)', async () => {
    expectGated(await ask(), 'ask');
    expectGated(await bid(), 'bid');
    // The seller's orders the member could accept, in the bulletin-board mode.
    await t.call('PATCH', '/api/admin/market-settings', {
      token: finance.accessToken,
      body: { mode: 'bulletin_board' },
    });
    const sold = await t.call('POST', '/api/paintings/sale', {
      token: seller.accessToken,
      body: { ...(await walletCode(t, seller.accessToken)), total_part: 2, painting_id: secondaryWork.id },
    });
    expect(sold.statusCode, sold.body).toBe(200);
    sellerAsk = sold.json().data.reference;
    const onSecondary = await t.call('POST', '/api/paintings/bids', {
      token: seller.accessToken,
      body: {
        ...(await walletCode(t, seller.accessToken)),
        total_part: 1,
        painting_id: secondaryWork.id,
        price_per_part_minor: 350,
      },
    });
    expect(onSecondary.statusCode, onSecondary.body).toBe(200);
    sellerBid = onSecondary.json().data.bid.reference;
    expectGated(await acceptAsk(), 'accept ask');
    expectGated(await acceptBid(), 'accept bid');
  });

  it('refuses a withdrawal (and its code) and a change of bank account or PayPal address', async () => {
    expectGated(await withdrawalCode(), 'withdrawal code');
    expectGated(await withdraw('123456'), 'withdrawal');
    expectGated(await changeBank(), 'bank');
    expectGated(await changePaypal(), 'paypal');
  });

  it('names the step of each state: in review, then sent back for more', async () => {
    await submitCase(t, member.accessToken);
    const pending = await buy('card');
    expect(pending.statusCode).toBe(403);
    expect(pending.json()).toMatchObject({ error: messages.VerificationPending, page: VERIFICATION_PAGE });
    const caseId = await caseIdOf(t, compliance.accessToken, member.email);
    await t.call('POST', `/api/admin/verifications/${caseId}/request-resubmission`, {
      token: compliance.accessToken,
      body: {
        reason_code: 'document_unreadable',
        message: 'Please send a sharper photo.',
        document_kinds: ['identity_front'],
      },
    });
    expect((await bid()).json().error).toEqual(messages.VerificationResubmissionNeeded);
    expect((await uploadDocument(t, member.accessToken, 'identity_front', await photo())).statusCode).toBe(200);
    const again = await t.call('POST', '/api/user/verification/submit', { token: member.accessToken });
    expect(again.json().data.state).toBe('in_review');
  });
});

describe('after approval', () => {
  beforeAll(async () => {
    const caseId = await caseIdOf(t, compliance.accessToken, member.email);
    const approved = await t.call('POST', `/api/admin/verifications/${caseId}/approve`, {
      token: compliance.accessToken,
      body: { reason_code: 'documents_verified' },
    });
    expect(approved.json().data.state).toBe('approved');
  });

  it('lets the member buy by card, PayPal and wallet', async () => {
    expect((await validate()).statusCode).toBe(200);
    const card = await buy('card');
    expect(card.statusCode, card.body).toBe(200);
    expect(card.json().data.payment_client_secret).toBeTruthy();
    const paypal = await buy('paypal');
    expect(paypal.statusCode, paypal.body).toBe(200);
    expect(paypal.json().data.paypal_order_id).toBeTruthy();
    const wallet = await buy('smart_amount');
    expect(wallet.statusCode, wallet.body).toBe(200);
    expect(wallet.json().data.status).toBe('paid');
  });

  it('lets the member accept an ask and a bid, ask and bid (bulletin board)', async () => {
    const accepted = await acceptAsk();
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await memberHolding(t.ctx.database.db, member.id, secondaryWork.id)).toEqual({ primary: 0, secondary: 1 });
    const sold = await acceptBid();
    expect(sold.statusCode, sold.body).toBe(200);
    // The member now holds primary parts (the wallet purchase): bids and asks are theirs to place.
    const placed = await bid();
    expect(placed.statusCode, placed.body).toBe(200);
    await acceptAsk();
    const listed = await ask();
    expect(listed.statusCode, listed.body).toBe(200);
    await t.call('PATCH', '/api/admin/market-settings', { token: finance.accessToken, body: { mode: 'matching' } });
  });

  it('lets the member withdraw, then change the bank account and the PayPal address', async () => {
    const sent = await withdrawalCode();
    expect(sent.statusCode, sent.body).toBe(200);
    const withdrawn = await withdraw(codeIn((await lastMessageTo(t, member.phone))?.text));
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect((await changeBank()).statusCode).toBe(200);
    expect((await changePaypal()).statusCode).toBe(200);
  });

  it('stops everything again at once when the member is suspended', async () => {
    const caseId = await caseIdOf(t, compliance.accessToken, member.email);
    await t.call('POST', `/api/admin/verifications/${caseId}/suspend`, {
      token: compliance.accessToken,
      body: { reason_code: 'sanctions_possible_hit', message: 'Your account is being reviewed.' },
    });
    const refused = await buy('card');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: messages.VerificationSuspended, step: 'identity_verification' });
    expect((await withdrawalCode()).json().error).toEqual(messages.VerificationSuspended);
  });
});

import { allocate, messages } from '@parcelle/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMember,
  createOperator,
  createPaintingForSale,
  lastMessageTo,
  pastReflectionPeriod,
  promoteToOperator,
  userRow,
  walletCode,
} from '../../../test/factories';
import { raceBehindLock, raceTitle } from '../../../test/race';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { SANDBOX_CARD_OK } from '../../adapters/payments/sandbox-card';
import { queryRows } from '../../db/client';
import { auditLog, exitOffers, exitPayouts, listings, paintings, paintingValuations } from '../../db/schema';
import { seedCatalogue } from '../../db/seed-catalogue';
import { checkInvariants } from '../ledger/invariants';
import { accountFor, balanceOf } from '../ledger/ledger';
import { memberHolding } from '../parts/register';

let t: TestApp;
let operator: Awaited<ReturnType<typeof createOperator>>;
/** The second finance operator, who approves what `operator` records (four eyes, issue 26). */
let approver: Awaited<ReturnType<typeof createOperator>>;
beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.ctx.database.db, t.ctx.storage, { media: false });
  operator = await createOperator(t, 'finance');
  approver = await createOperator(t, 'finance');
});
afterAll(() => t.close());

type Holder = Awaited<ReturnType<typeof createMember>> & { id: string; parts: number };

/** A work of 9 parts (1 × 1 cm) sold out to members holding `split` parts each, by card: it is on the secondary market. */
async function soldOutTo(split: readonly number[], pricePerPartMinor = 250) {
  const painting = await createPaintingForSale(t, { widthCm: 1, heightCm: 1, pricePerPartMinor });
  const holders: Holder[] = [];
  for (const parts of split) {
    const member = await createMember(t, { verified: true });
    const purchase = await t.call('POST', '/api/paintings/purchase', {
      token: member.accessToken,
      body: { total_part: parts, payment_method: 'card', painting_id: painting.id, owner: 'H', currency: 'EURO' },
    });
    expect(purchase.statusCode).toBe(200);
    const paid = await t.call('POST', '/api/payments/sandbox/card/confirm', {
      token: member.accessToken,
      body: { client_secret: purchase.json().data.payment_client_secret, card_number: SANDBOX_CARD_OK },
    });
    // Issue 30: parts are provisional for their reflection period; this story sells them after it.
    await pastReflectionPeriod(t);
    expect(paid.statusCode).toBe(200);
    holders.push({ ...member, id: (await userRow(t, member.email))?.id ?? '', parts });
  }
  const [row] = await t.ctx.database.db.select().from(paintings).where(eq(paintings.id, painting.id));
  expect(row?.market).toBe(3);
  return { painting, holders };
}

const record = (body: Record<string, unknown>, token = operator.accessToken) =>
  t.call('POST', '/api/admin/exits', { token, body });
const open = (id: string, token = operator.accessToken) => t.call('POST', `/api/admin/exits/${id}/open`, { token });
const resolve = (id: string, token = operator.accessToken) =>
  t.call('POST', `/api/admin/exits/${id}/resolve`, { token });
const approve = (
  id: string,
  body: Record<string, unknown> = { acknowledge_appraisal_flag: true },
  token = approver.accessToken,
) => t.call('POST', `/api/admin/exits/${id}/approve`, { token, body });
const fund = (id: string, amountMinor: number, token = operator.accessToken) =>
  t.call('POST', `/api/admin/exits/${id}/funds`, {
    token,
    body: { amount_minor: amountMinor, bank_reference: 'BANK-1' },
  });
const vote = (id: string, who: { accessToken: string }, choice: string) =>
  t.call('POST', `/api/member/exits/${id}/vote`, { token: who.accessToken, body: { choice } });

/** Time passes: the vote's window closes (the test moves its end into the past). */
async function closeWindow(id: string) {
  await t.ctx.database.db
    .update(exitOffers)
    .set({ voteClosesAt: new Date(Date.now() - 1000) })
    .where(eq(exitOffers.id, id));
}

/**
 * Records an offer, has the buyer's funds recorded as received and the second operator approve it (unless
 * `settleable` is false), and opens its vote; answers the offer's id.
 */
async function openOffer(paintingId: string, extra: Record<string, unknown> = {}, settleable = true) {
  const recorded = await record({
    painting_id: paintingId,
    buyer_name: 'Fondation Test',
    amount_minor: 100_001,
    currency: 'EURO',
    ...extra,
  });
  expect(recorded.statusCode).toBe(200);
  const id: string = recorded.json().data.id;
  if (settleable) {
    expect((await fund(id, recorded.json().data.amount_minor)).statusCode).toBe(200);
    expect((await approve(id)).statusCode).toBe(200);
  }
  const opened = await open(id);
  expect(opened.statusCode).toBe(200);
  expect(opened.json().data.status).toBe('voting');
  return id;
}

/** The member's notifications, newest first, with their texts. */
const inboxOf = async (who: { accessToken: string }) =>
  (await t.call('GET', '/api/member/notifications', { token: who.accessToken })).json().data.notifications;

const wallet = async (userId: string, currency: 'EURO' | 'USD' = 'EURO') =>
  balanceOf(t.ctx.database.db, await accountFor(t.ctx.database.db, 'member_wallet', currency, userId));

describe('recording an offer', () => {
  it('refuses bad input with both languages, members, and works not sold out', async () => {
    const { painting } = await soldOutTo([9]);
    const bad = await record({ painting_id: painting.id, buyer_name: '', amount_minor: 1.5, currency: 'EURO' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.en).toBeTruthy();
    expect(bad.json().error.fr).toBeTruthy();
    const terms = await record({
      painting_id: painting.id,
      buyer_name: 'B',
      amount_minor: 100,
      currency: 'EURO',
      quorum_bps: 10_001,
    });
    expect(terms.json().error).toEqual(messages.ExitTermsInvalid);
    const past = await record({
      painting_id: painting.id,
      buyer_name: 'B',
      amount_minor: 100,
      currency: 'EURO',
      vote_closes_at: '2001-01-01T00:00:00Z',
    });
    expect(past.json().error).toEqual(messages.ExitWindowInvalid);
    const member = await createMember(t, { verified: true });
    const forbidden = await record(
      { painting_id: painting.id, buyer_name: 'B', amount_minor: 100, currency: 'EURO' },
      member.accessToken,
    );
    expect(forbidden.statusCode).toBe(403);
    const catalogue = await createOperator(t, 'catalogue');
    const wrongRole = await record(
      { painting_id: painting.id, buyer_name: 'B', amount_minor: 100, currency: 'EURO' },
      catalogue.accessToken,
    );
    expect(wrongRole.json().error).toEqual(messages.OperatorRoleForbidden);
    const onSale = await createPaintingForSale(t);
    const primary = await record({ painting_id: onSale.id, buyer_name: 'B', amount_minor: 100, currency: 'EURO' });
    expect(primary.statusCode).toBe(409);
    expect(primary.json().error).toEqual(messages.ExitWorkNotOnMarket);
  });

  it('takes the default terms, one offer at a time per work, and audits it', async () => {
    const { painting } = await soldOutTo([9]);
    const first = await record({ painting_id: painting.id, buyer_name: 'B', amount_minor: 500, currency: 'USD' });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ quorum_bps: 5000, majority_bps: 6667, status: 'recorded' });
    const second = await record({ painting_id: painting.id, buyer_name: 'C', amount_minor: 600, currency: 'USD' });
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toEqual(messages.ExitOfferInProgress);
    const [entry] = await t.ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'exit.record'), eq(auditLog.targetId, first.json().data.id)));
    expect(entry?.actorId).toBeTruthy();
  });
});

describe('the vote', () => {
  it('weighs each vote by the parts held when it opened; a vote may change until the window closes', async () => {
    const { painting, holders } = await soldOutTo([2, 3, 4]);
    const [a, b, c] = holders as [Holder, Holder, Holder];
    await t.ctx.database.db.insert(paintingValuations).values({
      paintingId: painting.id,
      valuedOn: '2026-01-01',
      valueMinor: 90_000,
      currency: 'EURO',
      appraiser: 'A',
      methodEn: 'M',
      methodFr: 'M',
      createdBy: a.id,
    });
    const id = await openOffer(painting.id, { amount_minor: 99_000 });
    // Members see the open vote on the works they hold, with their own weight, and beside their share of the offer
    // what their parts cost them and their share of the latest appraisal (issue 31): 4 parts bought at 2.50, and
    // 4 ÷ 9 of 900.00.
    const seen = await t.call('GET', `/api/member/exits?painting_id=${painting.id}`, { token: c.accessToken });
    expect(seen.json().data.votes).toHaveLength(1);
    expect(seen.json().data.votes[0]).toMatchObject({
      my_parts: 4,
      my_choice: null,
      my_share_minor: 44_000,
      my_cost_minor: 1_000,
      appraisal_minor: 90_000,
      my_appraisal_share_minor: 40_000,
    });
    expect((await vote(id, a, 'accept')).json().data.tally).toMatchObject({ accept_parts: 2, cast_parts: 2 });
    await vote(id, b, 'accept');
    const changed = await vote(id, a, 'reject');
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.tally).toMatchObject({ accept_parts: 3, reject_parts: 2, eligible_parts: 9 });
    expect(changed.json().data.my_choice).toBe('reject');
    // A stranger has no vote; nonsense is refused.
    const stranger = await createMember(t, { verified: true });
    expect((await vote(id, stranger, 'accept')).json().error).toEqual(messages.ExitNotEligible);
    expect((await vote(id, a, 'maybe')).statusCode).toBe(400);
    // Resolving before the window closes is refused; voting after it is.
    expect((await resolve(id)).json().error).toEqual(messages.ExitVoteStillOpen);
    await closeWindow(id);
    expect((await vote(id, c, 'accept')).json().error).toEqual(messages.ExitVoteClosed);
    // 5 of 9 parts voted (quorum 50 % met); 3 of 5 accepted = 60 % < 66.67 %: rejected, nothing moved (the buyer's
    // funds go back).
    const resolved = await resolve(id);
    expect(resolved.json().message).toEqual(messages.ExitRejected);
    expect(resolved.json().data.tally).toMatchObject({ quorum_met: true, majority_met: false, accepted: false });
    expect(await memberHolding(t.ctx.database.db, c.id, painting.id)).toEqual({ primary: 4, secondary: 0 });
    expect(await wallet(c.id)).toBe(0);
  });

  it('rejects an offer without quorum even when every vote cast accepts', async () => {
    const { painting, holders } = await soldOutTo([2, 3, 4]);
    const id = await openOffer(painting.id);
    // The work's public page shows the pending vote to everyone (issue 31): the offer, the appraisal, the deadline.
    const detail = async () =>
      (await t.call('GET', `/api/paintings/detail?painting_id=${painting.id}&currency=EURO`)).json().data.paintings;
    const offer = (await t.call('GET', `/api/admin/exits/${id}`, { token: operator.accessToken })).json().data;
    expect((await detail()).exit_vote).toEqual({
      offer_minor: 100_001,
      currency: 'EURO',
      appraisal_minor: offer.appraisal_minor,
      vote_closes_at: offer.vote_closes_at,
      quorum_bps: offer.quorum_bps,
      majority_bps: offer.majority_bps,
    });
    await vote(id, holders[2] as Holder, 'accept'); // 4 of 9 parts: 44 % < 50 %
    await closeWindow(id);
    const resolved = await resolve(id);
    expect(resolved.json().data.tally).toMatchObject({ quorum_met: false, majority_met: true, accepted: false });
    expect(resolved.json().data.status).toBe('rejected');
    expect((await detail()).exit_vote).toBeNull();
    // Every voter is told it failed (issue 31), in the app and by email; nobody is paid.
    for (const holder of holders) {
      const kinds = await inboxOf(holder);
      expect(kinds).toContainEqual(
        expect.objectContaining({
          kind: 'vote_closed',
          payload: expect.objectContaining({ vote_id: id, outcome: 'rejected' }),
        }),
      );
      expect(kinds.filter((n: { kind: string }) => n.kind === 'exit_paid')).toEqual([]);
    }
    await t.ctx.jobs.drain(['notification-email']);
    const mail = await lastMessageTo(t, (holders[0] as Holder).email);
    expect(mail?.subject).toMatch(/^Vote (closed|ended): the offer for .* was (rejected|not accepted)/);
  });

  it('ends through the development route, at once, only while it is open (decision 377)', async () => {
    const { painting, holders } = await soldOutTo([9]);
    const id = await openOffer(painting.id);
    await vote(id, holders[0] as Holder, 'accept');
    expect((await resolve(id)).json().error).toEqual(messages.ExitVoteStillOpen);
    const ended = await t.call('POST', `/api/dev/exits/${id}/end-vote`);
    expect(ended.json().data).toEqual({ ended: true });
    // The window has closed: no vote any more, and the operator resolves it.
    expect((await vote(id, holders[0] as Holder, 'reject')).json().error).toEqual(messages.ExitVoteClosed);
    expect((await resolve(id)).json().data.status).toBe('accepted');
    // A resolved vote, an unknown one and another machine are refused.
    expect((await t.call('POST', `/api/dev/exits/${id}/end-vote`)).statusCode).toBe(404);
    expect((await t.call('POST', `/api/dev/exits/${crypto.randomUUID()}/end-vote`)).statusCode).toBe(404);
    expect((await t.call('POST', `/api/dev/exits/${id}/end-vote`, { ip: '203.0.113.9' })).statusCode).toBe(404);
  });

  it('does not open before its window', async () => {
    const { painting } = await soldOutTo([9]);
    const recorded = await record({
      painting_id: painting.id,
      buyer_name: 'B',
      amount_minor: 500,
      currency: 'EURO',
      vote_opens_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect((await open(recorded.json().data.id)).json().error).toEqual(messages.ExitVoteNotOpenYet);
  });
});

describe('an accepted exit', () => {
  it('sells the work, withdraws its listings and pays every holder pro rata to the cent, once', async () => {
    const { painting, holders } = await soldOutTo([2, 3, 4], 333);
    const [a, b, c] = holders as [Holder, Holder, Holder];
    // A fee of 2.5 % of the price: 100 001 × 250 / 10 000 = 2 500.025 → 2 500; the holders share 97 501.
    await t.ctx.database.db.update(paintings).set({ exitShareBps: 250 }).where(eq(paintings.id, painting.id));
    const listed = await t.call('POST', '/api/paintings/sale', {
      token: c.accessToken,
      body: { ...(await walletCode(t, c.accessToken)), painting_id: painting.id, total_part: 1 },
    });
    expect(listed.statusCode).toBe(200);
    const id = await openOffer(painting.id, { majority_bps: 5001 });
    // Every voter is told the vote opened (notifications/notify.ts), in the transaction that opened it.
    for (const holder of [a, b, c]) {
      const inbox = await t.call('GET', '/api/member/notifications', { token: holder.accessToken });
      expect(inbox.json().data.notifications).toContainEqual(
        expect.objectContaining({ kind: 'vote_opened', payload: expect.objectContaining({ vote_id: id }) }),
      );
    }
    await vote(id, a, 'accept');
    await vote(id, b, 'accept');
    await vote(id, c, 'reject');
    await closeWindow(id);
    const resolved = await resolve(id);
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json().message).toEqual(messages.ExitAccepted);
    const data = resolved.json().data;
    expect(data).toMatchObject({ status: 'accepted', fee_minor: 2500, net_minor: 97_501 });
    // Every voter is told it passed, and every holder that their parts were sold and what was paid (issue 31).
    for (const holder of [a, b, c]) {
      const inbox = await inboxOf(holder);
      expect(inbox).toContainEqual(
        expect.objectContaining({
          kind: 'vote_closed',
          payload: expect.objectContaining({ vote_id: id, outcome: 'accepted' }),
        }),
      );
      const paid = inbox.find((n: { kind: string }) => n.kind === 'exit_paid');
      expect(paid?.payload).toMatchObject({ vote_id: id, parts: holder.parts, currency: 'EURO' });
      expect(paid?.payload.amount_minor).toBe(await wallet(holder.id));
    }

    const expected = allocate(97_501, [2, 3, 4]);
    const byId = [a, b, c].map((holder, index) => ({ holder, share: expected[index] ?? 0 }));
    // allocate's order is the holders' member-id order: recompute in that order.
    const sorted = [...byId].sort((x, y) => x.holder.id.localeCompare(y.holder.id));
    const shares = allocate(
      97_501,
      sorted.map(({ holder }) => holder.parts),
    );
    let sum = 0;
    const feeShares = allocate(
      2500,
      sorted.map(({ holder }) => holder.parts),
    );
    for (const [index, { holder }] of sorted.entries()) {
      const paid = await wallet(holder.id);
      expect(paid).toBe(shares[index]);
      expect(Math.abs(paid - (97_501 * holder.parts) / 9)).toBeLessThan(1);
      sum += paid;
      // Every part left its holder; the history carries the realised return.
      expect(await memberHolding(t.ctx.database.db, holder.id, painting.id)).toEqual({ primary: 0, secondary: 0 });
    }
    expect(sum).toBe(97_501);
    const revenue = await balanceOf(t.ctx.database.db, await accountFor(t.ctx.database.db, 'platform_revenue', 'EURO'));
    expect(revenue).toBeGreaterThanOrEqual(2500);
    const [work] = await t.ctx.database.db.select().from(paintings).where(eq(paintings.id, painting.id));
    expect(work?.market).toBe(4);
    const [listing] = await t.ctx.database.db.select().from(listings).where(eq(listings.paintingId, painting.id));
    expect(listing?.status).toBe('withdrawn');
    // Cost basis: 333 per part paid at the first sale (EUR).
    const payouts = await t.ctx.database.db.select().from(exitPayouts).where(eq(exitPayouts.offerId, id));
    for (const payout of payouts) expect(payout.costBasisMinor).toBe(333 * payout.parts);
    // Each holder's share of the fee, for the yearly statement: shared by parts as the payouts are.
    const feeOf = (userId: string) => payouts.find((payout) => payout.userId === userId)?.feeMinor;
    expect(sorted.map(({ holder }) => feeOf(holder.id))).toEqual(feeShares);

    // The holder's history shows the exit, its proceeds, their cost and the realised return.
    const history = await t.call('GET', '/api/member/history/artwork?currency=EURO', { token: a.accessToken });
    const group = history
      .json()
      .data.artworkHistory.find((row: { painting_id: string }) => row.painting_id === painting.id);
    const exit = group.salePurchase.find((event: { type: string }) => event.type === 'EXIT');
    const aShare = shares[sorted.findIndex(({ holder }) => holder.id === a.id)] ?? 0;
    expect(exit).toMatchObject({
      reference_id: data.reference,
      part_quantity: 2,
      full_amount: { value: aShare / 100, curr: 'EURO' },
      cost_basis: { value: 6.66, curr: 'EURO' },
      realised_return: { value: (aShare - 666) / 100, curr: 'EURO' },
    });

    // The portfolio counts the payout as a sale (member/parts-movements.ts): its FIFO gain is the same figure.
    const portfolio = await t.call('GET', '/api/member/portfolio?currency=EURO', { token: a.accessToken });
    expect(portfolio.json().data[0]).toMatchObject({ realised_gain_minor: aShare - 666, cost_basis_minor: 0 });

    // Resolving again pays nothing more.
    const again = await resolve(id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual(messages.ExitAlreadyResolved);
    expect(await wallet(a.id)).toBe(shares[sorted.findIndex(({ holder }) => holder.id === a.id)]);
    expect(await checkInvariants(t.ctx.database.db)).toEqual([]);

    // The public page of past exits: 100 001 against 9 × 333 = 2 997 at the first sale.
    const exits = await t.call('GET', '/api/exits');
    const shown = exits.json().data.exits.find((exit: { reference: string }) => exit.reference === data.reference);
    expect(shown).toMatchObject({ offer_minor: 100_001, first_sale_minor: 2997 });
    expect(shown.return_bps).toBe(Math.round(((100_001 - 2997) * 10_000) / 2997));
  });
});

describe(raceTitle('two resolutions of one accepted vote at once'), () => {
  it('pays it once', async () => {
    const { painting, holders } = await soldOutTo([4, 5]);
    const id = await openOffer(painting.id);
    for (const holder of holders) await vote(id, holder, 'accept');
    await closeWindow(id);
    const other = await createOperator(t, 'finance');
    const answers = await raceBehindLock(
      t.ctx.database.db,
      { lock: sql`SELECT id FROM exit_offers WHERE id = ${id} FOR UPDATE`, waiters: 2 },
      [operator, other].map((who) => () => resolve(id, who.accessToken)),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const reference = answers.find((answer) => answer.statusCode === 200)?.json().data.reference;
    const [paid] = await queryRows<{ n: number }>(
      t.ctx.database.db,
      sql`SELECT count(*)::int AS n FROM ledger_transactions WHERE reference = ${reference}`,
    );
    expect(paid?.n).toBe(1);
    let total = 0;
    for (const holder of holders) total += await wallet(holder.id);
    expect(total).toBe(100_001);
    expect(await checkInvariants(t.ctx.database.db)).toEqual([]);
  });
});

describe('no exit settles on one operator’s say (issue 26)', () => {
  const offerRow = async (id: string) =>
    (await t.ctx.database.db.select().from(exitOffers).where(eq(exitOffers.id, id)))[0];
  const escrow = async () => balanceOf(t.ctx.database.db, await accountFor(t.ctx.database.db, 'exit_escrow', 'EURO'));

  it('refuses terms below the platform’s floors, and a vote opened with less than the minimum window left', async () => {
    const { painting } = await soldOutTo([9]);
    const base = { painting_id: painting.id, buyer_name: 'B', amount_minor: 500, currency: 'EURO' };
    expect((await record({ ...base, quorum_bps: 1 })).json().error).toEqual(messages.ExitTermsBelowFloor);
    expect((await record({ ...base, majority_bps: 5000 })).json().error).toEqual(messages.ExitTermsBelowFloor);
    const short = await record({ ...base, vote_closes_at: new Date(Date.now() + 45_000).toISOString() });
    expect(short.json().error).toEqual(messages.ExitWindowTooShort);
    // Recorded with 8 days, opened 2 days later (6 left): refused.
    const recorded = await record({ ...base, vote_closes_at: new Date(Date.now() + 8 * 86_400_000).toISOString() });
    expect(recorded.statusCode).toBe(200);
    await t.ctx.database.db
      .update(exitOffers)
      .set({ voteClosesAt: new Date(Date.now() + 6 * 86_400_000) })
      .where(eq(exitOffers.id, recorded.json().data.id));
    expect((await open(recorded.json().data.id)).json().error).toEqual(messages.ExitWindowTooShort);
  });

  it('flags an offer far from the latest appraisal, and the approval must acknowledge it', async () => {
    const { painting } = await soldOutTo([9]);
    const operatorId = (await userRow(t, operator.email))?.id ?? '';
    await t.ctx.database.db.insert(paintingValuations).values({
      paintingId: painting.id,
      valuedOn: '2026-01-01',
      valueMinor: 100_000,
      currency: 'EURO',
      appraiser: 'A',
      methodEn: 'M',
      methodFr: 'M',
      createdBy: operatorId,
    });
    const base = { painting_id: painting.id, buyer_name: 'B', currency: 'EURO' };
    // 125 000 is within 25 % of 100 000: not flagged.
    const near = await record({ ...base, amount_minor: 125_000 });
    expect(near.json().data).toMatchObject({ appraisal_minor: 100_000, appraisal_flagged: false });
    await t.ctx.database.db
      .update(exitOffers)
      .set({ status: 'rejected', resolvedAt: new Date() })
      .where(eq(exitOffers.id, near.json().data.id));
    const far = await record({ ...base, amount_minor: 125_001 });
    expect(far.json().data).toMatchObject({ appraisal_minor: 100_000, appraisal_flagged: true });
    const id = far.json().data.id;
    expect((await approve(id, {})).json().error).toEqual(messages.ExitAppraisalFlagNotAcknowledged);
    const approved = await approve(id);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data).toMatchObject({ flag_acknowledged: true, approved_by_email: approver.email });
    expect((await approve(id)).json().error).toEqual(messages.ExitAlreadyApproved);
    const [entry] = await t.ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'exit.approve'), eq(auditLog.targetId, id)));
    expect(entry?.details).toMatchObject({ appraisal_flagged: true });
  });

  it('needs a second operator’s approval and the buyer’s funds before paying anyone', async () => {
    const { painting, holders } = await soldOutTo([4, 5]);
    const id = await openOffer(painting.id, {}, false);
    for (const holder of holders) await vote(id, holder, 'accept');
    await closeWindow(id);
    // The recorder cannot approve their own offer: in the API, and in the database.
    expect((await approve(id, { acknowledge_appraisal_flag: true }, operator.accessToken)).json().error).toEqual(
      messages.FourEyesRequired,
    );
    const row = await offerRow(id);
    await expect(
      t.ctx.database.db
        .update(exitOffers)
        .set({ approvedBy: row?.recordedBy, approvedAt: new Date() })
        .where(eq(exitOffers.id, id)),
    ).rejects.toMatchObject({ cause: { constraint: 'exit_offers_four_eyes' } });
    // Nor can an accepted sale be written without an approval.
    await expect(
      t.ctx.database.db
        .update(exitOffers)
        .set({ status: 'accepted', resolvedAt: new Date(), fundsReceivedMinor: 100_001 })
        .where(eq(exitOffers.id, id)),
    ).rejects.toMatchObject({ cause: { constraint: 'exit_offers_settled_approved' } });
    expect((await resolve(id)).json().error).toEqual(messages.ExitApprovalRequired);
    expect((await approve(id)).statusCode).toBe(200);
    // Approved, but no money received: refused; part of it: still refused.
    expect((await resolve(id)).json().error).toEqual(messages.ExitFundsNotReceived);
    const before = await escrow();
    expect((await fund(id, 60_000)).json().data.funds_received_minor).toBe(60_000);
    expect((await resolve(id)).json().error).toEqual(messages.ExitFundsNotReceived);
    for (const holder of holders) expect(await wallet(holder.id)).toBe(0);
    expect(await checkInvariants(t.ctx.database.db)).toEqual([]);
    // The rest arrives, with 999 too many: the holders share the offer from escrow, the excess goes back.
    expect((await fund(id, 41_000)).json().data.funds_received_minor).toBe(101_000);
    expect(await escrow()).toBe(before + 101_000);
    const resolved = await resolve(id);
    expect(resolved.json().data.status).toBe('accepted');
    let total = 0;
    for (const holder of holders) total += await wallet(holder.id);
    expect(total).toBe(100_001);
    expect(await escrow()).toBe(before);
    expect((await fund(id, 1)).json().error).toEqual(messages.ExitAlreadyResolved);
    const [entry] = await t.ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'exit.funds'), eq(auditLog.targetId, id)));
    expect(entry?.details).toMatchObject({ bank_reference: 'BANK-1' });
    expect(await checkInvariants(t.ctx.database.db)).toEqual([]);
  });

  it('returns the buyer’s funds when the vote fails', async () => {
    const { painting, holders } = await soldOutTo([4, 5]);
    const before = await escrow();
    const id = await openOffer(painting.id);
    expect(await escrow()).toBe(before + 100_001);
    for (const holder of holders) await vote(id, holder, 'reject');
    await closeWindow(id);
    expect((await resolve(id)).json().data.status).toBe('rejected');
    expect(await escrow()).toBe(before);
    expect(await checkInvariants(t.ctx.database.db)).toEqual([]);
  });

  it('refuses bad funds with both languages', async () => {
    const { painting } = await soldOutTo([9]);
    const recorded = await record({ painting_id: painting.id, buyer_name: 'B', amount_minor: 500, currency: 'EURO' });
    const bad = await t.call('POST', `/api/admin/exits/${recorded.json().data.id}/funds`, {
      token: operator.accessToken,
      body: { amount_minor: -5, bank_reference: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toEqual(messages.ExitFundsInvalid);
  });
});

describe('an operator holding parts of the work (issue 26)', () => {
  it('neither records, approves nor resolves its exit', async () => {
    const { painting, holders } = await soldOutTo([4, 5]);
    const holder = await promoteToOperator(t, holders[0] as Holder, 'finance');
    const base = { painting_id: painting.id, buyer_name: 'B', amount_minor: 100_001, currency: 'EURO' };
    const ownRecord = await record(base, holder.accessToken);
    expect(ownRecord.statusCode).toBe(409);
    expect(ownRecord.json().error).toEqual(messages.OperatorHasInterest);
    const id = await openOffer(painting.id, {}, false);
    expect((await fund(id, 100_001)).statusCode).toBe(200);
    expect((await approve(id, { acknowledge_appraisal_flag: true }, holder.accessToken)).json().error).toEqual(
      messages.OperatorHasInterest,
    );
    expect((await approve(id)).statusCode).toBe(200);
    for (const voter of holders) await vote(id, voter, 'accept');
    await closeWindow(id);
    expect((await resolve(id, holder.accessToken)).json().error).toEqual(messages.OperatorHasInterest);
    expect((await resolve(id)).json().data.status).toBe('accepted');
  });
});

import { messages } from '@parcelle/shared';
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  buyByCard,
  createMember,
  createPaintingForSale,
  fundWallet,
  lastMessageTo,
  userRow,
  walletCode,
} from '../../../test/factories';
import { LOCK_WAITERS_SQL, raceBehindLock, raceTitle } from '../../../test/race';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { SandboxCardPayments } from '../../adapters/payments/sandbox-card';
import type { SandboxPaypalPayments } from '../../adapters/payments/sandbox-paypal';
import { queryRows } from '../../db/client';
import {
  certificates,
  ledgerTransactions,
  paintings,
  partMovements,
  purchaseRevocations,
  purchases,
  refunds,
} from '../../db/schema';
import { seedCatalogue } from '../../db/seed-catalogue';
import { AppError } from '../../http/errors';
import { checkInvariants } from '../ledger/invariants';
import { accountFor, balanceOf } from '../ledger/ledger';
import { heldBy, memberHolding } from '../parts/register';
import { listParts } from '../secondary/listings';
import { reflectionEndsAt } from './reflection';
import { revokePurchase } from './revoke-purchase';

/**
 * Issue 30, the reflection period: a primary purchase revoked within 4 calendar days (Europe/Paris) is refunded to
 * the cent where its money came from, its parts go back to the offer, its certificate is void; the ledger and the
 * parts register balance after every test (checkInvariants).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.ctx.database.db, t.ctx.storage, { media: false });
});
afterAll(() => t.close());
afterEach(async () => {
  expect(await checkInvariants(t.ctx.database.db)).toEqual([]);
});

const db = () => t.ctx.database.db;
const card = () => t.ctx.payments.card as SandboxCardPayments;
const paypal = () => t.ctx.payments.paypal as SandboxPaypalPayments;

async function member() {
  const created = await createMember(t, { verified: true });
  return { ...created, id: (await userRow(t, created.email))?.id ?? '' };
}
type Member = Awaited<ReturnType<typeof member>>;

async function purchaseByReference(reference: string) {
  const [row] = await db().select().from(purchases).where(eq(purchases.reference, reference));
  if (!row) throw new Error('no purchase');
  return row;
}

type Method = 'card' | 'paypal' | 'wallet';

/** A member buys `parts` of a work at `price` by `method`; answers the settled purchase. */
async function buy(buyer: Member, paintingId: string, parts: number, method: Method) {
  if (method === 'card')
    return purchaseByReference(await buyByCard(t, buyer, paintingId, parts, 'EURO', { provisional: true }));
  const body = { total_part: parts, painting_id: paintingId, owner: 'Holder', currency: 'EURO' };
  if (method === 'paypal') {
    const reserved = await t.call('POST', '/api/paintings/purchase', {
      token: buyer.accessToken,
      body: { ...body, payment_method: 'paypal' },
    });
    expect(reserved.statusCode).toBe(200);
    const data = reserved.json().data;
    const order = { order_id: data.paypal_order_id, payment_method: 'paypal', paypal_object: { status: 'COMPLETED' } };
    const approved = await t.call('POST', '/api/paintings/order', { token: buyer.accessToken, body: order });
    expect(approved.statusCode).toBe(200);
    return purchaseByReference(data.reference_id);
  }
  const paid = await t.call('POST', '/api/paintings/purchase', {
    token: buyer.accessToken,
    body: { ...body, payment_method: 'smart_amount', ...(await walletCode(t, buyer.accessToken)) },
  });
  expect(paid.statusCode).toBe(200);
  return purchaseByReference(paid.json().data.reference_id);
}

async function balance(kind: 'member_wallet' | 'platform_revenue' | 'refunds_payable' | 'external', userId?: string) {
  return balanceOf(db(), await accountFor(db(), kind, 'EURO', userId ?? null));
}

async function ledgerRefs(reference: string) {
  const rows = await db()
    .select({ reference: ledgerTransactions.reference })
    .from(ledgerTransactions)
    .where(like(ledgerTransactions.reference, `${reference}%`));
  return rows.map((row) => row.reference).sort();
}

async function soldParts(paintingId: string) {
  const [row] = await db().select().from(paintings).where(eq(paintings.id, paintingId));
  return row?.soldParts;
}

const MINUTE = 60_000;

describe('revoking on day 4 refunds to the cent, by each method; day 5 is refused', () => {
  it.each(['card', 'paypal', 'wallet'] as const)('%s', async (method) => {
    const buyer = await member();
    if (method === 'wallet') await fundWallet(t, buyer.id, 'EURO', 10_000);
    // 3 parts at €12.34: €37.02, an amount that shows a lost cent.
    const work = await createPaintingForSale(t, { pricePerPartMinor: 1234 });
    const purchase = await buy(buyer, work.id, 3, method);
    expect(purchase).toMatchObject({ status: 'paid', totalMinor: 3702, currency: 'EURO' });
    const late = await buy(buyer, work.id, 2, method);
    const settledAt = purchase.settledAt ?? new Date();
    const endsAt = reflectionEndsAt(settledAt);
    const walletBefore = await balance('member_wallet', buyer.id);
    const revenueBefore = await balance('platform_revenue');
    expect(await soldParts(work.id)).toBe(5);

    // Day 5, 00:00 Paris: refused, nothing written.
    const refused = await revokePurchase(t.ctx, {
      memberId: buyer.id,
      purchaseId: late.id,
      channel: 'member_area',
      now: reflectionEndsAt(late.settledAt ?? new Date()),
    }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(409);
    expect((refused as AppError).key).toBe('ReflectionPeriodOver');
    expect((await purchaseByReference(late.reference)).status).toBe('paid');

    // Day 4, 23:59 Paris: revoked.
    const outcome = await revokePurchase(t.ctx, {
      memberId: buyer.id,
      purchaseId: purchase.id,
      channel: 'member_area',
      now: new Date(endsAt.getTime() - MINUTE),
    });
    expect(outcome.revokedNow).toBe(true);
    expect((await purchaseByReference(purchase.reference)).status).toBe('revoked');
    expect(outcome.revocation).toMatchObject({ amountMinor: 3702, currency: 'EURO', refundTo: method });

    // The money, to the cent, where it came from.
    expect(await balance('platform_revenue')).toBe(revenueBefore - 3702);
    expect(await balance('refunds_payable')).toBe(0);
    if (method === 'wallet') {
      expect(await balance('member_wallet', buyer.id)).toBe(walletBefore + 3702);
      expect(outcome.refund).toBeNull();
      expect(await ledgerRefs(purchase.reference)).toEqual([purchase.reference, `${purchase.reference}:revocation`]);
    } else {
      expect(await balance('member_wallet', buyer.id)).toBe(walletBefore);
      expect(outcome.refund?.status).toBe('succeeded');
      const [refund] = await db().select().from(refunds).where(eq(refunds.purchaseId, purchase.id));
      expect(refund).toMatchObject({ status: 'succeeded', amountMinor: 3702, currency: 'EURO' });
      const asked =
        method === 'card'
          ? card().refunds.get(purchase.providerRef ?? '')
          : paypal().refunds.get(refund?.paymentRef ?? '');
      expect(asked).toMatchObject({ amountMinor: 3702, currency: 'EURO' });
      if (method === 'paypal') expect(refund?.paymentRef).toMatch(/^SBCAP-/);
      expect(await ledgerRefs(purchase.reference)).toEqual([
        purchase.reference,
        `${purchase.reference}:refund`,
        `${purchase.reference}:revocation`,
      ]);
    }

    // Parts back to the offer; sold + available = total; the certificate void.
    expect(await memberHolding(db(), buyer.id, work.id)).toEqual({ primary: 2, secondary: 0 });
    expect(await soldParts(work.id)).toBe(2);
    expect(await heldBy(db(), work.id, 'available')).toBe(work.totalParts - 2);
    const [movement] = await db()
      .select()
      .from(partMovements)
      .where(sql`${partMovements.reference} = ${purchase.reference} AND ${partMovements.reason} = 'revoke'`);
    expect(movement).toBeDefined();
    const [certificate] = await db().select().from(certificates).where(eq(certificates.purchaseId, purchase.id));
    expect(certificate?.voidedAt).not.toBeNull();
    const verify = await t.call('GET', `/api/certificates/verify/${certificate?.number}`);
    expect(verify.json().data.status).toBe('void');

    // The email says so, in the member's language.
    const mail = await lastMessageTo(t, buyer.email);
    expect(mail?.subject).toContain('Your purchase is revoked');
    expect(mail?.text).toContain('€37.02');

    // A second revocation answers the same, and refunds nothing more.
    const again = await revokePurchase(t.ctx, { memberId: buyer.id, purchaseId: purchase.id, channel: 'member_area' });
    expect(again.revokedNow).toBe(false);
    expect(again.revocation.id).toBe(outcome.revocation.id);
    expect(await balance('platform_revenue')).toBe(revenueBefore - 3702);
    expect(
      await db().select().from(purchaseRevocations).where(eq(purchaseRevocations.purchaseId, purchase.id)),
    ).toHaveLength(1);
  });
});

describe('revoking from the member area', () => {
  it('shows the purchase as provisional, revokes it once, and refuses another member', async () => {
    const buyer = await member();
    const stranger = await member();
    const work = await createPaintingForSale(t, { pricePerPartMinor: 500 });
    const purchase = await purchaseByReference(await buyByCard(t, buyer, work.id, 4, 'EURO', { provisional: true }));

    const listed = await t.call('GET', '/api/member/purchases/reflection', { token: buyer.accessToken });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.purchases).toEqual([
      expect.objectContaining({
        purchase_id: purchase.id,
        status: 'provisional',
        refund_to: 'card',
        total_minor: 2000,
        revocable_until: reflectionEndsAt(purchase.settledAt ?? new Date()).toISOString(),
      }),
    ]);
    const parts = await t.call('GET', '/api/member/parts/?limit=4&offset=0&currency=EURO', {
      token: buyer.accessToken,
    });
    expect(parts.json().data.getParts[0]).toMatchObject({ provisional_parts: 4, lots: { primary: 0, secondary: 0 } });
    const certs = await t.call('GET', '/api/member/certificates', { token: buyer.accessToken });
    expect(certs.json().data.certificates[0]).toMatchObject({ status: 'provisional', purchase_id: purchase.id });
    expect(
      (await t.call('GET', '/api/member/purchases/reflection', { token: stranger.accessToken })).json().data.purchases,
    ).toEqual([]);

    // Another member: answered like an unknown purchase; nothing changes.
    const theirs = await t.call('POST', `/api/member/purchases/${purchase.id}/revoke`, { token: stranger.accessToken });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error).toEqual(messages.PurchaseNotFound);
    expect((await purchaseByReference(purchase.reference)).status).toBe('paid');

    const revoked = await t.call('POST', `/api/member/purchases/${purchase.id}/revoke`, { token: buyer.accessToken });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().data).toMatchObject({
      status: 'revoked',
      refund_to: 'card',
      amount_minor: 2000,
      refund_status: 'succeeded',
      channel: 'member_area',
    });
    const twice = await t.call('POST', `/api/member/purchases/${purchase.id}/revoke`, { token: buyer.accessToken });
    expect(twice.statusCode).toBe(200);
    expect(twice.json().data).toEqual(revoked.json().data);
    expect(card().refunds.get(purchase.providerRef ?? '')).toMatchObject({ amountMinor: 2000 });

    const after = await t.call('GET', '/api/member/purchases/reflection', { token: buyer.accessToken });
    expect(after.json().data.purchases[0]).toMatchObject({ status: 'revoked', refund_status: 'succeeded' });
    const certsAfter = await t.call('GET', '/api/member/certificates', { token: buyer.accessToken });
    expect(certsAfter.json().data.certificates[0]).toMatchObject({ status: 'void', provisional_until: null });
  });

  it('keeps provisional parts off the secondary market until the period ends', async () => {
    const buyer = await member();
    // 9 parts: bought out, the work opens on the secondary market at once.
    const work = await createPaintingForSale(t, { widthCm: 1, heightCm: 1, pricePerPartMinor: 400 });
    await buyByCard(t, buyer, work.id, 9, 'EURO', { provisional: true });
    const sale = await t.call('POST', '/api/paintings/sale', {
      token: buyer.accessToken,
      body: { ...(await walletCode(t, buyer.accessToken)), total_part: 1, painting_id: work.id },
    });
    expect(sale.statusCode).toBe(400);
    expect(sale.json().error).toEqual(messages.PartsProvisional);
    expect(await memberHolding(db(), buyer.id, work.id)).toEqual({ primary: 9, secondary: 0 });
  });
});

describe('revoking by the link of the confirmation email', () => {
  async function linkOf(email: string): Promise<string> {
    const mail = await lastMessageTo(t, email);
    const match = /\/user\/revocation\?token=([^\s]+)/.exec(mail?.text ?? '');
    if (!match?.[1]) throw new Error(`no revocation link in: ${mail?.text}`);
    return decodeURIComponent(match[1]);
  }

  it('works in the buyer’s session; a tampered link or another member’s session is refused', async () => {
    const buyer = await member();
    const stranger = await member();
    const work = await createPaintingForSale(t, { pricePerPartMinor: 700 });
    const purchase = await purchaseByReference(await buyByCard(t, buyer, work.id, 2, 'EURO', { provisional: true }));
    const mail = await lastMessageTo(t, buyer.email);
    expect(mail?.text).toContain('Reflection period');
    const token = await linkOf(buyer.email);

    const signature = token.slice(token.lastIndexOf('.') + 1);
    const flipped = `${token.slice(0, token.lastIndexOf('.') + 1)}${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    for (const forged of [flipped, token.replace(purchase.id, '00000000-0000-4000-8000-000000000000'), 'nonsense']) {
      const refused = await t.call('POST', '/api/member/purchases/revocation/link', {
        token: buyer.accessToken,
        body: { token: forged },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toEqual(messages.RevocationLinkInvalid);
    }
    const withoutSession = await t.call('POST', '/api/member/purchases/revocation/link', { body: { token } });
    expect(withoutSession.statusCode).toBe(401);
    const otherSession = await t.call('POST', '/api/member/purchases/revocation/link', {
      token: stranger.accessToken,
      body: { token },
    });
    expect(otherSession.statusCode).toBe(404);
    expect((await purchaseByReference(purchase.reference)).status).toBe('paid');

    const revoked = await t.call('POST', '/api/member/purchases/revocation/link', {
      token: buyer.accessToken,
      body: { token },
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().data).toMatchObject({ status: 'revoked', channel: 'email_link', amount_minor: 1400 });
    expect((await purchaseByReference(purchase.reference)).status).toBe('revoked');
  });
});

describe(raceTitle('two revocations of one purchase at once'), () => {
  it('revokes once and refunds once; both answer the same revocation', async () => {
    const buyer = await member();
    await fundWallet(t, buyer.id, 'EURO', 5000);
    const work = await createPaintingForSale(t, { pricePerPartMinor: 1000 });
    const purchase = await buy(buyer, work.id, 3, 'wallet');
    const walletBefore = await balance('member_wallet', buyer.id);

    const outcomes = await raceBehindLock(
      db(),
      { lock: sql`SELECT id FROM paintings WHERE id = ${work.id} FOR UPDATE`, waiters: 2 },
      [1, 2].map(
        () => () =>
          revokePurchase(t.ctx, { memberId: buyer.id, purchaseId: purchase.id, channel: 'member_area' }).then(
            (outcome) => ({ ok: true as const, outcome }),
            (error: unknown) => ({ ok: false as const, error }),
          ),
      ),
    );
    expect(outcomes.map((one) => one.ok)).toEqual([true, true]);
    const revocations = outcomes.flatMap((one) => (one.ok ? [one.outcome] : []));
    expect(revocations.filter((one) => one.revokedNow)).toHaveLength(1);
    expect(new Set(revocations.map((one) => one.revocation.id)).size).toBe(1);
    expect(await balance('member_wallet', buyer.id)).toBe(walletBefore + 3000);
    expect(await ledgerRefs(purchase.reference)).toEqual([purchase.reference, `${purchase.reference}:revocation`]);
    expect(await soldParts(work.id)).toBe(0);
  });
});

describe(raceTitle('a revocation just before the period ends and a listing just after it, at once'), () => {
  it('the listing that took the lock first wins; the revocation then refuses, and no parts are counted twice', async () => {
    const buyer = await member();
    // 9 parts: the whole work, which opens on the secondary market at once.
    const work = await createPaintingForSale(t, { widthCm: 1, heightCm: 1, pricePerPartMinor: 400 });
    const purchase = await purchaseByReference(await buyByCard(t, buyer, work.id, 9, 'EURO', { provisional: true }));
    const endsAt = reflectionEndsAt(purchase.settledAt ?? new Date());
    const seller = await userRow(t, buyer.email);
    if (!seller) throw new Error('no member');
    const proof = await walletCode(t, buyer.accessToken);
    const revenueBefore = await balance('platform_revenue');

    const [listed, revoked] = await raceBehindLock(
      db(),
      { lock: sql`SELECT id FROM paintings WHERE id = ${work.id} FOR UPDATE`, waiters: 2 },
      [
        // A listing one millisecond after the end: the parts are no longer provisional.
        () =>
          listParts(
            t.ctx,
            seller,
            { painting_id: work.id, total_part: 9, ...proof },
            new Date(endsAt.getTime() + 1),
          ).then(
            () => 'listed',
            (error: unknown) => error,
          ),
        // A revocation one millisecond before it, queued behind the listing on the work's row.
        async () => {
          await untilLockWaiters(1);
          return revokePurchase(t.ctx, {
            memberId: buyer.id,
            purchaseId: purchase.id,
            channel: 'member_area',
            now: new Date(endsAt.getTime() - 1),
          }).then(
            () => 'revoked',
            (error: unknown) => error,
          );
        },
      ],
    );
    expect(listed).toBe('listed');
    expect(revoked).toBeInstanceOf(AppError);
    expect((revoked as AppError).key).toBe('RevocationPartsGone');
    expect((await purchaseByReference(purchase.reference)).status).toBe('paid');
    expect(await balance('platform_revenue')).toBe(revenueBefore);
    expect(await memberHolding(db(), buyer.id, work.id)).toEqual({ primary: 0, secondary: 0 });
  });
});

async function untilLockWaiters(count: number): Promise<void> {
  for (let attempt = 0; attempt < 1500; attempt++) {
    const [row] = await queryRows<{ waiting: number }>(db(), sql.raw(LOCK_WAITERS_SQL));
    if (Number(row?.waiting ?? 0) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the listing never queued on the lock');
}

import { addDays, messages, parisDay } from '@parcelle/shared';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buyByCard,
  createMember,
  createOperator,
  createPaintingForSale,
  fundWallet,
  userRow,
  walletCode,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { auditLog, purchases } from '../../db/schema';
import { seedCatalogue } from '../../db/seed-catalogue';
import { reflectionEndsAt } from './reflection';
import { revokePurchase } from './revoke-purchase';

/**
 * Issue 30 (decision 421): the console's list of revocations. Two purchases revoked on two Paris days, by card from
 * the member area and from the wallet by the email link: each row says who, what, how much, when and where the money
 * went; the Paris-day filter keeps the right ones; each read is audited; only compliance and finance (and admin) read.
 */
let t: TestApp;
let finance: string;
const revoked: { reference: string; day: string; member: { id: string; email: string; name: string } }[] = [];
let work: { id: string };

const db = () => t.ctx.database.db;
const MINUTE = 60_000;

async function member() {
  const created = await createMember(t, { verified: true });
  const row = await userRow(t, created.email);
  return { ...created, id: row?.id ?? '', name: `${row?.firstName} ${row?.lastName}` };
}

async function settled(reference: string) {
  const [row] = await db().select().from(purchases).where(eq(purchases.reference, reference));
  if (!row?.settledAt) throw new Error('not settled');
  return { ...row, settledAt: row.settledAt };
}

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.ctx.database.db, t.ctx.storage, { media: false });
  finance = (await createOperator(t, 'finance')).accessToken;
  work = await createPaintingForSale(t, { pricePerPartMinor: 1234 });

  // By card, revoked a minute after it settled (day 0).
  const byCard = await member();
  const cardPurchase = await settled(await buyByCard(t, byCard, work.id, 3, 'EURO', { provisional: true }));
  const cardAt = new Date(cardPurchase.settledAt.getTime() + MINUTE);
  await revokePurchase(t.ctx, {
    memberId: byCard.id,
    purchaseId: cardPurchase.id,
    channel: 'member_area',
    now: cardAt,
  });
  revoked.push({ reference: cardPurchase.reference, day: parisDay(cardAt), member: byCard });

  // From the wallet, revoked by the email link in the last minute of its period (day 4 or later).
  const byWallet = await member();
  await fundWallet(t, byWallet.id, 'EURO', 10_000);
  const paid = await t.call('POST', '/api/paintings/purchase', {
    token: byWallet.accessToken,
    body: {
      total_part: 2,
      painting_id: work.id,
      owner: 'Holder',
      currency: 'EURO',
      payment_method: 'smart_amount',
      ...(await walletCode(t, byWallet.accessToken)),
    },
  });
  expect(paid.statusCode).toBe(200);
  const walletPurchase = await settled(paid.json().data.reference_id);
  const walletAt = new Date(reflectionEndsAt(walletPurchase.settledAt).getTime() - MINUTE);
  await revokePurchase(t.ctx, {
    memberId: byWallet.id,
    purchaseId: walletPurchase.id,
    channel: 'email_link',
    now: walletAt,
  });
  revoked.push({ reference: walletPurchase.reference, day: parisDay(walletAt), member: byWallet });
});
afterAll(() => t.close());

const list = (query = '', token = finance) => t.call('GET', `/api/admin/revocations${query}`, { token });

describe('GET /api/admin/revocations', () => {
  it('lists each revocation, newest first, with the member, the work, the parts, the money and its route', async () => {
    const response = await list();
    expect(response.statusCode).toBe(200);
    const { revocations, total } = response.json().data;
    expect(total).toBe(2);
    const [wallet, card] = revoked.slice().reverse();
    expect(revocations.map((row: { reference: string }) => row.reference)).toEqual([
      wallet?.reference,
      card?.reference,
    ]);
    expect(revocations[0]).toMatchObject({
      member: { id: wallet?.member.id, email: wallet?.member.email, name: wallet?.member.name },
      painting: { id: work.id },
      quantity: 2,
      amount_minor: 2468,
      currency: 'EURO',
      channel: 'email_link',
      refund_to: 'wallet',
      refund_status: 'credited',
    });
    expect(revocations[1]).toMatchObject({
      member: { id: card?.member.id, email: card?.member.email },
      quantity: 3,
      amount_minor: 3702,
      channel: 'member_area',
      refund_to: 'card',
      refund_status: 'succeeded',
    });
    // The period it was checked against ends after the revocation.
    for (const row of revocations) expect(row.revoked_at < row.period_ends_at).toBe(true);
  });

  it('filters by the Paris day of the revocation, both ends included', async () => {
    const [card, wallet] = revoked;
    const refs = async (query: string) =>
      (await list(query)).json().data.revocations.map((row: { reference: string }) => row.reference);
    expect(await refs(`?from=${card?.day}&to=${card?.day}`)).toEqual([card?.reference]);
    expect(await refs(`?from=${wallet?.day}`)).toEqual([wallet?.reference]);
    expect(await refs(`?to=${addDays(card?.day ?? '', -1)}`)).toEqual([]);
    expect(await refs(`?from=${card?.day}&to=${wallet?.day}&sort=amount&order=asc`)).toEqual([
      wallet?.reference,
      card?.reference,
    ]);
  });

  it('refuses a date that is not one, and an unknown sort, with a 400 in both languages', async () => {
    for (const query of ['?from=2026-02-30', '?to=yesterday', '?sort=email']) {
      const response = await list(query);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual(messages.InvalidRequest);
    }
  });

  it('writes each read to the audit log with its filter and how many rows it showed', async () => {
    const [card] = revoked;
    await list(`?from=${card?.day}&to=${card?.day}`);
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'purchase_revocation.list_view'))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(entry).toMatchObject({
      targetType: 'purchase_revocation',
      details: { from: card?.day, to: card?.day, count: 1 },
    });
  });

  it('is read by compliance and finance, not by support or catalogue', async () => {
    expect((await list('', (await createOperator(t, 'compliance')).accessToken)).statusCode).toBe(200);
    for (const role of ['support', 'catalogue'] as const) {
      const response = await list('', (await createOperator(t, role)).accessToken);
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toEqual(messages.OperatorRoleForbidden);
    }
  });
});

import { randomUUID } from 'node:crypto';
import { messages } from '@parcelle/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createOperator, createPaintingForSale, fundWallet, userRow } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { SANDBOX_CARD_OK } from '../../adapters/payments/sandbox-card';
import { ledgerAccounts, ledgerEntries, ledgerTransactions, paymentEvents, purchases } from '../../db/schema';
import { seedCatalogue } from '../../db/seed-catalogue';

let t: TestApp;
let finance: Awaited<ReturnType<typeof createOperator>>;
let buyer: Awaited<ReturnType<typeof createMember>> & { id: string };
let purchaseReference: string;
beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.ctx.database.db, t.ctx.storage, { media: false });
  finance = await createOperator(t, 'finance');
  const member = await createMember(t, { verified: true });
  buyer = { ...member, id: (await userRow(t, member.email))?.id ?? '' };
  const painting = await createPaintingForSale(t);
  const purchase = await t.call('POST', '/api/paintings/purchase', {
    token: buyer.accessToken,
    body: { total_part: 2, payment_method: 'card', painting_id: painting.id, owner: 'B', currency: 'EURO' },
  });
  const paid = await t.call('POST', '/api/payments/sandbox/card/confirm', {
    token: buyer.accessToken,
    body: { client_secret: purchase.json().data.payment_client_secret, card_number: SANDBOX_CARD_OK },
  });
  expect(paid.statusCode).toBe(200);
  const [row] = await t.ctx.database.db.select().from(purchases).where(eq(purchases.userId, buyer.id));
  purchaseReference = row?.reference ?? '';
  await fundWallet(t, buyer.id, 'USD', 700);
});
afterAll(() => t.close());

const get = (url: string) => t.call('GET', url, { token: finance.accessToken });

describe('GET /api/admin/ledger/transactions', () => {
  it('filters by account kind, member, reference and date range', async () => {
    const byMember = (await get(`/api/admin/ledger/transactions?member_id=${buyer.id}`)).json().data;
    expect(byMember.total).toBe(1);
    expect(byMember.transactions[0].description).toBe('test funding');
    const byReference = (
      await get(`/api/admin/ledger/transactions?reference=${purchaseReference.toLowerCase()}`)
    ).json().data;
    expect(byReference.transactions.map((row: { reference: string }) => row.reference)).toContain(purchaseReference);
    expect(byReference.transactions.every((row: { reference: string }) => row.reference.startsWith(purchaseReference)));
    const revenue = (await get('/api/admin/ledger/transactions?account_kind=platform_revenue')).json().data;
    for (const row of revenue.transactions)
      expect(row.entries.some((entry: { kind: string }) => entry.kind === 'platform_revenue')).toBe(true);
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const later = (await get(`/api/admin/ledger/transactions?from=${encodeURIComponent(future)}`)).json().data;
    expect(later.total).toBe(0);
  });

  it('refuses an unknown kind and an upside-down range (400, bilingual)', async () => {
    const kind = await get('/api/admin/ledger/transactions?account_kind=savings');
    expect(kind.statusCode).toBe(400);
    expect(kind.json().error).toEqual(messages.InvalidRequest);
    const from = encodeURIComponent('2026-02-01T00:00:00Z');
    const to = encodeURIComponent('2026-01-01T00:00:00Z');
    const upsideDown = await get(`/api/admin/ledger/transactions?from=${from}&to=${to}`);
    expect(upsideDown.statusCode).toBe(400);
    expect(upsideDown.json().error).toEqual(messages.DateRangeInvalid);
  });
});

describe('GET /api/admin/ledger/balances', () => {
  it('answers each account balance and the totals per kind, which sum to zero over all accounts', async () => {
    const wallet = (await get(`/api/admin/ledger/balances?member_id=${buyer.id}`)).json().data;
    expect(wallet.accounts).toEqual([
      expect.objectContaining({
        kind: 'member_wallet',
        member: { id: buyer.id, email: buyer.email },
        balance: { value: 7, curr: 'USD' },
        balance_minor: 700,
        entries: 1,
      }),
    ]);
    const all = (await get('/api/admin/ledger/balances?limit=100')).json().data;
    for (const currency of ['EURO', 'USD']) {
      const sum = all.totals
        .filter((row: { balance: { curr: string } }) => row.balance.curr === currency)
        .reduce((acc: number, row: { balance_minor: number }) => acc + row.balance_minor, 0);
      expect(sum).toBe(0);
    }
    const before = (await get(`/api/admin/ledger/balances?member_id=${buyer.id}&to=2000-01-01T00:00:00Z`)).json().data;
    expect(before.accounts[0].balance_minor).toBe(0);
    expect((await get('/api/admin/ledger/balances?currency=GBP')).statusCode).toBe(400);
  });
});

describe('GET /api/admin/reconciliation', () => {
  it('matches the card event to its purchase and lists the unmatched ones', async () => {
    const first = (await get('/api/admin/reconciliation')).json().data;
    const matched = first.events.find(
      (event: { purchase: { reference: string } | null }) => event.purchase?.reference === purchaseReference,
    );
    expect(matched).toMatchObject({ state: 'matched', type: 'succeeded' });
    expect(first.unmatched_total).toBe(0);
    expect(first.paid_without_event).toEqual([]);

    // An event for a payment no purchase has, and one whose amount differs from its purchase's.
    const [purchase] = await t.ctx.database.db.select().from(purchases).where(eq(purchases.userId, buyer.id));
    await t.ctx.database.db.insert(paymentEvents).values([
      {
        provider: 'stripe',
        eventId: `evt_${randomUUID()}`,
        type: 'succeeded',
        paymentRef: 'pi_unknown',
        amountMinor: 500,
        currency: 'EURO',
      },
      {
        provider: 'stripe',
        eventId: `evt_${randomUUID()}`,
        type: 'succeeded',
        paymentRef: purchase?.providerRef ?? null,
        amountMinor: 1,
        currency: 'EURO',
        purchaseId: purchase?.id ?? null,
      },
    ]);
    const unmatched = (await get('/api/admin/reconciliation?unmatched=true')).json().data;
    expect(unmatched.unmatched_total).toBe(2);
    expect(unmatched.events.map((event: { state: string }) => event.state).sort()).toEqual(['mismatch', 'unmatched']);
    expect((await get('/api/admin/reconciliation?unmatched=maybe')).statusCode).toBe(400);
  });
});

describe('GET /api/admin/ledger/check', () => {
  it('answers ok, then the problem once the ledger is broken', async () => {
    const healthy = (await get('/api/admin/ledger/check')).json().data;
    expect(healthy).toMatchObject({ ok: true, problems: [] });
    // An unbalanced transaction written behind the ledger's back (what the check exists to catch).
    const db = t.ctx.database.db;
    const [account] = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.userId, buyer.id));
    const [transaction] = await db
      .insert(ledgerTransactions)
      .values({ reference: 'broken', description: 'unbalanced' })
      .returning();
    await db.insert(ledgerEntries).values([
      { transactionId: transaction?.id ?? '', accountId: account?.id ?? '', amountMinor: 5n, currency: 'USD' },
      { transactionId: transaction?.id ?? '', accountId: account?.id ?? '', amountMinor: 6n, currency: 'USD' },
    ]);
    const broken = (await get('/api/admin/ledger/check')).json().data;
    expect(broken.ok).toBe(false);
    expect(broken.problems.join('\n')).toContain('ledger transaction does not sum to zero');
    // Put right (the file's own invariant check runs when the app closes).
    await db.insert(ledgerEntries).values({
      transactionId: transaction?.id ?? '',
      accountId: account?.id ?? '',
      amountMinor: -11n,
      currency: 'USD',
    });
    expect((await get('/api/admin/ledger/check')).json().data.ok).toBe(true);
  });
});

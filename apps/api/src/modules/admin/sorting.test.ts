import { ADMIN_SORTS, messages } from '@parcelle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createOperator, createPaintingForSale, fundWallet, userRow } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { artists, auditLog, dividends, exchangeRates, paymentEvents, withdrawals } from '../../db/schema';
import { seedCatalogue } from '../../db/seed-catalogue';

/** Issue 15: every operator list sorts on the server by a whitelisted column, with the id as the last key. */
let t: TestApp;
let token: string;
let memberId: string;
const day = (n: number) => new Date(Date.UTC(2025, 0, n));

/** Each list: its path, its rows' key in the answer, and a filter that keeps only this file's rows. */
const LISTS: Record<keyof typeof ADMIN_SORTS, { path: string; rows: string; only?: string }> = {
  members: { path: 'members', rows: 'members' },
  withdrawals: { path: 'withdrawals', rows: 'withdrawals', only: 'status=REJECTED' },
  dividends: { path: 'dividends', rows: 'dividends' },
  operators: { path: 'operators', rows: 'operators' },
  audit: { path: 'audit', rows: 'entries', only: 'target_type=sorttest' },
  ledger: { path: 'ledger/transactions', rows: 'transactions', only: 'reference=sorttest' },
  balances: { path: 'ledger/balances', rows: 'accounts' },
  reconciliation: { path: 'reconciliation', rows: 'events', only: 'provider=sorttest' },
  paintings: { path: 'paintings', rows: 'paintings', only: 'q=Test%20work' },
  artists: { path: 'artists', rows: 'artists', only: 'q=Sorttest' },
  rates: { path: 'exchange-rates', rows: 'rates' },
  verifications: { path: 'verifications', rows: 'verifications' },
  complaints: { path: 'complaints', rows: 'complaints' },
  revocations: { path: 'revocations', rows: 'revocations' },
  deposits: { path: 'deposits/transfers', rows: 'transfers' },
};

async function list(name: keyof typeof LISTS, query: string) {
  const { path, only } = LISTS[name];
  const response = await t.call('GET', `/api/admin/${path}?${[only, query].filter(Boolean).join('&')}`, { token });
  return response;
}

async function ids(name: keyof typeof LISTS, sort: string, order: 'asc' | 'desc', field = 'id') {
  const response = await list(name, `sort=${sort}&order=${order}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data[LISTS[name].rows].map((row: Record<string, string>) => row[field]);
}

beforeAll(async () => {
  t = await createTestApp();
  token = (await createOperator(t, 'admin')).accessToken;
  const db = t.ctx.database.db;
  await seedCatalogue(db, t.ctx.storage, { media: false });
  const member = await createMember(t, { verified: true });
  memberId = (await userRow(t, member.email))?.id ?? '';
  // Rejected withdrawals hold no money; two have the same amount (the id decides between them).
  await db.insert(withdrawals).values(
    (
      [
        ['WD-SORT-B', 100, 1],
        ['WD-SORT-A', 300, 2],
        ['WD-SORT-C', 100, 3],
      ] as const
    ).map(([reference, amountMinor, n]) => ({
      reference,
      userId: memberId,
      currency: 'EURO' as const,
      amountMinor,
      paymentMethod: 'bank',
      account: 'IBAN •••• 0189',
      status: 'REJECTED' as const,
      createdAt: day(n),
    })),
  );
  const works = [
    await createPaintingForSale(t, { pricePerPartMinor: 500 }),
    await createPaintingForSale(t, { pricePerPartMinor: 200 }),
    await createPaintingForSale(t, { pricePerPartMinor: 900 }),
  ];
  await db.insert(dividends).values(
    works.map((work, index) => ({
      reference: `DIV-SORT-${index}`,
      paintingId: work.id,
      year: 2020 + ((index * 2) % 3),
      currency: 'EURO' as const,
      totalMinor: 1000 * (index + 1),
      recordDate: day(index + 1),
      declaredBy: memberId,
    })),
  );
  await db.insert(auditLog).values(
    ['sort.b', 'sort.a', 'sort.c'].map((action, index) => ({
      actorId: memberId,
      action,
      targetType: 'sorttest',
      targetId: String(index),
      createdAt: day(index + 1),
    })),
  );
  await db.insert(paymentEvents).values(
    [700, 100, 400].map((amountMinor, index) => ({
      provider: 'sorttest',
      eventId: `evt-${index}`,
      type: ['b.paid', 'a.paid', 'c.paid'][index] ?? '',
      amountMinor,
      currency: 'EURO' as const,
      receivedAt: day(index + 1),
    })),
  );
  await db.insert(artists).values(
    (
      [
        ['sorttest-b', 'Sorttest B', '1900-01-01'],
        ['sorttest-a', 'Sorttest A', '1950-01-01'],
        ['sorttest-c', 'Sorttest C', '1800-01-01'],
      ] as const
    ).map(([slug, name, birthDate]) => ({ slug, name, birthDate, bioEn: 'Bio.', bioFr: 'Bio.' })),
  );
  await db
    .insert(exchangeRates)
    .values({ day: '2001-01-01', base: 'EURO', quote: 'USD', rate: '10.5', source: 'manual' })
    .onConflictDoNothing();
  // The member's wallets: EURO with two entries, USD with one.
  await fundWallet(t, memberId, 'EURO', 500);
  await fundWallet(t, memberId, 'EURO', 500);
  await fundWallet(t, memberId, 'USD', 3000);
});
afterAll(() => t.close());

describe('sorting the operator lists', () => {
  it('every list accepts each of its columns, in both orders', async () => {
    for (const [name, columns] of Object.entries(ADMIN_SORTS) as [keyof typeof LISTS, readonly string[]][]) {
      for (const column of columns) {
        for (const order of ['asc', 'desc']) {
          const response = await list(name, `sort=${column}&order=${order}`);
          expect(response.statusCode, `${name} ${column} ${order}: ${response.body}`).toBe(200);
        }
      }
    }
  });

  it('refuses an unknown column or order on every list (400, in both languages)', async () => {
    for (const name of Object.keys(LISTS) as (keyof typeof LISTS)[]) {
      for (const query of ['sort=id%3Bdrop', 'sort=password_hash', 'sort=created_at&order=sideways']) {
        const response = await list(name, query);
        expect(response.statusCode, `${name} ${query}`).toBe(400);
        expect(response.json().error).toEqual(messages.InvalidRequest);
      }
    }
  });

  it('withdrawals: by reference, by amount with the id between equal amounts, by date', async () => {
    expect(await ids('withdrawals', 'reference', 'asc', 'reference')).toEqual(['WD-SORT-A', 'WD-SORT-B', 'WD-SORT-C']);
    const [b, c] = (await ids('withdrawals', 'reference', 'asc')).slice(1);
    const equal = [b, c].sort();
    expect(await ids('withdrawals', 'amount', 'asc', 'reference')).toEqual([
      ...equal.map((id) => (id === b ? 'WD-SORT-B' : 'WD-SORT-C')),
      'WD-SORT-A',
    ]);
    expect(await ids('withdrawals', 'amount', 'desc', 'reference')).toEqual([
      'WD-SORT-A',
      ...equal.reverse().map((id) => (id === b ? 'WD-SORT-B' : 'WD-SORT-C')),
    ]);
    expect(await ids('withdrawals', 'created_at', 'asc', 'reference')).toEqual(['WD-SORT-B', 'WD-SORT-A', 'WD-SORT-C']);
    // Without a sort: the newest first, as before.
    const plain = await list('withdrawals', '');
    expect(plain.json().data.withdrawals.map((row: { reference: string }) => row.reference)).toEqual([
      'WD-SORT-C',
      'WD-SORT-A',
      'WD-SORT-B',
    ]);
  });

  it('dividends, audit, ledger, reconciliation: by their own columns', async () => {
    expect(await ids('dividends', 'year', 'asc', 'reference')).toEqual(['DIV-SORT-0', 'DIV-SORT-2', 'DIV-SORT-1']);
    expect(await ids('dividends', 'total', 'desc', 'reference')).toEqual(['DIV-SORT-2', 'DIV-SORT-1', 'DIV-SORT-0']);
    expect(await ids('audit', 'action', 'asc', 'action')).toEqual(['sort.a', 'sort.b', 'sort.c']);
    expect(await ids('audit', 'created_at', 'desc', 'action')).toEqual(['sort.c', 'sort.a', 'sort.b']);
    expect(await ids('reconciliation', 'amount', 'asc', 'event_id')).toEqual(['evt-1', 'evt-2', 'evt-0']);
    expect(await ids('reconciliation', 'type', 'desc', 'type')).toEqual(['c.paid', 'b.paid', 'a.paid']);
  });

  it('ledger transactions and balances', async () => {
    const db = t.ctx.database.db;
    const { postTransaction, accountFor } = await import('../ledger/ledger');
    await db.transaction(async (tx) => {
      const cash = await accountFor(tx, 'platform_cash', 'EURO');
      const revenue = await accountFor(tx, 'platform_revenue', 'EURO');
      for (const reference of ['sorttest-b', 'sorttest-a', 'sorttest-c']) {
        await postTransaction(tx, {
          reference,
          description: `moved ${reference}`,
          lines: [
            { accountId: cash, amountMinor: -1, currency: 'EURO' },
            { accountId: revenue, amountMinor: 1, currency: 'EURO' },
          ],
        });
      }
    });
    expect(await ids('ledger', 'reference', 'asc', 'reference')).toEqual(['sorttest-a', 'sorttest-b', 'sorttest-c']);
    expect(await ids('ledger', 'description', 'desc', 'reference')).toEqual(['sorttest-c', 'sorttest-b', 'sorttest-a']);
    const mine = async (sort: string, order: 'asc' | 'desc') => {
      const response = await list('balances', `member_id=${memberId}&sort=${sort}&order=${order}`);
      return response.json().data.accounts.map((row: { balance: { curr: string } }) => row.balance.curr);
    };
    expect(await mine('entries', 'asc')).toEqual(['USD', 'EURO']);
    expect(await mine('entries', 'desc')).toEqual(['EURO', 'USD']);
  });

  it('works, artists, rates and operators', async () => {
    const prices = await ids('paintings', 'price_per_part_minor', 'asc', 'price_per_part_minor');
    expect(prices).toEqual([200, 500, 900]);
    expect(await ids('artists', 'name', 'desc', 'name')).toEqual(['Sorttest C', 'Sorttest B', 'Sorttest A']);
    expect(await ids('artists', 'date_of_birth', 'asc', 'name')).toEqual(['Sorttest C', 'Sorttest B', 'Sorttest A']);
    // Rates compare as numbers, not as text ("10.5" after "1.08").
    const rates = (await ids('rates', 'rate', 'desc', 'rate')).map(Number);
    expect(rates[0]).toBe(10.5);
    expect(rates).toEqual([...rates].sort((x, y) => y - x));
    const oldestFirst = await ids('operators', 'created_at', 'asc');
    expect(await ids('operators', 'created_at', 'desc')).toEqual([...oldestFirst].reverse());
  });

  it('answers each amount in integer minor units beside the display one', async () => {
    const withdrawal = (await list('withdrawals', 'sort=reference&order=asc')).json().data.withdrawals[0];
    expect(withdrawal).toMatchObject({ reference: 'WD-SORT-A', amount_minor: 300, amount: { curr: 'EURO' } });
    const dividend = (await list('dividends', 'sort=total&order=desc')).json().data.dividends[0];
    expect(dividend).toMatchObject({ reference: 'DIV-SORT-2', total_minor: 3000 });
    const event = (await list('reconciliation', 'sort=amount&order=desc')).json().data.events[0];
    expect(event).toMatchObject({ event_id: 'evt-0', amount_minor: 700, purchase: null });
    const transactions = (await list('ledger', 'sort=reference&order=asc')).json().data.transactions;
    expect(transactions[0].entries.map((entry: { amount_minor: number }) => entry.amount_minor).sort()).toEqual([
      -1, 1,
    ]);
    const page = (await t.call('GET', `/api/admin/members/${memberId}`, { token })).json().data;
    expect(page.wallet.balances_minor).toEqual(
      expect.arrayContaining([
        { amount_minor: 1000, curr: 'EURO' },
        { amount_minor: 3000, curr: 'USD' },
      ]),
    );
    expect(page.wallet.lines.map((line: { amount_minor: number }) => line.amount_minor).sort()).toEqual([
      3000, 500, 500,
    ]);
    expect(page.withdrawals.map((row: { amount_minor: number }) => row.amount_minor).sort()).toEqual([100, 100, 300]);
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, fundWallet, userRow } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { ledgerAccounts } from '../../db/schema';
import { accountFor, lockWallet, postTransaction, walletBalance, walletBalances } from './ledger';

/**
 * One wallet balance (decision 406): `walletBalance` is a member's wallet in one currency, `walletBalances` every
 * wallet of theirs; money held by their bids is not in the wallet, another member's wallet never counts, and reading
 * creates nothing. `lockWallet` answers the same balance under the wallet's lock.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.ctx.database.db;

async function memberId(): Promise<string> {
  const created = await createMember(t, { verified: true });
  return (await userRow(t, created.email))?.id ?? '';
}

describe('wallet balances', () => {
  it('are 0 and nothing before a wallet is used, without creating its account', async () => {
    const id = await memberId();
    expect(await walletBalance(db(), id, 'EURO')).toBe(0);
    expect(await walletBalances(db(), id)).toEqual([]);
    const accounts = await db()
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.userId, id), eq(ledgerAccounts.kind, 'member_wallet')));
    expect(accounts).toEqual([]);
  });

  it('sum one currency’s wallet, every currency apart, and leave bid holds and other members out', async () => {
    const [id, other] = [await memberId(), await memberId()];
    await fundWallet(t, id, 'EURO', 12_345);
    await fundWallet(t, id, 'USD', 700);
    await fundWallet(t, other, 'EURO', 99_999);
    // 2,000 of the euros held by a bid: out of the wallet.
    await db().transaction(async (tx) => {
      await postTransaction(tx, {
        reference: `test-hold-${id}`,
        description: 'test bid hold',
        lines: [
          { accountId: await accountFor(tx, 'member_wallet', 'EURO', id), amountMinor: -2_000, currency: 'EURO' },
          { accountId: await accountFor(tx, 'bid_hold', 'EURO', id), amountMinor: 2_000, currency: 'EURO' },
        ],
      });
    });
    expect(await walletBalance(db(), id, 'EURO')).toBe(10_345);
    expect(await walletBalance(db(), id, 'USD')).toBe(700);
    expect(await walletBalances(db(), id)).toEqual([
      { currency: 'USD', balanceMinor: 700 },
      { currency: 'EURO', balanceMinor: 10_345 },
    ]);
    const locked = await db().transaction((tx) => lockWallet(tx, id, 'EURO'));
    expect(locked.balanceMinor).toBe(10_345);
    expect(locked.accountId).toBe(await accountFor(db(), 'member_wallet', 'EURO', id));
    // The hold given back (no bid stands behind it: the invariants checked when the app closes would say so).
    await db().transaction(async (tx) => {
      await postTransaction(tx, {
        reference: `test-release-${id}`,
        description: 'test bid hold released',
        lines: [
          { accountId: await accountFor(tx, 'bid_hold', 'EURO', id), amountMinor: -2_000, currency: 'EURO' },
          { accountId: await accountFor(tx, 'member_wallet', 'EURO', id), amountMinor: 2_000, currency: 'EURO' },
        ],
      });
    });
    expect(await walletBalance(db(), id, 'EURO')).toBe(12_345);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { queryRows } from '../../db/client';
import { paintings } from '../../db/schema';
import { seedCatalogue } from '../../db/seed-catalogue';
import { collectorId } from '../../db/seed-holdings';
import { heldBy, memberHolding, moveParts } from '../parts/register';
import { checkInvariants } from './invariants';
import { accountFor, postTransaction } from './ledger';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.ctx.database.db, t.ctx.storage, { media: false });
});
afterAll(() => t.close());

/** Runs a broken write in a transaction that is always rolled back, and returns what the check found inside. */
async function problemsAfter(breakIt: (tx: typeof t.ctx.database.db) => Promise<void>): Promise<string[]> {
  let found: string[] = [];
  await t.ctx.database.db
    .transaction(async (tx) => {
      await breakIt(tx);
      found = await checkInvariants(tx);
      throw new Error('rollback');
    })
    .catch((error: Error) => {
      if (error.message !== 'rollback') throw error;
    });
  return found;
}

describe('seeded register', () => {
  it('issues every painting and gives its sold parts to collectors (some listed): every invariant holds', async () => {
    expect(await checkInvariants(t.ctx.database.db)).toEqual([]);
    const rows = await t.ctx.database.db.select().from(paintings);
    for (const painting of rows) {
      const held = await heldBy(t.ctx.database.db, painting.id, 'member');
      const listed = await heldBy(t.ctx.database.db, painting.id, 'listed');
      expect(await heldBy(t.ctx.database.db, painting.id, 'available')).toBe(painting.totalParts - painting.soldParts);
      expect(held + listed).toBe(painting.soldParts);
      // The seeded asks (seed-market.ts): on the works sold out, only.
      expect(listed > 0).toBe(painting.market === 3);
    }
  });

  it('is idempotent: seeding again adds no movement', async () => {
    const count = async () =>
      Number(
        (await queryRows<{ n: number }>(t.ctx.database.db, sql`SELECT count(*)::int AS n FROM part_movements`))[0]?.n,
      );
    const before = await count();
    await seedCatalogue(t.ctx.database.db, t.ctx.storage, { media: false });
    expect(await count()).toBe(before);
  });
});

describe('invariant check', () => {
  it('finds a wallet below zero', async () => {
    const problems = await problemsAfter(async (tx) => {
      const wallet = await accountFor(tx, 'member_wallet', 'EURO', collectorId('claire-morel'));
      const revenue = await accountFor(tx, 'platform_revenue', 'EURO');
      await postTransaction(tx, {
        reference: 'test',
        description: 'overdraw',
        lines: [
          { accountId: wallet, amountMinor: -100, currency: 'EURO' },
          { accountId: revenue, amountMinor: 100, currency: 'EURO' },
        ],
      });
    });
    expect(problems.join('\n')).toContain('member wallet below zero');
  });

  it('finds money in the exit escrow that no undecided offer received (issue 26)', async () => {
    const problems = await problemsAfter(async (tx) => {
      await postTransaction(tx, {
        reference: 'test',
        description: 'escrow from nothing',
        lines: [
          { accountId: await accountFor(tx, 'external', 'EURO'), amountMinor: -100, currency: 'EURO' },
          { accountId: await accountFor(tx, 'exit_escrow', 'EURO'), amountMinor: 100, currency: 'EURO' },
        ],
      });
    });
    expect(problems.join('\n')).toContain('exit escrow out of step with the funds received');
  });

  it('finds an unbalanced ledger transaction written behind the service', async () => {
    const problems = await problemsAfter(async (tx) => {
      const revenue = await accountFor(tx, 'platform_revenue', 'EURO');
      const [row] = await queryRows<{ id: string }>(
        tx,
        sql`INSERT INTO ledger_transactions (reference, description) VALUES ('x', 'y') RETURNING id`,
      );
      await tx.execute(
        sql`INSERT INTO ledger_entries (transaction_id, account_id, amount_minor, currency) VALUES (${row?.id}, ${revenue}, 5, 'EURO')`,
      );
    });
    expect(problems.join('\n')).toContain('ledger transaction does not sum to zero');
    expect(problems.join('\n')).toContain('fewer than two entries');
  });

  it('finds parts that are not conserved, and a member holding below zero', async () => {
    const [painting] = await t.ctx.database.db.select().from(paintings).limit(1);
    if (!painting) throw new Error('no painting');
    const drift = await problemsAfter(async (tx) => {
      await tx.execute(sql`UPDATE paintings SET sold_parts = sold_parts + 1 WHERE id = ${painting.id}`);
    });
    expect(drift.join('\n')).toContain('painting parts not conserved');
    const negative = await problemsAfter(async (tx) => {
      await moveParts(tx, {
        paintingId: painting.id,
        reason: 'test',
        reference: 'test',
        lines: [
          { holder: { kind: 'member', userId: collectorId('yuki-tanaka'), lot: 'secondary' }, quantity: -3 },
          { holder: { kind: 'member', userId: collectorId('noah-bennett'), lot: 'secondary' }, quantity: 3 },
        ],
      });
    });
    expect(negative.join('\n')).toContain('member holding below zero');
  });

  it('finds available, listed or reserved parts below zero even when the totals still add up', async () => {
    const [painting] = await t.ctx.database.db.select().from(paintings).where(sql`sold_parts = total_parts`).limit(1);
    if (!painting) throw new Error('no sold-out painting');
    // A member given parts the stock no longer had: the stock goes negative.
    const oversold = await problemsAfter(async (tx) => {
      await moveParts(tx, {
        paintingId: painting.id,
        reason: 'test',
        reference: 'test',
        lines: [
          { holder: { kind: 'available' }, quantity: -2 },
          { holder: { kind: 'member', userId: collectorId('yuki-tanaka'), lot: 'primary' }, quantity: 2 },
        ],
      });
    });
    expect(oversold.join('\n')).toContain('available parts below zero');
    const listedTwice = await problemsAfter(async (tx) => {
      const [row] = await queryRows<{ id: string }>(
        tx,
        sql`INSERT INTO listings (reference, seller_id, painting_id, quantity, remaining, unit_price_minor, status)
          VALUES ('LS-TEST', ${collectorId('yuki-tanaka')}, ${painting.id}, 1, 0, 100, 'filled') RETURNING id`,
      );
      await moveParts(tx, {
        paintingId: painting.id,
        reason: 'test',
        reference: 'test',
        lines: [
          { holder: { kind: 'listed', listingId: row?.id ?? '' }, quantity: -1 },
          { holder: { kind: 'member', userId: collectorId('noah-bennett'), lot: 'secondary' }, quantity: 1 },
        ],
      });
    });
    expect(listedTwice.join('\n')).toContain('reserved or listed parts below zero');
  });

  it('refuses to record unbalanced movements and transactions at all', async () => {
    const [painting] = await t.ctx.database.db.select().from(paintings).limit(1);
    await expect(
      moveParts(t.ctx.database.db, {
        paintingId: painting?.id ?? '',
        reason: 'test',
        reference: 'test',
        lines: [
          { holder: { kind: 'available' }, quantity: -2 },
          { holder: { kind: 'member', userId: collectorId('yuki-tanaka'), lot: 'primary' }, quantity: 1 },
        ],
      }),
    ).rejects.toThrow(/sum to -1/);
    const revenue = await accountFor(t.ctx.database.db, 'platform_revenue', 'USD');
    await expect(
      postTransaction(t.ctx.database.db, {
        reference: 'x',
        description: 'y',
        lines: [
          { accountId: revenue, amountMinor: 1, currency: 'USD' },
          { accountId: revenue, amountMinor: -1, currency: 'EURO' },
        ],
      }),
    ).rejects.toThrow(/sum to/);
    expect(await memberHolding(t.ctx.database.db, collectorId('yuki-tanaka'), painting?.id ?? '')).toBeDefined();
  });
});

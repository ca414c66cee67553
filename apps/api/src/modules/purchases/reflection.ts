import { inReflectionPeriod, LONGEST_REFLECTION_MS, reflectionEndsAt } from '@parcelle/shared';
import { and, eq, gt, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { purchases } from '../../db/schema';
import { investorCategoryAt, sophisticatedAtColumn } from '../investor/category';
import { MARKET } from '../market/state';
import { memberHolding } from '../parts/register';

/**
 * The reflection period (issue 30, EU 2020/1503 art. 22; decisions 335–344, 420): who has one and which purchases are
 * in theirs. The calendar rule itself (4 Paris calendar days from the settlement, a last day on a weekend or a French
 * public holiday pushed to the next working day) is packages/shared's reflection-period.ts, the one the emails and
 * the screens read too; it is re-exported here for the module's callers.
 */
export {
  formatReflectionEnd,
  inReflectionPeriod,
  REFLECTION_DAYS,
  REFLECTION_TIME_ZONE,
  reflectionEndsAt,
  reflectionLastDay,
} from '@parcelle/shared';

/**
 * Whether a member's primary purchases carry the reflection period: the non-sophisticated investors (EU 2020/1503
 * art. 22). `at` is the moment of the purchase (its settlement): the category that counts is the one the member had
 * when they bought.
 *
 * The category is the investor module's (`investorCategoryAt`, decision 313): a sophisticated status approved before
 * the purchase and valid at it removes the period; any other member keeps it.
 */
export async function reflectionAppliesTo(db: Executor, memberId: string, at: Date = new Date()): Promise<boolean> {
  return (await investorCategoryAt(db, memberId, at)) !== 'sophisticated';
}

/** The same rule as a column of a larger read (a batch of confirmations, decision 498): the member's category at `at`. */
export function reflectionAppliesColumn(memberId: SQLWrapper, at: SQLWrapper): SQL<boolean> {
  return sql<boolean>`not ${sophisticatedAtColumn(memberId, at)}`;
}

export type ProvisionalPurchase = {
  id: string;
  reference: string;
  paintingId: string;
  quantity: number;
  settledAt: Date;
  endsAt: Date;
};

/**
 * A member's primary purchases still in their reflection period at `now` (of one work, or of all): their parts and
 * certificates are provisional, cannot be listed or sold, and can still be revoked.
 */
export async function provisionalPurchases(
  db: Executor,
  userId: string,
  now: Date,
  paintingId?: string,
): Promise<ProvisionalPurchase[]> {
  const rows = await db
    .select({
      id: purchases.id,
      reference: purchases.reference,
      paintingId: purchases.paintingId,
      quantity: purchases.quantity,
      settledAt: purchases.settledAt,
    })
    .from(purchases)
    .where(
      and(
        eq(purchases.userId, userId),
        eq(purchases.status, 'paid'),
        eq(purchases.market, MARKET.primary),
        gt(purchases.settledAt, new Date(now.getTime() - LONGEST_REFLECTION_MS)),
        paintingId ? eq(purchases.paintingId, paintingId) : undefined,
      ),
    );
  const found: ProvisionalPurchase[] = [];
  for (const row of rows) {
    if (!row.settledAt || !inReflectionPeriod(row.settledAt, now)) continue;
    if (!(await reflectionAppliesTo(db, userId, row.settledAt))) continue;
    found.push({ ...row, settledAt: row.settledAt, endsAt: reflectionEndsAt(row.settledAt) });
  }
  return found;
}

/** How many of a member's parts of a work are provisional at `now` (held in the primary lot, not to be sold yet). */
export async function provisionalQuantity(
  db: Executor,
  userId: string,
  paintingId: string,
  now: Date,
): Promise<number> {
  const found = await provisionalPurchases(db, userId, now, paintingId);
  return found.reduce((sum, purchase) => sum + purchase.quantity, 0);
}

/**
 * What a member may sell of a work at `now`: their holding with the provisional parts kept out of the primary lot
 * (where the revocation takes them back from). Listing and bid acceptance use it under the work's and the member's
 * row locks, the locks a revocation takes too (revoke-purchase.ts), so a sale and a revocation of the same parts
 * take turns.
 */
export async function sellableHolding(
  db: Executor,
  userId: string,
  paintingId: string,
  now: Date,
): Promise<{ primary: number; secondary: number; provisional: number }> {
  const held = await memberHolding(db, userId, paintingId);
  const provisional = await provisionalQuantity(db, userId, paintingId, now);
  return { primary: Math.max(0, held.primary - provisional), secondary: held.secondary, provisional };
}

/**
 * Development and tests only (the dev module's `/dev/reflection/end`, test/factories.ts `pastReflectionPeriod`): a
 * member's (or everyone's) paid primary purchases settled in the last 9 days are made 9 days older, past their
 * reflection period, for stories that sell parts right after buying them. Never called by a production path.
 */
export async function agePastReflectionPeriod(db: Executor, userId?: string): Promise<number> {
  const aged = await db
    .update(purchases)
    .set({ settledAt: sql`${purchases.settledAt} - interval '9 days'` })
    .where(
      and(
        userId ? eq(purchases.userId, userId) : undefined,
        eq(purchases.status, 'paid'),
        eq(purchases.market, MARKET.primary),
        sql`${purchases.settledAt} > now() - interval '9 days'`,
      ),
    )
    .returning({ id: purchases.id });
  return aged.length;
}

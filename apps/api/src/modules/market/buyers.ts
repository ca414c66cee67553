import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { AppError } from '../../http/errors';

/**
 * Whether a member holds parts bought on the primary market (spec §1: the secondary market is reserved to them).
 * The one rule for every way of buying between members: a secondary purchase, a bid, an accepted ask, a late payment
 * taking its listed parts again, and the offer shown before buying.
 */
export async function holdsPrimaryParts(tx: Executor, userId: string): Promise<boolean> {
  const rows = await queryRows<{ painting_id: string }>(
    tx,
    sql`SELECT painting_id FROM part_entries
      WHERE user_id = ${userId} AND holder_kind = 'member' AND lot = 'primary'
      GROUP BY painting_id HAVING sum(quantity) > 0 LIMIT 1`,
  );
  return rows.length > 0;
}

/** Refuses (403 SecondaryReserved) a member who may not buy on the secondary market. */
export async function requireSecondaryBuyer(tx: Executor, userId: string): Promise<void> {
  if (!(await holdsPrimaryParts(tx, userId))) throw new AppError(403, 'SecondaryReserved');
}

/** Which of these members may buy on the secondary market (`holdsPrimaryParts`, for a batch in one statement). */
export async function secondaryBuyersAmong(tx: Executor, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await queryRows<{ user_id: string }>(
    tx,
    sql`SELECT user_id FROM part_entries
      WHERE user_id = ANY(${`{${[...new Set(userIds)].join(',')}}`}::uuid[]) AND holder_kind = 'member' AND lot = 'primary'
      GROUP BY user_id, painting_id HAVING sum(quantity) > 0`,
  );
  return new Set(rows.map((row) => row.user_id));
}

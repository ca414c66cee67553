import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { AppError } from '../../http/errors';

/**
 * No operator decides what they benefit from (issue 26): operator accounts are also member accounts, so an operator
 * who holds parts of a work (their own or listed for sale), or is named among those a decision pays (`beneficiaries`:
 * a dividend's holders at its record date, an exit's voters), may not declare, approve or resolve it: 409
 * OperatorHasInterest, and another operator must.
 */
export async function refuseInterestedOperator(
  tx: Executor,
  operatorId: string,
  paintingId: string,
  beneficiaries: readonly string[] = [],
): Promise<void> {
  if (beneficiaries.includes(operatorId)) throw new AppError(409, 'OperatorHasInterest');
  const [held] = await queryRows<{ parts: number }>(
    tx,
    sql`SELECT coalesce(sum(e.quantity), 0)::int AS parts FROM part_entries e
      LEFT JOIN listings l ON l.id = e.listing_id
      WHERE e.painting_id = ${paintingId}
        AND ((e.holder_kind = 'member' AND e.user_id = ${operatorId})
          OR (e.holder_kind = 'listed' AND l.seller_id = ${operatorId}))`,
  );
  if (Number(held?.parts ?? 0) > 0) throw new AppError(409, 'OperatorHasInterest');
}

/** An operator may not approve or release their own withdrawal (the `withdrawals_not_own` constraint says it too). */
export function refuseOwnWithdrawal(operatorId: string, withdrawal: { userId: string }): void {
  if (withdrawal.userId === operatorId) throw new AppError(409, 'OperatorHasInterest');
}

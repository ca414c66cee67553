import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { inTransaction } from '../../db/retry';
import { sanctionsHitDecisions, sanctionsHits, sanctionsScreenings } from '../../db/schema';

/**
 * Deletes every screening record of a member (screenings, hits, decisions), for the retention of records: the
 * verification module calls it 5 years after the business relationship ended (issue 29 "Records"). The only way
 * decisions are ever deleted: the append-only trigger lets a DELETE through in a transaction that sets
 * `parcelle.sanctions_retention`. Answers how many screenings were deleted.
 */
export async function deleteScreeningRecords(db: Executor, memberId: string): Promise<number> {
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`SET LOCAL parcelle.sanctions_retention = 'on'`);
    const hits = tx.select({ id: sanctionsHits.id }).from(sanctionsHits).where(eq(sanctionsHits.memberId, memberId));
    await tx.delete(sanctionsHitDecisions).where(inArray(sanctionsHitDecisions.hitId, hits));
    await tx.delete(sanctionsHits).where(eq(sanctionsHits.memberId, memberId));
    const deleted = await tx
      .delete(sanctionsScreenings)
      .where(eq(sanctionsScreenings.memberId, memberId))
      .returning({ id: sanctionsScreenings.id });
    return deleted.length;
  });
}

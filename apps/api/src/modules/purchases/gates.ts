import type { VerificationState } from '@parcelle/shared';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { preparedPerDatabase } from '../../db/prepared';
import { users } from '../../db/schema';
import { assertInvestorReady } from '../investor/gate';
import { type InvestorState, type InvestorStateRow, investorStateColumn, investorStateOf } from '../investor/profile';
import {
  acknowledgementOf,
  type KeyInformationGateRow,
  keyInformationGateColumn,
  type PurchaseAcknowledgement,
} from '../key-information/gate';
import { assertVerified } from '../verification/gate';
import { stateOf, verificationStateColumn } from '../verification/state';

/**
 * The three gates of a primary purchase read in one prepared statement (decision 487): the identity verification
 * (issue 29), the investor's steps (issue 30) and the work's key information acknowledged (issue 30). Each column is
 * its module's own read (`verificationStateColumn`, `investorStateColumn`, `keyInformationGateColumn`), each check its
 * module's own (`assertVerified`, `assertInvestorReady`, `acknowledgementOf`), in the order the three separate reads
 * refused in: identity first, then the investor, then the document.
 */
const gatesRead = preparedPerDatabase((db) =>
  db
    .select({
      verification: sql<VerificationState | null>`${verificationStateColumn(sql.placeholder('memberId'))}`,
      investor: sql<InvestorStateRow | null>`${investorStateColumn(sql.placeholder('memberId'), sql.placeholder('now'))}`,
      keyInformation: sql<KeyInformationGateRow | null>`${keyInformationGateColumn(
        sql.placeholder('memberId'),
        sql.placeholder('paintingId'),
      )}`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('memberId')))
    .prepare('purchase_gates'),
);

/**
 * Refuses a member who may not buy this work now (403 naming the step and its page); answers the investor's state (for
 * the per-investment warning on the reserved total) and the key information acknowledgement the purchase records.
 */
export async function requirePurchaseGates(
  ctx: AppContext,
  memberId: string,
  paintingId: string,
): Promise<{ investor: InvestorState; acknowledgement: PurchaseAcknowledgement | null }> {
  const now = new Date();
  const [row] = await gatesRead(ctx.database.db).execute({ memberId, paintingId, now: now.toISOString() });
  assertVerified(stateOf(row?.verification));
  const investor = investorStateOf(row?.investor ?? null, ctx.config.investor, memberId, now);
  assertInvestorReady(investor);
  return { investor, acknowledgement: acknowledgementOf(row?.keyInformation ?? null, paintingId) };
}

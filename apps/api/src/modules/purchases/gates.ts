import type { VerificationState } from '@parcelle/shared';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { preparedSql } from '../../db/prepared';
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

/** What a member who passed the gates buys with: the investor's state and the key information acknowledged. */
export type PurchaseGates = { investor: InvestorState; acknowledgement: PurchaseAcknowledgement | null };

type GatesRow = {
  member_id: string;
  verification: VerificationState | null;
  investor: InvestorStateRow | null;
  key_information: KeyInformationGateRow | null;
};

/** Each member of the read, as `unnest` gives them. */
const MEMBER = sql`"member"."id"`;

/**
 * The three gates of a primary purchase, for any number of members buying one work, in one prepared statement
 * (decisions 487 and 592): the identity verification (issue 29), the investor's steps (issue 30) and the work's key
 * information acknowledged (issue 30). Each column is its module's own read (`verificationStateColumn`,
 * `investorStateColumn`, `keyInformationGateColumn`) over the members of an `unnest`, the same text for one member
 * as for forty (decision 521).
 */
const gatesRead = preparedSql<GatesRow>(
  'purchase_gates',
  sql`select ${MEMBER} as "member_id",
      ${verificationStateColumn(MEMBER)} as "verification",
      ${investorStateColumn(MEMBER, sql.placeholder('now'))} as "investor",
      ${keyInformationGateColumn(MEMBER, sql.placeholder('paintingId'))} as "key_information"
    from unnest(${sql.placeholder('memberIds')}::uuid[]) as "member"("id")`,
);

/**
 * Reads the gates of members buying one work (a batch of reservations reads its members' at once, decision 592) and
 * answers each member's check: it refuses a member who may not buy this work now (403 naming the step and its page,
 * each check its module's own, in the order identity, investor, document), or answers the investor's state (for the
 * per-investment warning on the reserved total) and the key information acknowledgement the purchase records.
 */
export async function purchaseGatesOf(
  ctx: AppContext,
  memberIds: readonly string[],
  paintingId: string,
): Promise<(memberId: string) => PurchaseGates> {
  const now = new Date();
  const rows = await gatesRead(ctx.database.db, {
    memberIds: [...new Set(memberIds)],
    paintingId,
    now: now.toISOString(),
  });
  const byMember = new Map(rows.map((row) => [row.member_id, row]));
  return (memberId) => {
    const row = byMember.get(memberId);
    assertVerified(stateOf(row?.verification));
    const investor = investorStateOf(row?.investor ?? null, ctx.config.investor, memberId, now);
    assertInvestorReady(investor);
    return { investor, acknowledgement: acknowledgementOf(row?.key_information ?? null, paintingId) };
  };
}

/** One member's gates for a work (a quote, a wallet payment): the same read and checks as a batch's. */
export async function requirePurchaseGates(
  ctx: AppContext,
  memberId: string,
  paintingId: string,
): Promise<PurchaseGates> {
  return (await purchaseGatesOf(ctx, [memberId], paintingId))(memberId);
}

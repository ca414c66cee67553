import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { inTransaction } from '../../db/retry';
import { sanctionsHitDecisions, sanctionsHits } from '../../db/schema';
import { audit } from '../admin/audit';
import type { HitState } from './screen-person';

export class SanctionsDecisionError extends Error {
  constructor(
    readonly code: 'hit_not_found' | 'same_state' | 'reason_missing',
    message: string,
  ) {
    super(message);
    this.name = 'SanctionsDecisionError';
  }
}

export type HitDecision = {
  hitId: string;
  operatorId: string;
  state: Exclude<HitState, 'open'>;
  reason: string;
};

/**
 * An operator confirms a hit (the member is the listed person: the caller freezes the account) or dismisses it (a
 * namesake), with a reason. Appended to sanctions_hit_decisions, never changed; the hit's state follows the latest
 * decision, and a later decision may correct an earlier one. Audited in the same transaction.
 */
export async function decideHit(db: Executor, decision: HitDecision): Promise<{ memberId: string; state: HitState }> {
  const reason = decision.reason.trim();
  if (reason === '') throw new SanctionsDecisionError('reason_missing', 'a decision on a sanctions hit needs a reason');
  return inTransaction(db, async (tx) => {
    const [hit] = await tx
      .select({ id: sanctionsHits.id, memberId: sanctionsHits.memberId, state: sanctionsHits.state })
      .from(sanctionsHits)
      .where(eq(sanctionsHits.id, decision.hitId))
      .for('update');
    if (!hit) throw new SanctionsDecisionError('hit_not_found', `no sanctions hit ${decision.hitId}`);
    if (hit.state === decision.state)
      throw new SanctionsDecisionError('same_state', `the hit is already ${decision.state}`);
    await tx.insert(sanctionsHitDecisions).values({
      hitId: hit.id,
      state: decision.state,
      operatorId: decision.operatorId,
      reason,
    });
    await tx.update(sanctionsHits).set({ state: decision.state }).where(eq(sanctionsHits.id, hit.id));
    await audit(tx, {
      actorId: decision.operatorId,
      action: decision.state === 'confirmed' ? 'sanctions_hit.confirm' : 'sanctions_hit.dismiss',
      targetType: 'sanctions_hit',
      targetId: hit.id,
      details: { member_id: hit.memberId, reason },
      before: { state: hit.state },
      after: { state: decision.state },
    });
    return { memberId: hit.memberId, state: decision.state };
  });
}

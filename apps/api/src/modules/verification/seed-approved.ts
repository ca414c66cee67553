import { VerificationState } from '@parcelle/shared';
import type { Executor } from '../../db/client';
import { lockCaseOfMember, transition } from './state';

/**
 * Development seed and tests (issue 29): a member approved along the real path — started and submitted by the member,
 * taken into review and approved by the platform (reason `seeded`) — so their history reads like any other and no
 * transition outside the table is ever written. Nothing is declared and no document stored. Idempotent.
 */
export async function seedApprovedVerification(tx: Executor, memberId: string): Promise<void> {
  let locked = await lockCaseOfMember(tx, memberId);
  if (locked.state === VerificationState.Approved) return;
  const member = { kind: 'member', id: memberId } as const;
  const system = { kind: 'system' } as const;
  if (locked.state === VerificationState.NotStarted) {
    locked = await transition(tx, locked, { to: VerificationState.Collecting, actor: member, reason: 'seeded' });
  }
  if (locked.state === VerificationState.Collecting) {
    locked = await transition(tx, locked, {
      to: VerificationState.Submitted,
      actor: member,
      reason: 'seeded',
      set: { submittedAt: new Date() },
    });
  }
  if (locked.state === VerificationState.Submitted) {
    locked = await transition(tx, locked, { to: VerificationState.InReview, actor: system, reason: 'seeded' });
  }
  await transition(tx, locked, {
    to: VerificationState.Approved,
    actor: system,
    reason: 'seeded',
    set: { decidedAt: new Date() },
  });
}

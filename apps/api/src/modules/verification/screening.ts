/**
 * The verification module's use of the sanctions module (issue 29): who is screened, with what, and what a hit does
 * to their case. Screening itself (the list, names, scores, records) is the sanctions module's.
 */
import type { TVerificationDeclaration } from '@parcelle/shared';
import { VerificationState } from '@parcelle/shared';
import { eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { verifications } from '../../db/schema';
import { AppError } from '../../http/errors';
import {
  NoSanctionsListError,
  type PersonToScreen,
  type RescreenHooks,
  type ScreeningHit,
  screenPerson,
} from '../sanctions';
import { declarationOf } from './case-data';
import { suspendBySystem } from './decide';
import { VerificationGateError } from './gate';
import type { Screen } from './submit-verification';

/** The person a member declared: legal names, birth date and nationality are what the list is matched on. */
export function personOf(memberId: string, declaration: TVerificationDeclaration): PersonToScreen {
  return {
    memberId,
    fullName: `${declaration.legal_first_name} ${declaration.legal_last_name}`,
    birthDate: declaration.birth_date,
    nationality: declaration.nationality,
  };
}

/** Hits that still matter: undecided, or confirmed (a dismissed namesake does not stop anyone again). */
const standing = (hits: readonly ScreeningHit[]) => hits.filter((hit) => hit.state !== 'dismissed');

/**
 * Screening at submission: the hits that send the case to a compliance operator. Without a list loaded nobody can be
 * screened, so nobody is submitted (503, fail closed): the operator loads the list (docs/operations.md §7).
 */
export const screenAtSubmission: Screen = async (db, person) => {
  try {
    return standing((await screenPerson(db, person, { reason: 'submission' })).hits);
  } catch (error) {
    if (error instanceof NoSanctionsListError) throw new AppError(503, 'SanctionsListMissing');
    throw error;
  }
};

/**
 * Screening before money leaves (every withdrawal): a standing hit suspends the approved case (nothing moves until a
 * compliance operator has reviewed it) and refuses the withdrawal with the suspended step. Without a list loaded no
 * case was approved through a submission (those need a screening), so there is nothing to screen against.
 */
export async function screenBeforeWithdrawal(ctx: AppContext, memberId: string): Promise<void> {
  const db = ctx.database.db;
  const [row] = await db
    .select({ declaration: verifications.declaration })
    .from(verifications)
    .where(eq(verifications.userId, memberId));
  const declaration = declarationOf(row);
  if (!declaration) return;
  let hits: readonly ScreeningHit[];
  try {
    hits = standing((await screenPerson(db, personOf(memberId, declaration), { reason: 'withdrawal' })).hits);
  } catch (error) {
    if (error instanceof NoSanctionsListError) return;
    throw error;
  }
  if (hits.length === 0) return;
  await db.transaction((tx) => suspendBySystem(ctx, tx, memberId, 'new_sanctions_hit'));
  throw new VerificationGateError(VerificationState.Suspended);
}

/** The states whose members are screened again when the list changes: every case submitted, decided or suspended. */
const RESCREENED: VerificationState[] = [
  VerificationState.Submitted,
  VerificationState.InReview,
  VerificationState.Approved,
  VerificationState.Suspended,
];

/**
 * What the sanctions job re-screens when a new list version is loaded, and what a new hit does: an approved member is
 * suspended (the case goes back to review; nothing moves meanwhile); a case already in review keeps its place, the
 * hit is on the case page.
 */
export function verificationRescreenHooks(ctx: AppContext): RescreenHooks {
  return {
    people: async () => {
      const rows = await ctx.database.db
        .select({ userId: verifications.userId, declaration: verifications.declaration })
        .from(verifications)
        .where(inArray(verifications.state, RESCREENED));
      return rows.flatMap((row) => {
        const declaration = declarationOf(row);
        return declaration ? [personOf(row.userId, declaration)] : [];
      });
    },
    onHit: async (result) => {
      await ctx.database.db.transaction((tx) => suspendBySystem(ctx, tx, result.memberId, 'new_sanctions_hit'));
    },
  };
}

import { EDITABLE_VERIFICATION_STATES, type TVerificationStatus, VerificationState } from '@parcelle/shared';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import type { Member } from '../../http/authenticate';
import { badRequest, conflict } from '../../http/errors';
import { currentDocumentsOf, declarationOf, documentsToResend, lastDecisionOf, missingItems } from './case-data';
import { verificationStatus } from './member-verification';
import type { ProviderAnswer, VerificationProvider } from './provider';
import { rateRisk } from './risk-rules';
import { lockCaseOfMember, transition } from './state';

/** Who is screened at submission (the sanctions module's `screenPerson` input). */
export type ScreenedPerson = {
  memberId: string;
  fullName: string;
  aliases?: string[];
  birthDate?: string;
  nationality?: string;
};

/** Screening against the asset-freeze lists: the hits found for a person (none: an empty list). */
export type Screen = (db: Executor, person: ScreenedPerson) => Promise<readonly unknown[]>;

/**
 * Where a submitted case goes next — the one place the screening result decides (issue 29). A possible sanctions hit
 * always goes to a compliance operator's review, whatever the provider (a hosted provider still checks the identity,
 * but its approval then only informs the operator: decision 292); otherwise the provider answers (the manual
 * provider: the review queue; a hosted one: its check). All are `in_review`; the reason code tells them apart.
 */
export function routeAfterScreening(
  hits: readonly unknown[],
  providerAnswer: ProviderAnswer,
): { to: typeof VerificationState.InReview; reason: 'sanctions_hit' | 'provider_review' | 'sent_to_provider' } {
  if (hits.length > 0) return { to: VerificationState.InReview, reason: 'sanctions_hit' };
  switch (providerAnswer.next) {
    case 'review':
      return { to: VerificationState.InReview, reason: 'provider_review' };
    case 'provider':
      // In review, awaiting the provider's decision (which still goes through provider-decision.ts's rules).
      return { to: VerificationState.InReview, reason: 'sent_to_provider' };
  }
}

/**
 * POST /user/verification/submit, one transaction that reads top to bottom:
 * 1. lock the member's case; only a case being collected (or sent back for more) is submitted, with nothing missing
 *    and every document a request for new ones named sent again;
 * 2. rate its risk by the written rules, stored with their version;
 * 3. collecting → submitted (the member);
 * 4. screen the person (`screen`, the sanctions module, wired in by the caller; none: no list is loaded here);
 * 5. hand the case to the provider, then submitted → in_review (the platform) by `routeAfterScreening`.
 */
export async function submitVerification(
  ctx: AppContext,
  member: Pick<Member, 'id'>,
  options: { screen?: Screen; provider?: VerificationProvider } = {},
): Promise<TVerificationStatus> {
  const provider = options.provider ?? ctx.verification;
  await ctx.database.db.transaction(async (tx) => {
    // 1. The case, under its lock, complete.
    let locked = await lockCaseOfMember(tx, member.id);
    if (!EDITABLE_VERIFICATION_STATES.includes(locked.state)) throw conflict('VerificationNotEditable');
    const declaration = declarationOf(locked);
    const documents = await currentDocumentsOf(tx, locked.id);
    if (!declaration || missingItems(declaration, documents, ctx.config.verification.sourceOfFundsMinor).length > 0) {
      throw badRequest('VerificationIncomplete');
    }
    // The documents a request for new ones named, sent again since (decision 411).
    const decision = await lastDecisionOf(tx, locked.id);
    if (documentsToResend(locked.state, decision, declaration, documents).length > 0) {
      throw badRequest('VerificationIncomplete');
    }
    if (locked.state !== VerificationState.Collecting) {
      locked = await transition(tx, locked, {
        to: VerificationState.Collecting,
        actor: { kind: 'member', id: member.id },
        reason: locked.state === VerificationState.NotStarted ? 'member_started' : 'member_resumed',
      });
    }
    // 2. Risk, by the rules of risk-rules.ts.
    const risk = rateRisk(declaration);
    // 3. Submitted by the member.
    const submitted = await transition(tx, locked, {
      to: VerificationState.Submitted,
      actor: { kind: 'member', id: member.id },
      reason: 'member_submitted',
      set: {
        riskLevel: risk.level,
        riskRuleVersion: risk.ruleVersion,
        riskReasons: risk.reasons,
        submittedAt: new Date(),
        decidedAt: null,
        firstApprovedBy: null,
        approvedBy: null,
      },
    });
    // 4. Screening.
    const hits = options.screen
      ? await options.screen(tx, {
          memberId: member.id,
          fullName: `${declaration.legal_first_name} ${declaration.legal_last_name}`,
          birthDate: declaration.birth_date,
          nationality: declaration.nationality,
        })
      : [];
    // 5. The provider takes it; the screening result decides the route.
    const route = routeAfterScreening(hits, await provider.receive(tx, submitted));
    await transition(tx, submitted, { to: route.to, actor: { kind: 'system' }, reason: route.reason });
  });
  return verificationStatus(ctx, member);
}

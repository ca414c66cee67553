import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  sanctionsEntries,
  sanctionsHitDecisions,
  sanctionsHits,
  sanctionsListVersions,
  sanctionsScreenings,
} from '../../db/schema';
import type { MatchedField } from './rules';
import type { HitState, ScreeningReason } from './screen-person';

export type MemberHit = {
  hitId: string;
  state: HitState;
  score: number;
  matchedFields: MatchedField[];
  matchedName: string;
  entryLogicalId: string;
  euReferenceNumber: string | null;
  entryNames: string[];
  regulation: string | null;
  programme: string | null;
  listVersionId: string;
  listGeneratedAt: Date;
  screeningReason: ScreeningReason;
  screenedAt: Date;
  /** The hit whose decision this one started from (the same data and entry, decided before), or null. */
  carriedFrom: string | null;
  /** Its own decisions, oldest first. */
  decisions: { state: 'confirmed' | 'dismissed'; operatorId: string; reason: string; decidedAt: Date }[];
};

/**
 * A member's hits, newest first, with the entry they matched, the list version, and every decision taken on them:
 * what the console's case page shows, and how the verification module tells an open or confirmed hit. Member state
 * (frozen, suspended) is the verification module's; this only says what the screening found and what was decided.
 */
export async function memberHits(db: Executor, memberId: string): Promise<MemberHit[]> {
  const rows = await db
    .select({
      hit: sanctionsHits,
      entry: {
        euReferenceNumber: sanctionsEntries.euReferenceNumber,
        names: sanctionsEntries.names,
        regulation: sanctionsEntries.regulation,
        programme: sanctionsEntries.programme,
      },
      generatedAt: sanctionsListVersions.generatedAt,
      reason: sanctionsScreenings.reason,
      screenedAt: sanctionsScreenings.screenedAt,
    })
    .from(sanctionsHits)
    .innerJoin(sanctionsEntries, eq(sanctionsEntries.id, sanctionsHits.entryId))
    .innerJoin(sanctionsListVersions, eq(sanctionsListVersions.id, sanctionsHits.listVersionId))
    .innerJoin(sanctionsScreenings, eq(sanctionsScreenings.id, sanctionsHits.screeningId))
    .where(eq(sanctionsHits.memberId, memberId))
    .orderBy(desc(sanctionsHits.createdAt), desc(sanctionsHits.id));
  const ids = rows.map(({ hit }) => hit.id);
  const decisions =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(sanctionsHitDecisions)
          .where(inArray(sanctionsHitDecisions.hitId, ids))
          .orderBy(asc(sanctionsHitDecisions.decidedAt), asc(sanctionsHitDecisions.id));
  return rows.map(({ hit, entry, generatedAt, reason, screenedAt }) => ({
    hitId: hit.id,
    state: hit.state as HitState,
    score: hit.score,
    matchedFields: hit.matchedFields as MatchedField[],
    matchedName: hit.matchedName,
    entryLogicalId: hit.entryLogicalId,
    euReferenceNumber: entry.euReferenceNumber,
    entryNames: entry.names.map((name) => name.original),
    regulation: entry.regulation,
    programme: entry.programme,
    listVersionId: hit.listVersionId,
    listGeneratedAt: generatedAt,
    screeningReason: reason as ScreeningReason,
    screenedAt,
    carriedFrom: hit.carriedFrom,
    decisions: decisions
      .filter((decision) => decision.hitId === hit.id)
      .map((decision) => ({
        state: decision.state as 'confirmed' | 'dismissed',
        operatorId: decision.operatorId,
        reason: decision.reason,
        decidedAt: decision.decidedAt,
      })),
  }));
}

import { and, desc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import { inTransaction } from '../../db/retry';
import { sanctionsEntries, sanctionsHitDecisions, sanctionsHits, sanctionsScreenings } from '../../db/schema';
import { currentListVersion, sha256Of } from './load-list';
import { normaliseName } from './normalise';
import {
  isHit,
  type MatchedField,
  matchEntry,
  type PreparedPerson,
  prepareEntryNames,
  preparePerson,
  type ScreenableEntry,
} from './rules';

/** A person to screen, as the caller knows them: the legal name, other names, birth date, nationality (ISO alpha-2). */
export const ZPersonToScreen = z.object({
  memberId: z.uuid(),
  fullName: z.string().trim().min(1).max(300),
  aliases: z.array(z.string().trim().min(1).max(300)).max(20).optional(),
  birthDate: z.iso.date().nullish(),
  nationality: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .transform((code) => code.toUpperCase())
    .nullish(),
});
export type PersonToScreen = z.input<typeof ZPersonToScreen>;

/** Why a screening ran, kept with it. */
export type ScreeningReason = 'submission' | 'withdrawal' | 'list_update' | 'manual';

export type HitState = 'open' | 'confirmed' | 'dismissed';

export type ScreeningHit = {
  hitId: string;
  entryLogicalId: string;
  score: number;
  matchedFields: MatchedField[];
  /** Every name of the entry, as the list writes them (its name first). */
  entryNames: string[];
  /** The entry's name that matched. */
  matchedName: string;
  /** `open` for a new hit; the state decided before when the same hit (same data, same entry) was reviewed. */
  state: HitState;
};

export type ScreeningResult = {
  screeningId: string;
  memberId: string;
  listVersionId: string;
  hits: ScreeningHit[];
};

/** No version of the list was ever loaded: nobody can be screened, so nobody may pass the check (fail closed). */
export class NoSanctionsListError extends Error {
  constructor() {
    super('no sanctions list is loaded: load one (npm run admin -- sanctions:load FILE, or SANCTIONS_LIST_URL)');
    this.name = 'NoSanctionsListError';
  }
}

type PreparedEntry = ScreenableEntry & { id: string; logicalId: string; fingerprint: string };

/** The current version's entries, read once per process and version (a list version never changes). */
let cached: { versionId: string; entries: PreparedEntry[] } | null = null;

async function entriesOf(db: Executor, versionId: string): Promise<PreparedEntry[]> {
  if (cached?.versionId === versionId) return cached.entries;
  const rows = await db
    .select({
      id: sanctionsEntries.id,
      logicalId: sanctionsEntries.logicalId,
      names: sanctionsEntries.names,
      birthDates: sanctionsEntries.birthDates,
      nationalities: sanctionsEntries.nationalities,
      fingerprint: sanctionsEntries.fingerprint,
    })
    .from(sanctionsEntries)
    .where(eq(sanctionsEntries.versionId, versionId));
  const entries = rows.map((row) => ({ ...row, names: prepareEntryNames(row.names) }));
  cached = { versionId, entries };
  return entries;
}

/** sha256 of the person's data as screened: a decision carries over to a later screening only for the same data. */
function personFingerprint(person: PreparedPerson & { fullName: string; aliases: string[] }): string {
  return sha256Of(
    JSON.stringify([
      normaliseName(person.fullName),
      person.aliases.map(normaliseName).sort(),
      person.birthDate,
      person.nationality,
    ]),
  );
}

/**
 * Screens one person against the current list version (issue 29) and records it: the screening (who, which version,
 * why, with which data) and each entry scored at or above REVIEW_THRESHOLD as a hit, in one transaction. A hit the
 * same person (same data) already had on the same, unchanged entry starts in the state an operator decided then
 * (`carried_from` names the hit decided on), so a dismissed namesake is not re-reviewed at every list update; any
 * change to the person's data or to the entry makes it open again. Throws NoSanctionsListError before any list is
 * loaded, and a zod error on a malformed person.
 */
export async function screenPerson(
  db: Executor,
  input: PersonToScreen,
  options: { reason?: ScreeningReason; versionId?: string } = {},
): Promise<ScreeningResult> {
  const person = ZPersonToScreen.parse(input);
  const versionId = options.versionId ?? (await currentListVersion(db))?.id;
  if (!versionId) throw new NoSanctionsListError();
  const entries = await entriesOf(db, versionId);
  const prepared = preparePerson(person);
  const aliases = person.aliases ?? [];
  const fingerprint = personFingerprint({ ...prepared, fullName: person.fullName, aliases });
  const matches = entries
    .map((entry) => ({ entry, match: matchEntry(prepared, entry) }))
    .filter((found): found is { entry: PreparedEntry; match: NonNullable<typeof found.match> } => isHit(found.match))
    .sort((a, b) => b.match.score - a.match.score || a.entry.logicalId.localeCompare(b.entry.logicalId));

  return inTransaction(db, async (tx) => {
    const [screening] = await tx
      .insert(sanctionsScreenings)
      .values({
        memberId: person.memberId,
        listVersionId: versionId,
        reason: options.reason ?? 'manual',
        person: {
          fullName: person.fullName,
          aliases,
          birthDate: person.birthDate ?? null,
          nationality: person.nationality ?? null,
        },
        hitCount: matches.length,
      })
      .returning({ id: sanctionsScreenings.id });
    if (!screening) throw new Error('screening not written');
    const earlier = await earlierDecisions(
      tx,
      person.memberId,
      fingerprint,
      matches.map((found) => found.entry.logicalId),
    );
    const hits: ScreeningHit[] = [];
    for (const { entry, match } of matches) {
      const decided = earlier.get(`${entry.logicalId}\u0000${entry.fingerprint}`);
      const [hit] = await tx
        .insert(sanctionsHits)
        .values({
          screeningId: screening.id,
          memberId: person.memberId,
          listVersionId: versionId,
          entryId: entry.id,
          entryLogicalId: entry.logicalId,
          score: match.score,
          matchedFields: match.matchedFields,
          matchedName: match.matchedName,
          personFingerprint: fingerprint,
          entryFingerprint: entry.fingerprint,
          state: decided?.state ?? 'open',
          carriedFrom: decided?.hitId ?? null,
        })
        .returning({ id: sanctionsHits.id });
      if (!hit) throw new Error('hit not written');
      hits.push({
        hitId: hit.id,
        entryLogicalId: entry.logicalId,
        score: match.score,
        matchedFields: match.matchedFields,
        entryNames: entry.names.map((name) => name.original),
        matchedName: match.matchedName,
        state: (decided?.state as HitState | undefined) ?? 'open',
      });
    }
    return { screeningId: screening.id, memberId: person.memberId, listVersionId: versionId, hits };
  });
}

/**
 * The latest operator decision per entry (logical id and fingerprint) among this person's earlier hits with the same
 * person data, keyed `logicalId NUL fingerprint`.
 */
async function earlierDecisions(
  db: Executor,
  memberId: string,
  fingerprint: string,
  logicalIds: string[],
): Promise<Map<string, { state: 'confirmed' | 'dismissed'; hitId: string }>> {
  const found = new Map<string, { state: 'confirmed' | 'dismissed'; hitId: string }>();
  if (logicalIds.length === 0) return found;
  const rows = await db
    .select({
      logicalId: sanctionsHits.entryLogicalId,
      entryFingerprint: sanctionsHits.entryFingerprint,
      hitId: sanctionsHitDecisions.hitId,
      state: sanctionsHitDecisions.state,
    })
    .from(sanctionsHitDecisions)
    .innerJoin(sanctionsHits, eq(sanctionsHits.id, sanctionsHitDecisions.hitId))
    .where(
      and(
        eq(sanctionsHits.memberId, memberId),
        eq(sanctionsHits.personFingerprint, fingerprint),
        inArray(sanctionsHits.entryLogicalId, logicalIds),
      ),
    )
    .orderBy(desc(sanctionsHitDecisions.decidedAt), desc(sanctionsHitDecisions.id));
  for (const row of rows) {
    const key = `${row.logicalId}\u0000${row.entryFingerprint}`;
    if (!found.has(key)) found.set(key, { state: row.state as 'confirmed' | 'dismissed', hitId: row.hitId });
  }
  return found;
}

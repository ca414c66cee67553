import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  sanctionsEntries,
  sanctionsHitDecisions,
  sanctionsHits,
  sanctionsListVersions,
  sanctionsScreenings,
  users,
} from '../../db/schema';
import { csvDocument } from '../../http/csv';
import type { ListBirthDate } from './rules';

/** One confirmed hit as reported to the authority (in France, the DG Trésor's asset-freeze unit). */
export type AuthorityHitRecord = {
  member_id: string;
  screened_name: string;
  screened_aliases: string[];
  screened_birth_date: string | null;
  screened_nationality: string | null;
  screening_id: string;
  screening_reason: string;
  screened_at: string;
  hit_id: string;
  score: number;
  matched_fields: string[];
  matched_name: string;
  entry_logical_id: string;
  eu_reference_number: string | null;
  subject_type: string;
  entry_names: string[];
  entry_birth_dates: string[];
  entry_nationalities: string[];
  regulation: string | null;
  programme: string | null;
  designation_date: string | null;
  list_version_id: string;
  list_source: string;
  list_sha256: string;
  list_generated_at: string;
  list_loaded_at: string;
  confirmed_at: string;
  confirmed_by: string;
  confirmation_reason: string;
};

export type AuthorityExport = { records: AuthorityHitRecord[]; json: string; csv: string };

/** A list birth date as a reader writes it: `1961-03-14`, `1972`, `c. 1972`, `1950–1955`. */
function birthText(birth: ListBirthDate): string {
  const circa = birth.circa ? 'c. ' : '';
  if (birth.date) return `${circa}${birth.date}`;
  if (birth.year !== null) return `${circa}${birth.year}`;
  return `${circa}${birth.yearFrom ?? '…'}–${birth.yearTo ?? '…'}`;
}

/**
 * Every confirmed hit of a member, with what was screened, what it matched (fields, names, the entry's data and
 * regulation), the list version it was found in (source, sha256, generation date) and who confirmed it, when and why:
 * as records, JSON and CSV (the console offers both for download). Empty when the member has no confirmed hit.
 */
export async function exportHitsForAuthority(db: Executor, memberId: string): Promise<AuthorityExport> {
  const rows = await db
    .select({
      hit: sanctionsHits,
      screening: sanctionsScreenings,
      entry: sanctionsEntries,
      version: sanctionsListVersions,
    })
    .from(sanctionsHits)
    .innerJoin(sanctionsScreenings, eq(sanctionsScreenings.id, sanctionsHits.screeningId))
    .innerJoin(sanctionsEntries, eq(sanctionsEntries.id, sanctionsHits.entryId))
    .innerJoin(sanctionsListVersions, eq(sanctionsListVersions.id, sanctionsHits.listVersionId))
    .where(and(eq(sanctionsHits.memberId, memberId), eq(sanctionsHits.state, 'confirmed')))
    .orderBy(asc(sanctionsHits.createdAt), asc(sanctionsHits.id));
  const decidedOn = [...new Set(rows.flatMap(({ hit }) => [hit.id, ...(hit.carriedFrom ? [hit.carriedFrom] : [])]))];
  const decisions =
    decidedOn.length === 0
      ? []
      : await db
          .select({
            hitId: sanctionsHitDecisions.hitId,
            decidedAt: sanctionsHitDecisions.decidedAt,
            reason: sanctionsHitDecisions.reason,
            operator: users.email,
          })
          .from(sanctionsHitDecisions)
          .innerJoin(users, eq(users.id, sanctionsHitDecisions.operatorId))
          .where(and(inArray(sanctionsHitDecisions.hitId, decidedOn), eq(sanctionsHitDecisions.state, 'confirmed')))
          .orderBy(desc(sanctionsHitDecisions.decidedAt), desc(sanctionsHitDecisions.id));
  const latest = (hitId: string | null) => decisions.find((decision) => decision.hitId === hitId);
  const records = rows.map(({ hit, screening, entry, version }): AuthorityHitRecord => {
    const confirmation = latest(hit.id) ?? latest(hit.carriedFrom);
    return {
      member_id: hit.memberId,
      screened_name: screening.person.fullName,
      screened_aliases: screening.person.aliases,
      screened_birth_date: screening.person.birthDate,
      screened_nationality: screening.person.nationality,
      screening_id: screening.id,
      screening_reason: screening.reason,
      screened_at: screening.screenedAt.toISOString(),
      hit_id: hit.id,
      score: hit.score,
      matched_fields: hit.matchedFields,
      matched_name: hit.matchedName,
      entry_logical_id: entry.logicalId,
      eu_reference_number: entry.euReferenceNumber,
      subject_type: entry.subjectType,
      entry_names: entry.names.map((name) => name.original),
      entry_birth_dates: entry.birthDates.map(birthText),
      entry_nationalities: entry.nationalities,
      regulation: entry.regulation,
      programme: entry.programme,
      designation_date: entry.designationDate,
      list_version_id: version.id,
      list_source: version.source,
      list_sha256: version.sha256,
      list_generated_at: version.generatedAt.toISOString(),
      list_loaded_at: version.loadedAt.toISOString(),
      confirmed_at: confirmation?.decidedAt.toISOString() ?? '',
      confirmed_by: confirmation?.operator ?? '',
      confirmation_reason: confirmation?.reason ?? '',
    };
  });
  const header = Object.keys(EMPTY_RECORD) as (keyof AuthorityHitRecord)[];
  const cell = (value: AuthorityHitRecord[keyof AuthorityHitRecord]) =>
    Array.isArray(value) ? value.join(' | ') : value === null ? '' : String(value);
  return {
    records,
    json: JSON.stringify({ member_id: memberId, confirmed_hits: records }, null, 2),
    csv: csvDocument([header, ...records.map((record) => header.map((key) => cell(record[key])))]),
  };
}

/** The column order of the CSV (the record's own key order). */
const EMPTY_RECORD: Record<keyof AuthorityHitRecord, null> = {
  member_id: null,
  screened_name: null,
  screened_aliases: null,
  screened_birth_date: null,
  screened_nationality: null,
  screening_id: null,
  screening_reason: null,
  screened_at: null,
  hit_id: null,
  score: null,
  matched_fields: null,
  matched_name: null,
  entry_logical_id: null,
  eu_reference_number: null,
  subject_type: null,
  entry_names: null,
  entry_birth_dates: null,
  entry_nationalities: null,
  regulation: null,
  programme: null,
  designation_date: null,
  list_version_id: null,
  list_source: null,
  list_sha256: null,
  list_generated_at: null,
  list_loaded_at: null,
  confirmed_at: null,
  confirmed_by: null,
  confirmation_reason: null,
};

import { createHash } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { inTransaction } from '../../db/retry';
import { sanctionsEntries, sanctionsListVersions } from '../../db/schema';
import { type ParsedEntry, parseEuSanctionsList } from './parse-eu-list';

export type LoadInput = {
  /** Where the content came from: the list's URL, or `file:<name>`. */
  source: string;
  content: string | Uint8Array;
  /** The server's `ETag` and `Last-Modified`, kept for the next conditional fetch. */
  etag?: string | null;
  lastModified?: string | null;
};

export type LoadResult =
  | { status: 'loaded'; versionId: string; entryCount: number; generatedAt: Date; sha256: string }
  | { status: 'unchanged'; versionId: string; sha256: string };

/** Entries are inserted this many at a time (a bound on one statement's parameters). */
const INSERT_BATCH = 400;
/** The advisory lock that makes two loads (the job, the CLI) wait for each other. */
const LOAD_LOCK = 290_029;

export function sha256Of(content: string | Uint8Array): string {
  return createHash('sha256').update(content).digest('hex');
}

/** sha256 of what the screening reads of an entry: equal when the entry did not change between versions. */
export function entryFingerprint(entry: ParsedEntry): string {
  return sha256Of(
    JSON.stringify([
      entry.subjectType,
      entry.names.map((name) => name.normalised),
      entry.birthDates,
      entry.nationalities,
    ]),
  );
}

/** The list version screenings use: the one loaded last (null before any). */
export async function currentListVersion(db: Executor) {
  const [version] = await db
    .select()
    .from(sanctionsListVersions)
    .orderBy(desc(sanctionsListVersions.loadedAt), desc(sanctionsListVersions.id))
    .limit(1);
  return version ?? null;
}

/**
 * When `sha256` is the current version's: records the server's new cache validators, if any, and answers
 * `unchanged`; else null.
 */
async function keepIfUnchanged(db: Executor, sha256: string, input: LoadInput): Promise<LoadResult | null> {
  const current = await currentListVersion(db);
  if (current?.sha256 !== sha256) return null;
  if (input.etag !== undefined || input.lastModified !== undefined)
    await db
      .update(sanctionsListVersions)
      .set({ etag: input.etag ?? current.etag, lastModified: input.lastModified ?? current.lastModified })
      .where(eq(sanctionsListVersions.id, current.id));
  return { status: 'unchanged', versionId: current.id, sha256 };
}

/**
 * Loads a version of the EU list (issue 29): skipped when its content (sha256 of the bytes) is the current
 * version's, else parsed (a file that is not the list throws before anything is written) and written whole, the
 * version and all its entries, in one transaction. Loads wait for each other (an advisory lock), so the job and the
 * CLI never load the same file twice. Members are re-screened afterwards (rescreenPending), not here.
 */
export async function loadSanctionsList(db: Executor, input: LoadInput): Promise<LoadResult> {
  const sha256 = sha256Of(input.content);
  // The same content as the current version: answered before parsing (the EU's file is tens of megabytes).
  const unchanged = await keepIfUnchanged(db, sha256, input);
  if (unchanged) return unchanged;
  const text = typeof input.content === 'string' ? input.content : new TextDecoder().decode(input.content);
  const parsed = parseEuSanctionsList(text);
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOAD_LOCK})`);
    // Checked again under the lock: another process may have loaded the same file meanwhile.
    const loadedMeanwhile = await keepIfUnchanged(tx, sha256, input);
    if (loadedMeanwhile) return loadedMeanwhile;
    const [version] = await tx
      .insert(sanctionsListVersions)
      .values({
        source: input.source,
        sha256,
        generatedAt: parsed.generatedAt,
        entryCount: parsed.entries.length,
        etag: input.etag ?? null,
        lastModified: input.lastModified ?? null,
      })
      .returning({ id: sanctionsListVersions.id });
    if (!version) throw new Error('sanctions list version not written');
    for (let start = 0; start < parsed.entries.length; start += INSERT_BATCH) {
      await tx.insert(sanctionsEntries).values(
        parsed.entries.slice(start, start + INSERT_BATCH).map((entry) => ({
          versionId: version.id,
          logicalId: entry.logicalId,
          euReferenceNumber: entry.euReferenceNumber,
          subjectType: entry.subjectType,
          names: entry.names,
          birthDates: entry.birthDates,
          nationalities: entry.nationalities,
          regulation: entry.regulation,
          programme: entry.programme,
          designationDate: entry.designationDate,
          fingerprint: entryFingerprint(entry),
        })),
      );
    }
    return {
      status: 'loaded',
      versionId: version.id,
      entryCount: parsed.entries.length,
      generatedAt: parsed.generatedAt,
      sha256,
    } as const;
  });
}

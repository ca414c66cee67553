import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sanctionsListVersions } from '../../db/schema';
import { currentListVersion } from './load-list';
import { type PersonToScreen, type ScreeningResult, screenPerson } from './screen-person';

/**
 * Who to re-screen when the list changes: the caller's own people (the verification module's members with their
 * declared data), so this module reads no other module's tables.
 */
export type PeopleSource = () => Promise<readonly PersonToScreen[]>;
/** Told of every person a re-screening found with at least one open (new, undecided) hit. */
export type OnHit = (result: ScreeningResult) => Promise<void>;

export type RescreenHooks = { people: PeopleSource; onHit: OnHit };

/** Until the verification module gives its members, a list update re-screens nobody. */
export const NO_PEOPLE: RescreenHooks = { people: async () => [], onHit: async () => undefined };

export type RescreenSummary = { listVersionId: string; screened: number; withOpenHits: number };

/**
 * Screens every person of `people` against the current list version (reason `list_update`), each recorded as
 * screenPerson records it, and calls `onHit` for each one with an open hit, after that person's screening is
 * committed. A failing `onHit` stops the run (the job is retried; a person screened twice has two records).
 */
export async function rescreenAll(
  db: Executor,
  people: PeopleSource,
  onHit: OnHit,
  options: { versionId?: string } = {},
): Promise<RescreenSummary> {
  const version = options.versionId ? { id: options.versionId } : await currentListVersion(db);
  if (!version) return { listVersionId: '', screened: 0, withOpenHits: 0 };
  let screened = 0;
  let withOpenHits = 0;
  for (const person of await people()) {
    const result = await screenPerson(db, person, { reason: 'list_update', versionId: version.id });
    screened++;
    if (result.hits.some((hit) => hit.state === 'open')) {
      withOpenHits++;
      await onHit(result);
    }
  }
  return { listVersionId: version.id, screened, withOpenHits };
}

/**
 * Runs rescreenAll once for the current version if nobody was screened against it yet (a version just loaded, by the
 * job or by the CLI), then marks it done. Answers null when there was nothing to do.
 */
export async function rescreenPending(db: Executor, hooks: RescreenHooks): Promise<RescreenSummary | null> {
  const version = await currentListVersion(db);
  if (!version || version.rescreenedAt) return null;
  const summary = await rescreenAll(db, hooks.people, hooks.onHit, { versionId: version.id });
  await db
    .update(sanctionsListVersions)
    .set({ rescreenedAt: new Date() })
    .where(and(eq(sanctionsListVersions.id, version.id), isNull(sanctionsListVersions.rescreenedAt)));
  return summary;
}

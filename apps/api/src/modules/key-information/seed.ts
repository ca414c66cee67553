import { inArray, notExists, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { paintings } from '../../db/schema';
import { contentHash, keyInformationContent } from './content';
import { keyInformationVersions } from './schema';
import { factsOf, type KeyInformationSettings } from './service';

/**
 * The demo catalogue's documents (issue 30): version 1 of each seeded work that has none, generated from its data as
 * an operator's publication would be, under the seed's cataloguer account. Not audited: the seed is not an operator
 * action. The registration number is the demo's own, marked as such. Idempotent.
 */
export async function seedKeyInformation(
  db: Executor,
  settings: KeyInformationSettings,
  works: readonly { id: string; registrationNumber: string }[],
  publishedBy: string,
): Promise<void> {
  if (works.length === 0) return;
  const numbers = new Map(works.map((work) => [work.id, work.registrationNumber]));
  const paintingIds = [...numbers.keys()];
  const missing = await db
    .select({ id: paintings.id })
    .from(paintings)
    .where(
      sql`${inArray(paintings.id, paintingIds)} AND ${notExists(
        db
          .select({ id: keyInformationVersions.id })
          .from(keyInformationVersions)
          .where(sql`${keyInformationVersions.paintingId} = ${paintings.id}`),
      )}`,
    );
  for (const { id } of missing) {
    const registrationNumber = numbers.get(id) ?? null;
    const content = keyInformationContent(await factsOf(db, settings, id, registrationNumber));
    await db
      .insert(keyInformationVersions)
      .values({
        paintingId: id,
        version: 1,
        content,
        contentHash: contentHash(content),
        registrationNumber,
        publishedBy,
      })
      .onConflictDoNothing();
  }
}

import type { TAdminKeyInformation, TKeyInformationVersion } from '@parcelle/shared';
import { count, eq } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';
import { keyInformationAcknowledgements, keyInformationVersions } from './schema';
import { draftOf, type KeyInformationVersion } from './service';

/** The public addresses of a version's PDFs (under /api, no token: the document is public). */
export const pdfPath = (paintingId: string, version: number, lang: 'en' | 'fr') =>
  `/api/paintings/${paintingId}/key-information/${version}/${lang}/pdf`;

/** A published version as members read it: both languages as stored, never regenerated. */
export function versionView(version: KeyInformationVersion): TKeyInformationVersion {
  return {
    id: version.id,
    painting_id: version.paintingId,
    version: version.version,
    content_hash: version.contentHash,
    registration_number: version.registrationNumber,
    published_at: version.publishedAt.toISOString(),
    en: version.content.en,
    fr: version.content.fr,
    pdf: {
      en: pdfPath(version.paintingId, version.version, 'en'),
      fr: pdfPath(version.paintingId, version.version, 'fr'),
    },
  };
}

/** The console's page of a work: the draft generated now, the current version and every version with its readers. */
export async function adminKeyInformation(
  db: Executor,
  config: AppConfig,
  paintingId: string,
): Promise<TAdminKeyInformation> {
  const draft = await draftOf(db, config, paintingId);
  const rows = await db
    .select({ version: keyInformationVersions, publishedBy: users.email })
    .from(keyInformationVersions)
    .innerJoin(users, eq(users.id, keyInformationVersions.publishedBy))
    .where(eq(keyInformationVersions.paintingId, paintingId));
  const counts = await db
    .select({ versionId: keyInformationAcknowledgements.versionId, n: count() })
    .from(keyInformationAcknowledgements)
    .where(eq(keyInformationAcknowledgements.paintingId, paintingId))
    .groupBy(keyInformationAcknowledgements.versionId);
  const acknowledged = new Map(counts.map((row) => [row.versionId, Number(row.n)]));
  return {
    painting_id: paintingId,
    title: { en: draft.content.facts.titleEn, fr: draft.content.facts.titleFr },
    registration_required: config.keyInformation.registrationRequired,
    draft: { hash: draft.draftHash, changed: draft.changed, en: draft.content.en, fr: draft.content.fr },
    current: draft.current ? versionView(draft.current) : null,
    versions: rows
      .sort((a, b) => b.version.version - a.version.version)
      .map(({ version, publishedBy }) => ({
        id: version.id,
        version: version.version,
        content_hash: version.contentHash,
        registration_number: version.registrationNumber,
        published_at: version.publishedAt.toISOString(),
        published_by: publishedBy,
        acknowledgements: acknowledged.get(version.id) ?? 0,
      })),
  };
}

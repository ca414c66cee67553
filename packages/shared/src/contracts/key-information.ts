import '../zod-config';
import { z } from 'zod';
import { LANGUAGES } from '../constants';

/**
 * Key information documents (issue 30): a work's document as members read it (public), the member's acknowledgement,
 * and the console's draft, versions and publication.
 */

/** The web page of a work's document, where the purchase gate sends a member. */
export const keyInformationPagePath = (paintingId: string) => `/key-information/${paintingId}`;

export const ZKeyInformationSection = z.object({
  id: z.string(),
  heading: z.string(),
  paragraphs: z.array(z.string()),
});
export const ZKeyInformationDocument = z.object({
  title: z.string(),
  subtitle: z.string(),
  sections: z.array(ZKeyInformationSection),
});

/** A published version, both languages, with the addresses of its PDFs (public, under /api). */
export const ZKeyInformationVersion = z.object({
  id: z.uuid(),
  painting_id: z.uuid(),
  version: z.number().int(),
  content_hash: z.string(),
  registration_number: z.string().nullable(),
  published_at: z.string(),
  en: ZKeyInformationDocument,
  fr: ZKeyInformationDocument,
  pdf: z.object({ en: z.string(), fr: z.string() }),
});
export type TKeyInformationVersion = z.infer<typeof ZKeyInformationVersion>;

export const ZKeyInformationParams = z.strictObject({ paintingId: z.uuid() });
export const ZKeyInformationPdfParams = z.strictObject({
  paintingId: z.uuid(),
  version: z.coerce.number().int().positive(),
  lang: z.enum(LANGUAGES),
});

/** The member's standing on a work's current version. */
export const ZKeyInformationStatus = z.object({
  /** Whether buying this work now needs the acknowledgement (a work on the primary market). */
  required: z.boolean(),
  /** False: no version is published, the work cannot be bought on the primary market. */
  published: z.boolean(),
  version_id: z.uuid().nullable(),
  version: z.number().int().nullable(),
  content_hash: z.string().nullable(),
  acknowledged: z.boolean(),
  acknowledged_at: z.string().nullable(),
  page: z.string(),
});
export type TKeyInformationStatus = z.infer<typeof ZKeyInformationStatus>;

export const ZKeyInformationAcknowledge = z.strictObject({ version_id: z.uuid(), language: z.enum(LANGUAGES) });
export type TKeyInformationAcknowledge = z.infer<typeof ZKeyInformationAcknowledge>;

// ---------------------------------------------------------------- console

export const ZAdminKeyInformationVersionSummary = z.object({
  id: z.uuid(),
  version: z.number().int(),
  content_hash: z.string(),
  registration_number: z.string().nullable(),
  published_at: z.string(),
  published_by: z.string(),
  acknowledgements: z.number().int(),
});

export const ZAdminKeyInformation = z.object({
  painting_id: z.uuid(),
  title: z.object({ en: z.string(), fr: z.string() }),
  registration_required: z.boolean(),
  draft: z.object({ hash: z.string(), changed: z.boolean(), en: ZKeyInformationDocument, fr: ZKeyInformationDocument }),
  current: ZKeyInformationVersion.nullable(),
  versions: z.array(ZAdminKeyInformationVersionSummary),
});
export type TAdminKeyInformation = z.infer<typeof ZAdminKeyInformation>;

export const ZKeyInformationPublish = z.strictObject({
  draft_hash: z.string().regex(/^[0-9a-f]{64}$/),
  registration_number: z.string().trim().max(64).nullable().optional(),
});
export type TKeyInformationPublish = z.infer<typeof ZKeyInformationPublish>;

import '../zod-config';
import { z } from 'zod';
import { isPublicHttpsLink, isPublicHttpsUrl } from '../links';
import { multilineText, safeText } from '../validation/fields';
import { CONTENT_TYPES } from './catalogue';

/**
 * The Content section of the operator console (issue 15): editorial pages, galleries and the footer's settings,
 * under /api/admin. The same schemas validate the console's forms, so an operator sees the API's rule as they type.
 */

/** Bounds of a page: enough for the longest legal text, small enough that one save cannot flood the store. */
export const CONTENT_LIMITS = {
  blocks: 300,
  listItems: 100,
  title: 200,
  line: 500,
  text: 20_000,
  href: 2_000,
} as const;

/** The footer's documents (the exchange's PDFs linked from every page), by name. */
export const FOOTER_DOCUMENTS = ['structure', 'controle', 'security', 'coverage', 'coverage_en'] as const;
export type FooterDocument = (typeof FOOTER_DOCUMENTS)[number];
export const SOCIAL_NETWORKS = ['youtube', 'linkedin', 'instagram', 'facebook', 'twitter'] as const;
export const GALLERIES_MAX = 200;

const line = (max: number = CONTENT_LIMITS.line) =>
  safeText({ error: 'RequiredField' }).trim().min(1, { error: 'RequiredField' }).max(max, { error: 'TextTooLong' });
const text = () =>
  multilineText({ error: 'RequiredField' })
    .trim()
    .min(1, { error: 'RequiredField' })
    .max(CONTENT_LIMITS.text, { error: 'TextTooLong' });

/**
 * Where a link block may point: a page of the site ("/about"), an https address (links.ts) or a mailto:
 * address. Plain http, javascript:, data:, protocol-relative "//host" and credentials are refused (the public page
 * would drop such a link anyway).
 */
export function isContentHref(value: string): boolean {
  if (value.startsWith('/')) return !value.startsWith('//') && !value.startsWith('/\\');
  try {
    const url = new URL(value);
    return isPublicHttpsUrl(url) || (url.protocol === 'mailto:' && url.pathname !== '');
  } catch {
    return false;
  }
}

/** A social network's address: https only (the rule of links.ts), or empty to hide its icon. */
export const isHttpsUrl = isPublicHttpsLink;

const href = () =>
  safeText({ error: 'ContentLinkInvalid' })
    .trim()
    .min(1, { error: 'ContentLinkInvalid' })
    .max(CONTENT_LIMITS.href, { error: 'TextTooLong' })
    .refine(isContentHref, { error: 'ContentLinkInvalid' });

/** One block as an operator writes it: the public shape (ZContentBlock) with bounds and the text rule. */
export const ZContentBlockRequest = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('heading'), text: line(CONTENT_LIMITS.title) }),
    z.strictObject({ type: z.literal('paragraph'), text: text() }),
    z.strictObject({
      type: z.literal('list'),
      items: z
        .array(line(), { error: 'ContentListEmpty' })
        .min(1, { error: 'ContentListEmpty' })
        .max(CONTENT_LIMITS.listItems, { error: 'ContentTooManyItems' }),
    }),
    z.strictObject({ type: z.literal('qa'), question: line(), answer: text() }),
    z.strictObject({
      type: z.literal('person'),
      name: line(CONTENT_LIMITS.title),
      role: line(CONTENT_LIMITS.title),
      text: line(2_000).optional(),
    }),
    z.strictObject({ type: z.literal('link'), label: line(), href: href(), text: line().optional() }),
  ],
  { error: 'ContentBlockInvalid' },
);
export type TContentBlockRequest = z.infer<typeof ZContentBlockRequest>;
export const CONTENT_BLOCK_TYPES = ['heading', 'paragraph', 'list', 'qa', 'person', 'link'] as const;
export type ContentBlockType = (typeof CONTENT_BLOCK_TYPES)[number];

const blocks = () =>
  z
    .array(ZContentBlockRequest, { error: 'ContentBodyEmpty' })
    .min(1, { error: 'ContentBodyEmpty' })
    .max(CONTENT_LIMITS.blocks, { error: 'ContentTooManyBlocks' });

export const ZContentPageParams = z.strictObject({ type: z.enum(CONTENT_TYPES, { error: 'InvalidContentType' }) });

/** PUT /admin/content/pages/:type: the whole page, both languages at once (a page is never half translated). */
export const ZContentPageRequest = z.strictObject({
  title: z.strictObject({ en: line(CONTENT_LIMITS.title), fr: line(CONTENT_LIMITS.title) }),
  body: z.strictObject({ en: blocks(), fr: blocks() }),
});
export type TContentPageRequest = z.infer<typeof ZContentPageRequest>;

export const ZAdminContentPageSummary = z.object({
  type: z.enum(CONTENT_TYPES),
  title_en: z.string(),
  title_fr: z.string(),
  blocks_en: z.number().int(),
  blocks_fr: z.number().int(),
  updated_at: z.string(),
});
export const ZAdminContentPages = z.object({ pages: z.array(ZAdminContentPageSummary) });

// ---------------------------------------------------------------- galleries

/** The titles of a gallery picture; sent as form fields beside the image when one is created. */
export const ZGalleryRequest = z.strictObject({
  title_en: line(CONTENT_LIMITS.title),
  title_fr: line(CONTENT_LIMITS.title),
});
export const ZGalleryPatchRequest = ZGalleryRequest.partial().refine((body) => Object.keys(body).length > 0, {
  error: 'NothingToUpdate',
});
export const ZGalleryOrderRequest = z.strictObject({
  ids: z
    .array(safeText().uuid({ error: 'GalleryOrderMismatch' }), { error: 'GalleryOrderMismatch' })
    .max(GALLERIES_MAX, { error: 'GalleryOrderMismatch' }),
});

export const ZAdminGallery = z.object({
  id: z.string(),
  slug: z.string(),
  title_en: z.string(),
  title_fr: z.string(),
  /** Storage key: `/media/<image>` serves it, `?w=320` a smaller copy. */
  image: z.string(),
  position: z.number().int(),
});
export const ZAdminGalleries = z.object({ galleries: z.array(ZAdminGallery) });

// ---------------------------------------------------------------- footer settings

const socialLink = () =>
  safeText({ error: 'SocialLinkInvalid' })
    .trim()
    .max(CONTENT_LIMITS.href, { error: 'TextTooLong' })
    .refine((value) => value === '' || isHttpsUrl(value), { error: 'SocialLinkInvalid' });

export const ZSocialLinksRequest = z.strictObject({
  youtube: socialLink(),
  linkedin: socialLink(),
  instagram: socialLink(),
  facebook: socialLink(),
  twitter: socialLink(),
});

/** PATCH /admin/site-settings: the social links (empty hides a network) and the exchange's registration number. */
export const ZSiteSettingsRequest = z
  .strictObject({
    social_media_links: ZSocialLinksRequest.optional(),
    registration_number: line(100).optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { error: 'NothingToUpdate' });
export type TSiteSettingsRequest = z.infer<typeof ZSiteSettingsRequest>;

export const ZFooterDocumentParams = z.strictObject({
  name: z.enum(FOOTER_DOCUMENTS, { error: 'InvalidDocumentKind' }),
});

export const ZAdminSiteSettings = z.object({
  social_media_links: z.object({
    youtube: z.string(),
    linkedin: z.string(),
    instagram: z.string(),
    facebook: z.string(),
    twitter: z.string(),
  }),
  registration_number: z.string(),
  /** Storage key of each footer document, null when none was uploaded. */
  documents: z.object({
    structure: z.string().nullable(),
    controle: z.string().nullable(),
    security: z.string().nullable(),
    coverage: z.string().nullable(),
    coverage_en: z.string().nullable(),
  }),
});
export type TAdminSiteSettings = z.infer<typeof ZAdminSiteSettings>;

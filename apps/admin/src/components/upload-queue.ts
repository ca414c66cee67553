import { DOCUMENT_KINDS, type DocumentKind } from '@parcelle/shared/constants';
import type { MessageKey } from '@parcelle/shared/i18n/messages';

/** What the server takes per file (apps/api/src/modules/catalogue-admin/uploads.ts): 20 MiB. */
export const UPLOAD_MAX_BYTES = 20 * 1024 * 1024;

/** The kinds of file one upload list takes, with the messages its checks answer. */
export type FileRule = {
  /** MIME types, as the input's `accept`. */
  types: readonly string[];
  /** Extensions taken when the browser gives no type (lower case, with the dot). */
  extensions: readonly string[];
  wrongType: MessageKey;
  tooLarge: MessageKey;
  maxBytes?: number;
};

export const PDF_RULE: FileRule = {
  types: ['application/pdf'],
  extensions: ['.pdf'],
  wrongType: 'DocumentNotPdf',
  tooLarge: 'DocumentTooLarge',
};
export const IMAGE_RULE: FileRule = {
  types: ['image/jpeg', 'image/png', 'image/webp'],
  extensions: ['.jpg', '.jpeg', '.png', '.webp'],
  wrongType: 'ImageTypeNotAllowed',
  tooLarge: 'ArtworkImageTooLarge',
};

/** The message key refusing `file` before it is sent (wrong type, empty, too large), or null when it may go. */
export function fileProblem(file: { name: string; type: string; size: number }, rule: FileRule): MessageKey | null {
  const name = file.name.toLowerCase();
  const typed = file.type
    ? rule.types.includes(file.type)
    : rule.extensions.some((extension) => name.endsWith(extension));
  if (!typed) return rule.wrongType;
  if (file.size === 0) return rule.wrongType;
  if (file.size > (rule.maxBytes ?? UPLOAD_MAX_BYTES)) return rule.tooLarge;
  return null;
}

const KIND_WORDS: readonly [DocumentKind, RegExp][] = [
  ['client_pdf', /prospectus|brochure|plaquette|client/],
  ['technical_file', /techni|fiche|spec/],
  ['auth_certif', /authentic|authenticit|certif|coa\b/],
  ['property_title', /propert|propri|titre|title|deed/],
  ['notice', /notice|information/],
];

/**
 * The document kind and language a file's name suggests ("notice_fr.pdf", "Certificat d'authenticité (EN).pdf"),
 * each null when the name does not say: the operator then chooses.
 */
export function guessDocument(fileName: string): { kind: DocumentKind | null; lang: 'en' | 'fr' | null } {
  const name = fileName
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\.pdf$/, '');
  const kind = KIND_WORDS.find(([, words]) => words.test(name))?.[0] ?? null;
  const words = name.split(/[^a-z]+/).filter(Boolean);
  const lang = words.some((word) => ['fr', 'french', 'francais', 'fra'].includes(word))
    ? 'fr'
    : words.some((word) => ['en', 'english', 'anglais', 'eng', 'gb', 'uk'].includes(word))
      ? 'en'
      : null;
  return { kind: kind && (DOCUMENT_KINDS as readonly string[]).includes(kind) ? kind : null, lang };
}

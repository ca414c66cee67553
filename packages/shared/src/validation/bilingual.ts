import type { Language } from '../i18n/messages';

/**
 * Texts members read in their own language (issue 32) are written in both or in neither: an optional text given in
 * one language only would print in that language on the other's pages. The work's optional bilingual texts:
 */
export const PAINTING_BILINGUAL_TEXTS = ['certificate_wording', 'custody_place'] as const;

const LANGS: readonly Language[] = ['en', 'fr'];
const written = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/**
 * The first `<text>_<lang>` left empty while the same text is written in the other language (`values` holds the
 * texts as they will be stored), or null when each text is in both languages or in neither.
 */
export function missingTranslation(
  values: Readonly<Record<string, unknown>>,
  texts: readonly string[] = PAINTING_BILINGUAL_TEXTS,
): string | null {
  for (const text of texts) {
    const given = LANGS.filter((lang) => written(values[`${text}_${lang}`]));
    if (given.length === 1) return `${text}_${LANGS.find((lang) => !given.includes(lang))}`;
  }
  return null;
}

import { countries, type TCountry } from '@parcelle/shared/countries';
import type { Language } from '@parcelle/shared/i18n/messages';

const sorted = new Map<Language, readonly TCountry[]>();

/** Countries sorted by their name in the language. */
export function countriesIn(language: Language): readonly TCountry[] {
  let list = sorted.get(language);
  if (!list) {
    const collator = new Intl.Collator(language, { sensitivity: 'base' });
    list = [...countries].sort((a, b) => collator.compare(a.name[language], b.name[language]));
    sorted.set(language, list);
  }
  return list;
}

/** Accent- and case-insensitive text for searching. */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

/** Countries whose name (in the language) or code matches the query. */
export function searchCountries(list: readonly TCountry[], query: string, language: Language): TCountry[] {
  const needle = fold(query);
  if (!needle) return [...list];
  return list.filter(
    (country) => fold(country.name[language]).includes(needle) || country.code.toLowerCase() === needle,
  );
}

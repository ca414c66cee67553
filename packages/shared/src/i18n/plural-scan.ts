/**
 * Where a number meets a noun (issue 31: "1 parts", "au plus 1 parts"): a text whose placeholder is followed by a
 * counted noun must be a plural form (i18next `count`: `key_one` / `key_other`, chosen by the language's rules —
 * French puts 0 and 1 in `_one`), or say the number without the noun after it. The locale tests of the site, the
 * console and the API's catalogue run `pluralProblems` over every text of both languages.
 */

/** Counted nouns, both languages, singular and plural ("part" in French is also a verb: see MONEY_PLACEHOLDERS). */
const NOUNS = [
  'parts?',
  'holders?',
  'détenteurs?',
  'hours?',
  'heures?',
  'days?',
  'jours?',
  'works?',
  'œuvres?',
  'members?',
  'membres?',
  'voters?',
  'votants?',
  'years?',
  'ans?',
  'années?',
  'minutes?',
  'seconds?',
  'secondes?',
  'levels?',
  'niveaux?',
  'codes?',
  'operations?',
  'opérations?',
  'units?',
  'unités?',
  'rows?',
  'lignes?',
  'payouts?',
  'virements?',
  'orders?',
  'ordres?',
  'investors?',
  'investisseurs?',
  'notifications?',
];

/** Placeholders that hold money, dates or names, never a count: "{{amount}} part vers…" is the verb. */
const NOT_COUNTS = /^(amount|price|value|date|reference|name|member|account|title|work|email|from|to|min|max_price)$/;

const NUMBER_THEN_NOUN = new RegExp(
  `\\{\\{\\s*(\\w+)\\s*\\}\\}(?:\\s|\\u00a0|\\u202f)+(?:${NOUNS.join('|')})(?![\\p{L}])`,
  'giu',
);
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

export type PluralProblem = { key: string; text: string; problem: string };

/**
 * The problems of a catalogue, given as [dotted key, text] pairs: a number followed by a noun outside a plural form
 * and a plural form without its `_one` / `_other` sibling.
 */
export function pluralProblems(texts: readonly (readonly [string, string])[]): PluralProblem[] {
  const problems: PluralProblem[] = [];
  const keys = new Set(texts.map(([key]) => key));
  for (const [key, text] of texts) {
    const plural = PLURAL_SUFFIX.test(key);
    for (const match of text.matchAll(NUMBER_THEN_NOUN)) {
      const name = match[1] ?? '';
      if (NOT_COUNTS.test(name)) continue;
      // In a plural form the number may be `count` or the same number formatted for the language (the caller
      // passes both): the form was chosen by `count`.
      if (!plural) problems.push({ key, text, problem: `{{${name}}} meets a noun outside a plural form` });
    }
    if (plural) {
      const base = key.replace(PLURAL_SUFFIX, '');
      for (const form of ['one', 'other']) {
        if (!keys.has(`${base}_${form}`)) problems.push({ key, text, problem: `${base}_${form} is missing` });
      }
    }
  }
  return problems;
}

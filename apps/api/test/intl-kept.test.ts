import { describe, expect, it } from 'vitest';
import { linesMatching, SHARED_SRC, SRC } from './source-scan';

/**
 * Formatters are kept, not built per call (@parcelle/shared/intl): building an Intl object resolves its locale and
 * data, and the confirmations of a drop built one per email (4 % of the server's CPU, 30 November). The server and the
 * shared package take theirs from `dateTimeFormat`, `numberFormat` and `pluralRules`; `toLocaleString` with a locale
 * builds one too. Exempt: intl.ts (the keeper), the Paris calendar's two formatters (built once, kept in the module),
 * the country list's collator (used once, at import), and tests.
 */
const EXEMPT = [/^intl\.ts$/, /^french-calendar\.ts$/, /^countries\.ts$/, /\.test\.ts$/];
const BUILT_PER_CALL = [
  /new Intl\.(?:DateTimeFormat|NumberFormat|PluralRules|RelativeTimeFormat)\(/,
  /\.toLocale(?:Date|Time)?String\(/,
];

describe('Intl formatters are kept', () => {
  it('no server or shared source builds one where it formats', () => {
    expect(linesMatching(SRC, EXEMPT, BUILT_PER_CALL)).toEqual([]);
    expect(linesMatching(SHARED_SRC, EXEMPT, BUILT_PER_CALL)).toEqual([]);
  });

  it('the check sees each form it forbids', () => {
    const forms = [
      "new Intl.DateTimeFormat('fr-FR', { dateStyle: 'full' }).format(at)",
      'new Intl.PluralRules(lang).select(n)',
      "available.toLocaleString('fr-FR')",
      "at.toLocaleDateString('en-GB')",
    ];
    for (const form of forms) expect(BUILT_PER_CALL.some((pattern) => pattern.test(form))).toBe(true);
  });
});

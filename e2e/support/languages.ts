import type { Language } from '../pages/auth';

const LANGUAGES: readonly Language[] = ['en', 'fr'];

/**
 * The language(s) a journey runs in. Each journey runs once, in the language it names; the journeys alternate, about
 * half in French (docs/testing.md lists them). The other language of the same screens is covered by the accessibility
 * pass (accessibility.e2e.ts: every route of the site in both languages, at both widths) and by the unit tests that
 * hold the catalogues to the same keys (apps/web and apps/admin locales.test.ts, packages/shared messages.test.ts).
 *
 * `E2E_LANGUAGES=en,fr` runs every journey in both languages (one after the other, as before issue 27);
 * `E2E_LANGUAGES=en` (or `fr`) runs every journey in that one.
 */
export function journeyLanguages(own: Language, chosen = process.env.E2E_LANGUAGES): readonly Language[] {
  if (!chosen) return [own];
  const named = chosen
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = named.filter((name) => !LANGUAGES.includes(name as Language));
  if (named.length === 0 || unknown.length > 0) {
    throw new Error(`E2E_LANGUAGES names ${unknown.join(', ') || 'nothing'}: use en, fr or en,fr`);
  }
  return LANGUAGES.filter((language) => named.includes(language));
}

import { countries as countryFacts, type TContinentCode, type TCountryCode } from 'countries-list';
import isoCountries from 'i18n-iso-countries';
// The locale files are imported statically (not through the package's node entry, which loads every
// language from disk) so that Vite bundles exactly these two and the list also works in the browser.
import enLocale from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import frLocale from 'i18n-iso-countries/langs/fr.json' with { type: 'json' };
import { getCountryCallingCode, isSupportedCountry } from 'libphonenumber-js/min';
import type { Currency } from './constants';
import type { Language, Localized } from './i18n/messages';

/**
 * The country list of spec §3 (name {en, fr}, two-letter code, continent), plus the phone dial code
 * used by the phone field. Built from `i18n-iso-countries` (names) and `countries-list` (continent,
 * dial code) rather than typed by hand.
 */

export type TContinent = 'Europe' | 'Asia' | 'Africa' | 'North America' | 'South America' | 'Oceania' | 'Europe/Asia';

export type TCountry = {
  /** ISO 3166-1 alpha-2, upper case ("FR"). */
  code: string;
  name: Localized;
  continent: TContinent;
  /** Country calling code with its plus sign ("+33"). */
  dialCode: string;
};

isoCountries.registerLocale(enLocale);
isoCountries.registerLocale(frLocale);

const CONTINENTS: Record<Exclude<TContinentCode, 'AN'>, TContinent> = {
  EU: 'Europe',
  AS: 'Asia',
  AF: 'Africa',
  NA: 'North America',
  SA: 'South America',
  OC: 'Oceania',
};

/** Spec §3 names exactly these two as transcontinental; others (Kazakhstan, Georgia…) keep their main continent. */
const EUROPE_ASIA = new Set(['RU', 'TR']);

function continentOf(code: string, main: TContinentCode): TContinent | null {
  if (EUROPE_ASIA.has(code)) return 'Europe/Asia';
  return main === 'AN' ? null : CONTINENTS[main];
}

/**
 * countries-list gives some dial codes with an area code (Jamaica 1876, Curaçao 5999) or an outdated one
 * (Kosovo 377). The phone rule of spec §5 counts the digits left after the dial code (2 to 7 is invalid),
 * so the dial code must be the country calling code itself: libphonenumber's, the metadata the phone
 * check in validation/fields.ts uses. countries-list is the fallback for codes libphonenumber lacks.
 */
function dialCodeOf(code: string, phones: readonly number[]): string | null {
  if (isSupportedCountry(code)) return `+${getCountryCallingCode(code)}`;
  const first = phones[0];
  return first === undefined ? null : `+${first}`;
}

function buildCountries(): TCountry[] {
  const english = isoCountries.getNames('en', { select: 'official' });
  const french = isoCountries.getNames('fr', { select: 'official' });
  const list: TCountry[] = [];
  for (const [code, en] of Object.entries(english)) {
    const fr = french[code];
    const facts = countryFacts[code as TCountryCode];
    if (!fr || !facts) continue;
    // Antarctica and the uninhabited southern islands (continent AN) fit none of the spec's continents.
    const continent = continentOf(code, facts.continent);
    const dialCode = dialCodeOf(code, facts.phone);
    if (!continent || !dialCode) continue;
    list.push({ code, name: { en, fr }, continent, dialCode });
  }
  const collator = new Intl.Collator('en');
  return list.sort((a, b) => collator.compare(a.name.en, b.name.en));
}

/** Every country, sorted by English name. */
export const countries: readonly TCountry[] = Object.freeze(buildCountries());

const byCode = new Map(countries.map((country) => [country.code, country]));

/** The country of a two-letter code, in any case; undefined when unknown. */
export function findCountry(code: string): TCountry | undefined {
  return byCode.get(code.trim().toUpperCase());
}

/** Europe and Europe/Asia count as European (spec §1: they register in EURO). */
export function isEuropean(code: string): boolean {
  const continent = findCountry(code)?.continent;
  return continent === 'Europe' || continent === 'Europe/Asia';
}

/** Registration currency (spec §1): EURO for a European country, USD otherwise (unknown codes included). */
export function currencyForCountry(code: string): Currency {
  return isEuropean(code) ? 'EURO' : 'USD';
}

/** Name of a country in a language; undefined when the code is unknown. */
export function countryName(code: string, lang: Language): string | undefined {
  return findCountry(code)?.name[lang];
}

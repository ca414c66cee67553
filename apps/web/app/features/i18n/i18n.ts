import { FALLBACK_LANGUAGE, LANGUAGES } from '@parcelle/shared/constants';
import { type Language, messages } from '@parcelle/shared/i18n/messages';
import i18next, { type i18n as I18n } from 'i18next';
import LanguageDetector, { type DetectorOptions } from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';
import fr from './locales/fr.json';
import { LANGUAGE_COOKIE, LANGUAGE_PARAM } from './request-language';

type Tree = { [key: string]: string | Tree };

/**
 * Each area keeps its texts in `locales/<area>.<lang>.json` (one top-level key per area), so that work on
 * one area does not touch another's file; they are merged with the common `en.json` / `fr.json` here.
 */
const areaFiles = import.meta.glob<Tree>('./locales/*.*.json', { eager: true, import: 'default' });

export function translations(language: Language): Tree {
  const merged: Tree = { ...((language === 'fr' ? fr : en) as Tree) };
  for (const [path, tree] of Object.entries(areaFiles)) {
    if (!path.endsWith(`.${language}.json`)) continue;
    for (const [key, value] of Object.entries(tree)) {
      if (key in merged) throw new Error(`locale key "${key}" of ${path} is already defined`);
      merged[key] = value;
    }
  }
  return merged;
}

/** The shared catalogue (API messages and validation keys) in one language, for the `msg` namespace. */
export function catalogue(language: Language): Record<string, string> {
  return Object.fromEntries(Object.entries(messages).map(([key, text]) => [key, text[language]]));
}

export const resources = {
  en: { translation: translations('en'), msg: catalogue('en') },
  fr: { translation: translations('fr'), msg: catalogue('fr') },
} as const;

/** fr-FR, FR, fr_CA… → fr; anything else is left to the supported-languages filter. */
export function toLanguageOnly(code: string): string {
  return code.trim().toLowerCase().split(/[-_]/)[0] ?? code;
}

/**
 * The html tag comes right after the URL: the server rendered the page in the language it chose from the same
 * signals (request-language.ts: ?lng=, the cookie, Accept-Language), and the browser must start in that one to
 * hydrate without a change. The choice is kept in a cookie as well, for the server to read on the next page.
 */
export const detection: DetectorOptions = {
  order: ['querystring', 'htmlTag', 'localStorage', 'cookie', 'navigator'],
  lookupQuerystring: LANGUAGE_PARAM,
  lookupLocalStorage: 'i18nextLng',
  lookupCookie: LANGUAGE_COOKIE,
  caches: ['localStorage', 'cookie'],
  cookieMinutes: 60 * 24 * 365,
  cookieOptions: { path: '/', sameSite: 'lax' },
  convertDetectedLanguage: toLanguageOnly,
};

function reflectOnDocument(language: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = toLanguageOnly(language);
}

/** Initialises the shared i18next instance once (synchronously: every resource is bundled). */
export function initI18n(): I18n {
  if (i18next.isInitialized) return i18next;
  if (typeof window !== 'undefined') i18next.use(LanguageDetector);
  i18next.use(initReactI18next).init({
    resources,
    supportedLngs: [...LANGUAGES],
    load: 'languageOnly',
    fallbackLng: FALLBACK_LANGUAGE,
    ns: ['translation', 'msg'],
    defaultNS: 'translation',
    interpolation: { escapeValue: false },
    detection,
    initAsync: false,
    react: { useSuspense: false },
  });
  i18next.on('languageChanged', reflectOnDocument);
  reflectOnDocument(i18next.resolvedLanguage ?? FALLBACK_LANGUAGE);
  return i18next;
}

export { i18next as i18n };

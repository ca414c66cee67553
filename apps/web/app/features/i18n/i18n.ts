import { FALLBACK_LANGUAGE, LANGUAGES } from '@parcelle/shared/constants';
import type { Language } from '@parcelle/shared/i18n/messages';
import i18next, { type i18n as I18n } from 'i18next';
import LanguageDetector, { type DetectorOptions } from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import type { Bundle, Tree } from './bundle';
import { LANGUAGE_COOKIE, LANGUAGE_PARAM } from './request-language';

/** Each language is its own chunk (translations.<lang>.ts). */
const bundleLoaders: Record<Language, () => Promise<{ default: Bundle }>> = {
  en: () => import('./translations.en'),
  fr: () => import('./translations.fr'),
};

function pageLanguage(): Language {
  const short = typeof document === 'undefined' ? '' : toLanguageOnly(document.documentElement.lang);
  return (LANGUAGES as readonly string[]).includes(short) ? (short as Language) : FALLBACK_LANGUAGE;
}

/**
 * The texts loaded before anything renders (top-level await: the route modules that import this one wait for it).
 * The server and the unit tests render in both languages; the browser loads only the page's language — the one
 * the server rendered it in, written in the html tag — and fetches the other when the visitor switches
 * (`loadLanguage`), so the first load carries one language (issue 14).
 */
const preloaded: Partial<Record<Language, Bundle>> = {};
for (const language of import.meta.env.SSR || import.meta.env.MODE === 'test' ? LANGUAGES : [pageLanguage()]) {
  preloaded[language] = (await bundleLoaders[language]()).default;
}

function loaded(language: Language): Bundle {
  const bundle = preloaded[language];
  if (!bundle) throw new Error(`the ${language} texts are not loaded`);
  return bundle;
}

/** The merged texts of one language (the bundles the server and the tests hold). */
export function translations(language: Language): Tree {
  return loaded(language).translation;
}

/** The shared catalogue (API messages and validation keys) in one language: the `msg` namespace. */
export function catalogue(language: Language): Record<string, string> {
  return loaded(language).msg;
}

/** Makes a language's texts available before switching to it (a no-op once loaded). */
export async function loadLanguage(language: Language): Promise<void> {
  if (i18next.hasResourceBundle(language, 'translation')) return;
  const bundle = preloaded[language] ?? (await bundleLoaders[language]()).default;
  preloaded[language] = bundle;
  i18next.addResourceBundle(language, 'translation', bundle.translation, true, true);
  i18next.addResourceBundle(language, 'msg', bundle.msg, true, true);
}

export const resources = Object.fromEntries(
  Object.entries(preloaded).map(([language, bundle]) => [
    language,
    { translation: bundle.translation, msg: bundle.msg },
  ]),
);

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

/** Initialises the shared i18next instance once (synchronously: the page's texts are loaded above). */
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
    // Only the page's language is bundled in the browser: the other one is added when the visitor picks it.
    partialBundledLanguages: true,
  });
  i18next.on('languageChanged', reflectOnDocument);
  reflectOnDocument(i18next.resolvedLanguage ?? FALLBACK_LANGUAGE);
  return i18next;
}

export { i18next as i18n };

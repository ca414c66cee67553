import { FALLBACK_LANGUAGE, LANGUAGES } from '@parcelle/shared/constants';
import type { Language } from '@parcelle/shared/i18n/messages';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { type Bundle, mergeAreas, type Tree } from './bundle';
import { languageDetector, toLanguageOnly } from './language-detector';

/** Each language is its own chunk (translations.<lang>.ts). */
const bundleLoaders: Record<Language, () => Promise<{ default: Bundle }>> = {
  en: () => import('./translations.en'),
  fr: () => import('./translations.fr'),
};

/** The member area's texts (member-texts.<lang>.ts), a chunk of their own per language. */
const memberLoaders: Record<Language, () => Promise<{ default: Tree }>> = {
  en: () => import('./member-texts.en'),
  fr: () => import('./member-texts.fr'),
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
/** The languages whose member texts are in i18next (all of them on the server and in the tests). */
const memberLoaded = new Set<Language>();
const everything = import.meta.env.SSR || import.meta.env.MODE === 'test';
for (const language of everything ? LANGUAGES : [pageLanguage()]) {
  const bundle = (await bundleLoaders[language]()).default;
  preloaded[language] = everything
    ? {
        ...bundle,
        translation: mergeAreas(bundle.translation, { 'member-texts': (await memberLoaders[language]()).default }),
      }
    : bundle;
  if (everything) memberLoaded.add(language);
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
  // A member who switches language on a member page needs that language's member texts as well.
  if (memberLoaded.size > 0) await addMemberTexts(language);
}

async function addMemberTexts(language: Language): Promise<void> {
  if (memberLoaded.has(language)) return;
  const texts = (await memberLoaders[language]()).default;
  i18next.addResourceBundle(language, 'translation', texts, true, true);
  memberLoaded.add(language);
}

/**
 * Adds the member area's texts (portfolio, finance, history, market, withdrawals) for every language loaded so far;
 * the member area's layout route awaits it before its first render. A no-op once done.
 */
export async function loadMemberTexts(): Promise<void> {
  const languages = LANGUAGES.filter((language) => i18next.hasResourceBundle(language, 'translation'));
  await Promise.all(languages.map(addMemberTexts));
}

export const resources = Object.fromEntries(
  Object.entries(preloaded).map(([language, bundle]) => [
    language,
    { translation: bundle.translation, msg: bundle.msg },
  ]),
);

export { toLanguageOnly };

function reflectOnDocument(language: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = toLanguageOnly(language);
}

/** Initialises the shared i18next instance once (synchronously: the page's texts are loaded above). */
export function initI18n(): I18n {
  if (i18next.isInitialized) return i18next;
  // The browser picks the language from the URL, the html tag, the saved choice (language-detector.ts); the server
  // renders with a per-request clone in the language request-language.ts chose.
  if (typeof window !== 'undefined') i18next.use(languageDetector);
  i18next.use(initReactI18next).init({
    resources,
    supportedLngs: [...LANGUAGES],
    load: 'languageOnly',
    fallbackLng: FALLBACK_LANGUAGE,
    ns: ['translation', 'msg'],
    defaultNS: 'translation',
    interpolation: { escapeValue: false },
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

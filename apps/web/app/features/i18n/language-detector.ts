import { PREFERENCE_COOKIE_MAX_AGE } from '@parcelle/shared/preferences';
import type { LanguageDetectorModule } from 'i18next';
import { cookieValue, LANGUAGE_COOKIE, LANGUAGE_PARAM } from './request-language';

/** Where the browser keeps the visitor's choice (the key i18next's browser detector used: kept for returning visitors). */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';
/** The cookie the server reads on the next page (request-language.ts) lives a year. */
const COOKIE_MAX_AGE_SECONDS = PREFERENCE_COOKIE_MAX_AGE;

/** fr-FR, FR, fr_CA… → fr; anything else is left to the supported-languages filter. */
export function toLanguageOnly(code: string): string {
  return code.trim().toLowerCase().split(/[-_]/)[0] ?? code;
}

function storedLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null; // storage refused (private mode, blocked cookies): the other signals decide
  }
}

/**
 * The browser's language signals, in order: the URL's `?lng=`, the html tag (the language the server rendered the
 * page in, from the same signals: request-language.ts), the saved choice (localStorage, then the cookie), the
 * browser's languages. i18next takes the first supported one. This replaces i18next-browser-languagedetector (issue 14:
 * 1.8 KB of the first load for five lookups), with the same order, keys and cookie.
 */
export function detectedLanguages(): string[] {
  const candidates = [
    new URLSearchParams(window.location.search).get(LANGUAGE_PARAM),
    document.documentElement.lang,
    storedLanguage(),
    cookieValue(document.cookie, LANGUAGE_COOKIE),
    ...(navigator.languages ?? [navigator.language]),
  ];
  return candidates.filter((code): code is string => Boolean(code?.trim())).map(toLanguageOnly);
}

/** Keeps the visitor's language in localStorage and in the cookie the server reads. */
export function saveLanguage(language: string): void {
  if (language === 'cimode') return; // i18next's "show the keys" mode is never a visitor's choice
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // storage refused: the cookie still carries the choice
  }
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser this site supports
  document.cookie = `${LANGUAGE_COOKIE}=${encodeURIComponent(language)}; max-age=${COOKIE_MAX_AGE_SECONDS}; path=/; samesite=lax`;
}

export const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect: detectedLanguages,
  cacheUserLanguage: saveLanguage,
};

import type { I18nProvider } from '@refinedev/core';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from '../locales/en';
import { fr } from '../locales/fr';

export type Language = 'en' | 'fr';
export const LANGUAGE_KEY = 'parcelle_admin_language';

function storedLanguage(): Language | null {
  try {
    const value = window.localStorage.getItem(LANGUAGE_KEY);
    return value === 'en' || value === 'fr' ? value : null;
  } catch {
    return null;
  }
}

/** The chosen language, else the browser's first (fr or en), else English. */
export function initialLanguage(): Language {
  const stored = typeof window === 'undefined' ? null : storedLanguage();
  if (stored) return stored;
  const browser = typeof navigator === 'undefined' ? 'en' : navigator.language.slice(0, 2).toLowerCase();
  return browser === 'fr' ? 'fr' : 'en';
}

// Typed: the project is composite (tsc -b), so its exports must be nameable in a declaration.
export const i18n: I18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, fr: { translation: fr } },
  lng: initialLanguage(),
  fallbackLng: 'en',
  supportedLngs: ['en', 'fr'],
  interpolation: { escapeValue: false },
  initAsync: false,
});

export function currentLanguage(): Language {
  return i18n.language === 'fr' ? 'fr' : 'en';
}

function applyLanguage(language: Language) {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
applyLanguage(currentLanguage());

/** Refine's i18nProvider over the console's i18next instance: menu names, notifications and our screens alike. */
export const i18nProvider: I18nProvider = {
  translate: (key, options, defaultMessage) =>
    String(i18n.t(key, { ...(typeof options === 'object' ? options : {}), defaultValue: defaultMessage ?? key })),
  changeLocale: async (locale) => {
    const language: Language = locale === 'fr' ? 'fr' : 'en';
    try {
      window.localStorage.setItem(LANGUAGE_KEY, language);
    } catch {
      // Private mode: the choice lasts for this page only.
    }
    await i18n.changeLanguage(language);
    applyLanguage(language);
  },
  getLocale: () => currentLanguage(),
};

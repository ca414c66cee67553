import { FALLBACK_LANGUAGE, LANGUAGES } from '@parcelle/shared/constants';
import type { Language } from '@parcelle/shared/i18n/messages';
import { useTranslation } from 'react-i18next';
import { i18n } from './i18n';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * On the server one process renders pages in both languages at once: the renderer tells which language the
 * page being rendered is in (entry.server.tsx, per request), so that code reading the language outside React
 * (`localized`, the API client) reads that page's and not a global one.
 */
let serverLanguage: (() => Language | undefined) | null = null;

export function setServerLanguageSource(source: () => Language | undefined) {
  serverLanguage = source;
}

/** The language the interface is shown in: en or fr, never fr-FR. */
export function currentLanguage(): Language {
  const rendering = serverLanguage?.();
  if (rendering) return rendering;
  const resolved = i18n.resolvedLanguage ?? i18n.language;
  const short = typeof resolved === 'string' ? resolved.slice(0, 2).toLowerCase() : '';
  return isLanguage(short) ? short : FALLBACK_LANGUAGE;
}

/** Picks the current language of an `{en, fr}` text. */
export function localized(text: { en: string; fr: string }, language: Language = currentLanguage()): string {
  return text[language] ?? text.en;
}

/** The current language as state: components using it re-render when the visitor switches language. */
export function useLanguage(): Language {
  const { i18n: instance } = useTranslation();
  const resolved = instance.resolvedLanguage ?? instance.language;
  const short = typeof resolved === 'string' ? resolved.slice(0, 2).toLowerCase() : '';
  return isLanguage(short) ? short : FALLBACK_LANGUAGE;
}

// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { detectedLanguages, LANGUAGE_STORAGE_KEY, saveLanguage } from './language-detector';
import { cookieValue, LANGUAGE_COOKIE } from './request-language';

afterEach(() => {
  localStorage.clear();
  // biome-ignore lint/suspicious/noDocumentCookie: the detector reads document.cookie
  document.cookie = `${LANGUAGE_COOKIE}=; max-age=0; path=/`;
  document.documentElement.lang = '';
  window.history.replaceState(null, '', '/');
  vi.restoreAllMocks();
});

describe('the browser language detector', () => {
  it('reads the URL, then the html tag, then the saved choice, then the cookie, then the browser', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE', 'en-GB']);
    window.history.replaceState(null, '', '/?lng=fr-FR');
    document.documentElement.lang = 'en';
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    // biome-ignore lint/suspicious/noDocumentCookie: the detector reads document.cookie
    document.cookie = `${LANGUAGE_COOKIE}=en; path=/`;
    expect(detectedLanguages()).toEqual(['fr', 'en', 'fr', 'en', 'de', 'en']);
    window.history.replaceState(null, '', '/');
    document.documentElement.lang = '';
    expect(detectedLanguages()).toEqual(['fr', 'en', 'de', 'en']);
  });

  it('keeps the choice under the i18nextLng key and in the cookie the server reads, never i18next’s cimode', () => {
    saveLanguage('fr');
    expect(localStorage.getItem('i18nextLng')).toBe('fr');
    expect(cookieValue(document.cookie, LANGUAGE_COOKIE)).toBe('fr');
    saveLanguage('cimode');
    expect(localStorage.getItem('i18nextLng')).toBe('fr');
  });
});

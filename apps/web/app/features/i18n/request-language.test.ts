import { describe, expect, it } from 'vitest';
import { acceptedLanguage, requestLanguage } from './request-language';

const request = (url: string, headers: Record<string, string> = {}) =>
  new Request(`https://parcelle.example${url}`, { headers });

describe('the language of a server-rendered page', () => {
  it('follows ?lng= first, then the saved choice, then Accept-Language, then English', () => {
    const all = { cookie: 'theme=x; i18next=fr', 'accept-language': 'fr-FR,fr;q=0.9' };
    expect(requestLanguage(request('/artists?lng=en', all))).toBe('en');
    expect(requestLanguage(request('/artists', { ...all, cookie: 'i18next=en' }))).toBe('en');
    expect(requestLanguage(request('/artists', { 'accept-language': 'fr-CA,en;q=0.5' }))).toBe('fr');
    expect(requestLanguage(request('/artists'))).toBe('en');
  });

  it('ignores what it does not support and reads weights', () => {
    expect(requestLanguage(request('/?lng=de', { cookie: 'i18next=es', 'accept-language': 'de,fr;q=0.4' }))).toBe('fr');
    expect(acceptedLanguage('en;q=0.2, fr;q=0.8')).toBe('fr');
    expect(acceptedLanguage('fr;q=0, en-GB')).toBe('en');
    expect(acceptedLanguage('*')).toBeUndefined();
    expect(acceptedLanguage(null)).toBeUndefined();
    expect(requestLanguage(request('/', { cookie: 'i18next=%E0%A4%A' }))).toBe('en');
  });
});

// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../i18n/i18n';
import { STORAGE_KEYS } from '../session/storage';
import { changeLanguage } from './language';

initI18n();

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  window.localStorage.clear();
  fetchMock = vi.fn(
    async () =>
      new Response(JSON.stringify({ status: 200, data: { lang: 'fr' } }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('language change (spec §4)', () => {
  it("saves a signed-in member's language on the server, after the interface has changed", async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, 'access');
    window.localStorage.setItem(STORAGE_KEYS.userData, JSON.stringify({ iev: true, lang: 'en' }));
    const done = changeLanguage('fr');
    expect(i18n.resolvedLanguage).toBe('fr');
    await done;
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/user/language');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ lang: 'fr' });
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.userData) ?? '{}').lang).toBe('fr');
  });

  it('saves nothing for a visitor or when asked not to', async () => {
    await changeLanguage('fr');
    window.localStorage.setItem(STORAGE_KEYS.token, 'access');
    await changeLanguage('en', { save: false });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(i18n.resolvedLanguage).toBe('en');
  });
});

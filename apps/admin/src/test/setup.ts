import { emptyWindow } from '@parcelle/shared/testing/fresh-window';
import { configure } from '@testing-library/react';
import { beforeAll, vi } from 'vitest';

// `findBy…` and `waitFor` wait up to 5 s instead of 1 s: a console page's first render (Refine's providers, the data
// grid) takes longer than a second on a loaded 2-core machine, which is not what these tests test.
configure({ asyncUtilTimeout: 5_000 });

/**
 * MUI's styles (Emotion's one cache) are inserted into the shared window's head once per rule and kept: by a worker's
 * late files the head held about 1,500 style elements, against the few hundred a file draws with, and jsdom reads them
 * all at each computed style (axe's contrast checks, the forms). Emptied before each file, as a fresh window starts.
 */
async function forgetStyles(): Promise<void> {
  const [{ withEmotionCache }, { createElement }, { flushSync }, { createRoot }] = await Promise.all([
    import('@emotion/react'),
    import('react'),
    import('react-dom'),
    import('react-dom/client'),
  ]);
  type Cache = { sheet: { flush(): void }; inserted: Record<string, unknown>; registered: Record<string, unknown> };
  let cache: Cache | null = null;
  const Read = withEmotionCache((_props: object, found) => {
    cache = found as unknown as Cache;
    return null;
  });
  const root = createRoot(document.createElement('div'));
  flushSync(() => root.render(createElement(Read)));
  root.unmount();
  const found = cache as Cache | null;
  if (!found) throw new Error("Emotion's cache was not found");
  found.sheet.flush();
  found.inserted = {};
  found.registered = {};
}

// The project runs its files without isolation (vitest.config.ts, decision 573), as the web app's do (decision 511):
// one worker's files share the modules they import and one jsdom window (its document, location, storage and
// cookies). What a file leaves there must not reach the next file, whatever that file's own hooks clean.
beforeAll(async () => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.useRealTimers();
  if (typeof window === 'undefined') return;
  emptyWindow();
  await forgetStyles();
  // The console's one i18next instance outlives the file that switched it: each file starts in English, as a fresh
  // window without a stored choice does (jsdom's navigator says en-US).
  const { i18nProvider } = await import('../providers/i18n');
  await i18nProvider.changeLocale('en');
  window.localStorage.clear();
});

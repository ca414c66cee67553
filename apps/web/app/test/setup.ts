import { emptyWindow } from '@parcelle/shared/testing/fresh-window';
import { configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { CURRENCY_COOKIE } from '../features/preferences/request-currency';

// jsdom keeps cookies for the whole file, unlike the localStorage the tests clear: a currency one test picks (kept in
// a cookie as well, for the server) must not leak into the next test.
afterEach(() => {
  if (typeof document === 'undefined') return;
  // biome-ignore lint/suspicious/noDocumentCookie: the cookie the code under test writes, reset between tests.
  document.cookie = `${CURRENCY_COOKIE}=; path=/; max-age=0`;
});

// `findBy…` and `waitFor` wait up to 5 s instead of 1 s: a lazy screen's first render (its chunk imported, its
// translations loaded) takes longer than a second on a loaded 2-core machine, which is not what these tests test.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no modal dialogs (HTMLDialogElement.showModal): what the footer's dialogs need of one, for tests that open
// them through the page's state. A browser's own behaviour (focus, Escape, invoker commands) is proven in e2e.
if (typeof HTMLDialogElement !== 'undefined' && typeof HTMLDialogElement.prototype.showModal !== 'function') {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}

// The `web` project runs its files without isolation (vitest.config.ts, decision 511): one worker's files share the
// modules they import and, in Vitest 4, one jsdom window too (its document, location, storage, cookies and the
// listeners on them). What a file leaves there must not reach the next file, whatever that file's own hooks clean.
beforeAll(async () => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.useRealTimers();
  if (typeof window === 'undefined') return;
  // The one i18next instance outlives the file that switched it to French; and initialised here, every file finds it
  // so, whichever file the worker ran before (a file that switches language before its first render relied on an
  // earlier file's, and failed in a shuffled order). First: switching saves the language in localStorage and a
  // cookie, which are cleared below, as a fresh window has neither.
  const { i18n, initI18n } = await import('../features/i18n/i18n');
  initI18n();
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
  emptyWindow();
});

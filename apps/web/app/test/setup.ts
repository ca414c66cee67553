import { configure } from '@testing-library/react';
import { afterEach } from 'vitest';
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

import { afterEach } from 'vitest';
import { CURRENCY_COOKIE } from '../features/preferences/request-currency';

// jsdom keeps cookies for the whole file, unlike the localStorage the tests clear: a currency one test picks (kept in
// a cookie as well, for the server) must not leak into the next test.
afterEach(() => {
  if (typeof document === 'undefined') return;
  // biome-ignore lint/suspicious/noDocumentCookie: the cookie the code under test writes, reset between tests.
  document.cookie = `${CURRENCY_COOKIE}=; path=/; max-age=0`;
});

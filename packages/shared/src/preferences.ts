/**
 * A visitor's language and display currency live in two cookies, so that the server renders every page in them
 * (spec §3 also keeps them in localStorage; the cookies are what the server reads). The web app writes them when the
 * chooser is used with JavaScript, the API's `POST /preferences` when the chooser's form is sent without it (issue
 * 33: public pages work with JavaScript off).
 */
// No schema library in this file: every page's first load reads these names (the form's schema is the API's).
export const LANGUAGE_COOKIE = 'i18next';
export const CURRENCY_COOKIE = 'currency';
/** A year. */
export const PREFERENCE_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;
/** The query parameter that names a page's language (hreflang alternates, shared links); it wins over the cookie. */
export const LANGUAGE_PARAM = 'lng';

/**
 * Where the chooser's form sends the visitor back: a path of this site only (one leading slash, no scheme, host or
 * backslash: never an open redirect), without `?lng=`, which would otherwise outrank the language just chosen.
 */
export function returnPath(value: string | undefined): string {
  if (!value?.startsWith('/') || value.startsWith('//') || /[\\\s]/.test(value)) return '/';
  const url = new URL(value, 'http://site.invalid');
  if (url.origin !== 'http://site.invalid') return '/';
  url.searchParams.delete(LANGUAGE_PARAM);
  return `${url.pathname}${url.search}${url.hash}`;
}

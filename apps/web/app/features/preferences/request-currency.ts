import { CURRENCIES, type Currency, DEFAULT_CURRENCY } from '@parcelle/shared/constants';
import { CURRENCY_COOKIE } from '@parcelle/shared/preferences';
import { cookieValue, type RequestLike } from '../i18n/request-language';

/**
 * The cookie the display currency is kept in besides localStorage (spec §3), so that the server renders public pages
 * in the visitor's currency and the browser hydrates them without switching (decision "currency of a server-rendered
 * page").
 */
export { CURRENCY_COOKIE, PREFERENCE_COOKIE_MAX_AGE as CURRENCY_COOKIE_MAX_AGE } from '@parcelle/shared/preferences';

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

/** The currency named by a `Cookie` header (or `document.cookie`), if it names a supported one. */
export function cookieCurrency(header: string | null | undefined): Currency | undefined {
  const value = cookieValue(header ?? null, CURRENCY_COOKIE);
  return isCurrency(value) ? value : undefined;
}

/** The currency a page is rendered in: the visitor's saved choice (cookie), else the default. */
export function requestCurrency(request: RequestLike): Currency {
  return cookieCurrency(request.headers.get('cookie')) ?? DEFAULT_CURRENCY;
}

import { CURRENCIES, type Currency, DEFAULT_CURRENCY } from '@parcelle/shared/constants';
import { cookieValue } from '../i18n/request-language';

/**
 * The cookie the display currency is kept in besides localStorage (spec §3), so that the server renders public pages
 * in the visitor's currency and the browser hydrates them without switching (decision "currency of a server-rendered
 * page").
 */
export const CURRENCY_COOKIE = 'currency';
/** A year, like the language cookie. */
export const CURRENCY_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

/** The currency named by a `Cookie` header (or `document.cookie`), if it names a supported one. */
export function cookieCurrency(header: string | null | undefined): Currency | undefined {
  const value = cookieValue(header ?? null, CURRENCY_COOKIE);
  return isCurrency(value) ? value : undefined;
}

/** The currency a page is rendered in: the visitor's saved choice (cookie), else the default. */
export function requestCurrency(request: Request): Currency {
  return cookieCurrency(request.headers.get('cookie')) ?? DEFAULT_CURRENCY;
}

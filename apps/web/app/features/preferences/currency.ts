import { type Currency, DEFAULT_CURRENCY } from '@parcelle/shared/constants';
import { useSyncExternalStore } from 'react';
import { CURRENCY_COOKIE, CURRENCY_COOKIE_MAX_AGE, cookieCurrency, isCurrency } from './request-currency';

export { isCurrency };

/** localStorage key of the display currency (spec §3). */
export const CURRENCY_KEY = 'currency';

const listeners = new Set<() => void>();

/**
 * On the server one process renders pages in several currencies at once: the renderer tells which currency the
 * page being rendered is in (entry.server.tsx, per request, from the cookie).
 */
let serverCurrency: (() => Currency | undefined) | null = null;

export function setServerCurrencySource(source: () => Currency | undefined) {
  serverCurrency = source;
}

function storedCurrency(): Currency | undefined {
  try {
    const stored = window.localStorage.getItem(CURRENCY_KEY);
    return isCurrency(stored) ? stored : undefined;
  } catch {
    return undefined;
  }
}

function documentCurrency(): Currency | undefined {
  return typeof document === 'undefined' ? undefined : cookieCurrency(document.cookie);
}

/** The currency the server rendered this page in: the cookie it read (the browser sends the same one). */
export function renderedCurrency(): Currency {
  if (typeof window === 'undefined') return serverCurrency?.() ?? DEFAULT_CURRENCY;
  return documentCurrency() ?? DEFAULT_CURRENCY;
}

/**
 * The cookie first: it is what the server renders with, and a page without JavaScript changes it alone (the
 * chooser's form, `POST /preferences`); localStorage (spec §3) follows it (`subscribe`).
 */
export function getCurrency(): Currency {
  if (typeof window === 'undefined') return serverCurrency?.() ?? DEFAULT_CURRENCY;
  return documentCurrency() ?? storedCurrency() ?? DEFAULT_CURRENCY;
}

function writeCookie(currency: Currency) {
  // biome-ignore lint/suspicious/noDocumentCookie: the server reads it from the request (no Cookie Store API there).
  document.cookie = `${CURRENCY_COOKIE}=${currency}; path=/; max-age=${CURRENCY_COOKIE_MAX_AGE}; samesite=lax`;
}

export function setCurrency(currency: Currency) {
  try {
    window.localStorage.setItem(CURRENCY_KEY, currency);
  } catch {
    // Private mode: the choice lasts for this page only (and the cookie below).
  }
  writeCookie(currency);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // A choice saved before the cookie existed (localStorage only): the server learns it for the next page. A choice
  // made on a page without JavaScript (the cookie alone): localStorage learns it.
  const stored = storedCurrency();
  const cookie = documentCurrency();
  if (stored && !cookie) writeCookie(stored);
  else if (cookie && stored !== cookie) {
    try {
      window.localStorage.setItem(CURRENCY_KEY, cookie);
    } catch {
      // Private mode: the cookie alone keeps it.
    }
  }
  const onStorage = (event: StorageEvent) => {
    if (event.key === CURRENCY_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * The display currency as state. Hydration starts from the currency the server rendered in (the cookie), so a
 * server-rendered page keeps its amounts; a choice kept only in localStorage applies right after.
 */
export function useCurrency(): Currency {
  return useSyncExternalStore(subscribe, getCurrency, renderedCurrency);
}

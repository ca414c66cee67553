import { CURRENCIES, type Currency, DEFAULT_CURRENCY } from '@parcelle/shared/constants';
import { useSyncExternalStore } from 'react';

/** localStorage key of the display currency (spec §3). */
export const CURRENCY_KEY = 'currency';

const listeners = new Set<() => void>();

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

export function getCurrency(): Currency {
  try {
    const stored = typeof window === 'undefined' ? null : window.localStorage.getItem(CURRENCY_KEY);
    return isCurrency(stored) ? stored : DEFAULT_CURRENCY;
  } catch {
    return DEFAULT_CURRENCY;
  }
}

export function setCurrency(currency: Currency) {
  try {
    window.localStorage.setItem(CURRENCY_KEY, currency);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === CURRENCY_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useCurrency(): Currency {
  return useSyncExternalStore(subscribe, getCurrency, () => DEFAULT_CURRENCY);
}

import { findCountry } from '@parcelle/shared/countries';
import { useEffect, useState } from 'react';
import { apiData } from '../session/api';
import { useHydrated } from '../ssr/use-hydrated';

/** localStorage key of the cached geolocation country (spec §3). */
export const GEO_KEY = 'geoCountry';
/** The phone's default country when the visitor's country is unknown (spec §9). */
export const DEFAULT_PHONE_COUNTRY = 'FR';
const MAX_AGE_MS = 7 * 24 * 3600 * 1000;

type Cached = { country: string | null; at: number };

function readCache(): Cached | null {
  try {
    const raw = window.localStorage.getItem(GEO_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<Cached>;
    if (typeof value.at !== 'number' || Date.now() - value.at > MAX_AGE_MS) return null;
    return { country: typeof value.country === 'string' ? value.country : null, at: value.at };
  } catch {
    return null;
  }
}

function known(code: string | null | undefined): string | null {
  return code && findCountry(code) ? code.toUpperCase() : null;
}

let pending: Promise<string | null> | null = null;

/** GET /geo once per page load at most, kept a week in localStorage; null when the country is unknown. */
export function geoCountry(): Promise<string | null> {
  const cached = typeof window === 'undefined' ? null : readCache();
  if (cached) return Promise.resolve(known(cached.country));
  pending ??= apiData<{ country: string | null }>('/geo')
    .then(({ country }) => {
      const code = known(country);
      try {
        window.localStorage.setItem(GEO_KEY, JSON.stringify({ country: code, at: Date.now() } satisfies Cached));
      } catch {
        // Private mode: asked again on the next page load.
      }
      return code;
    })
    .catch(() => null)
    .finally(() => {
      // The answer is kept in localStorage: the next call reads it there (or asks again in private mode).
      pending = null;
    });
  return pending;
}

/** The phone input's default country: the cached geolocation country, else France (spec §9). */
export function usePhoneDefaultCountry(): string {
  // While a server-rendered form hydrates, France, as the server rendered it (no storage there); the effect then reads
  // the cache. A form mounted later in the browser starts from the cache at once.
  const hydrated = useHydrated();
  const [country, setCountry] = useState(() => (hydrated && known(readCache()?.country)) || DEFAULT_PHONE_COUNTRY);
  useEffect(() => {
    let live = true;
    void geoCountry().then((code) => {
      if (live && code) setCountry(code);
    });
    return () => {
      live = false;
    };
  }, []);
  return country;
}

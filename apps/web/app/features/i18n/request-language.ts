import { FALLBACK_LANGUAGE, LANGUAGES } from '@parcelle/shared/constants';
import type { Language } from '@parcelle/shared/i18n/messages';

import { LANGUAGE_COOKIE, LANGUAGE_PARAM } from '@parcelle/shared/preferences';

/** The query parameter of a page's language and the cookie of the visitor's choice (one definition, in shared). */
export { LANGUAGE_COOKIE, LANGUAGE_PARAM };

function asLanguage(value: string | null | undefined): Language | undefined {
  const short = value?.trim().toLowerCase().split(/[-_]/)[0];
  return (LANGUAGES as readonly string[]).includes(short ?? '') ? (short as Language) : undefined;
}

/** One cookie of a `Cookie` header (or `document.cookie`), decoded; undefined when absent or malformed. */
export function cookieValue(header: string | null, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** The first supported language of an Accept-Language header, by its q weights (RFC 9110 §12.5.4). */
export function acceptedLanguage(header: string | null): Language | undefined {
  const ranked = (header ?? '')
    .split(',')
    .map((entry, index) => {
      const [range = '', ...params] = entry.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { language: asLanguage(range), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.language && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return ranked[0]?.language;
}

/** The language the address itself names (`?lng=`), if any: such an address is one of a page's hreflang alternates. */
export function urlLanguage(url: URL): Language | undefined {
  return asLanguage(url.searchParams.get(LANGUAGE_PARAM));
}

/** What the server's choices of a page's language and currency read of a request: its address and its headers. */
export type RequestLike = { url: string; headers: Pick<Headers, 'get'> };

/**
 * The language a page is rendered in (decision "language of a server-rendered page"): the URL's `?lng=` first
 * (what hreflang alternates and shared links carry), then the visitor's saved choice (cookie), then the
 * browser's Accept-Language, then English.
 */
export function requestLanguage(request: RequestLike): Language {
  const url = new URL(request.url);
  return (
    urlLanguage(url) ??
    asLanguage(cookieValue(request.headers.get('cookie'), LANGUAGE_COOKIE)) ??
    acceptedLanguage(request.headers.get('accept-language')) ??
    FALLBACK_LANGUAGE
  );
}

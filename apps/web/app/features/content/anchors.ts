import { withoutCredentials } from '@parcelle/shared/links';

/** The anchor of a heading: lower case, accents dropped, words joined by "-" ("Qui sommes-nous ?" → "qui-sommes-nous"). */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'section';
}

/** One unique anchor per heading, in order: a repeated heading gets "-2", "-3"… */
export function headingAnchors(texts: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return texts.map((text) => {
    const base = slugify(text);
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return count === 1 ? base : `${base}-${count}`;
  });
}

/**
 * A link from the content store, made safe to render: site paths ("/about"), http(s) and mailto only, without
 * credentials.
 * Anything else (javascript:, data:…) is refused and the block is shown without a link.
 */
export function safeHref(href: string): { href: string; external: boolean } | null {
  const value = href.trim();
  if (value.startsWith('/') && !value.startsWith('//')) return { href: value, external: false };
  try {
    const url = new URL(value);
    // An address with a user name or password in it is never shown (the operators' rule, links.ts; issue 26).
    if (!withoutCredentials(url)) return null;
    if (url.protocol === 'http:' || url.protocol === 'https:') return { href: url.toString(), external: true };
    if (url.protocol === 'mailto:') return { href: value, external: false };
  } catch {
    return null;
  }
  return null;
}

/** The host shown under an external link ("www.lemonde.fr" → "lemonde.fr"). */
export function hostOf(href: string): string {
  try {
    return new URL(href).hostname.replace(/^www\./, '');
  } catch {
    return '';
  }
}

import { LANGUAGES } from '@parcelle/shared/constants';
import { CONTENT_TYPES } from '@parcelle/shared/contracts/catalogue';

/**
 * sitemap.xml and robots.txt (issue 14): every public page, each with its hreflang alternates (the `?lng=` address
 * of each language, and the plain address as x-default), as the pages' own `<link rel=alternate>` say
 * (apps/web/app/features/ssr/seo.ts).
 */

/** The public pages that are not about one artist or one work. Certificates are left out (one holder's each). */
export const PUBLIC_PATHS = [
  '/',
  '/artists',
  '/primary-market',
  '/secondary-market',
  '/gallery',
  '/exits',
  '/contact',
  ...CONTENT_TYPES.map((type) => `/${type}`),
] as const;

export type SitemapEntry = { path: string; lastModified?: Date };

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function languageUrl(origin: string, path: string, language: string): string {
  const url = new URL(path, origin);
  url.searchParams.set('lng', language);
  return url.toString();
}

/** One `<url>` per page and language, each listing all the alternates (Google's hreflang sitemap format). */
export function sitemapXml(origin: string, entries: SitemapEntry[]): string {
  const urls = entries.flatMap((entry) => {
    const alternates = [
      ...LANGUAGES.map(
        (language) =>
          `<xhtml:link rel="alternate" hreflang="${language}" href="${escapeXml(languageUrl(origin, entry.path, language))}"/>`,
      ),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(new URL(entry.path, origin).toString())}"/>`,
    ].join('');
    const lastmod = entry.lastModified ? `<lastmod>${entry.lastModified.toISOString().slice(0, 10)}</lastmod>` : '';
    return LANGUAGES.map(
      (language) =>
        `<url><loc>${escapeXml(languageUrl(origin, entry.path, language))}</loc>${lastmod}${alternates}</url>`,
    );
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** Member, operator, API and development paths stay out of search engines; the rest is open. */
export const DISALLOWED_PATHS = [
  '/api/',
  '/dev/',
  '/user/',
  '/admin/',
  '/buy',
  '/login',
  '/register',
  '/forgot',
  '/connexion',
  '/email-confirm',
  '/verify-email',
  '/change-password',
  '/reset-password/',
  '/set-password/',
  '/account/',
  '/newsletter/',
  '/certificates/',
] as const;

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    'Allow: /',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

import { LANGUAGES } from '@parcelle/shared/constants';
import type { Language } from '@parcelle/shared/i18n/messages';
import type { MetaDescriptor } from 'react-router';
import type { ArtworkImageSources } from '../catalogue/image-sources';
import { LANGUAGE_PARAM } from '../i18n/request-language';

/** What a public page tells search engines and link previews (computed by its loader, in the page's language). */
export type PageSeo = {
  /** The page's own title; the document's is "title · Parcelle" as usePageMeta writes it in the browser. */
  title: string;
  siteName: string;
  description: string;
  language: Language;
  /** The site's public origin (PUBLIC_URL), and the page's path with its significant query (e.g. ?page=2). */
  origin: string;
  path: string;
  type: 'website' | 'article' | 'profile';
  /** Absolute URL of the artwork shown in previews, with its text alternative. */
  image?: { url: string; alt: string };
  /** The page's largest image: preloaded with high priority. */
  preload?: ArtworkImageSources;
  /** schema.org objects (JSON-LD). */
  structuredData?: Record<string, unknown>[];
  /**
   * The address did not name the language (no `?lng=`): the page is the `x-default` alternate, which negotiates the
   * language, and is its own canonical (pointing it at `?lng=en` would declare one language's page canonical for an
   * address that shows French to French readers, and search engines read a canonical to another hreflang alternate
   * as a mistake).
   */
  negotiated?: boolean;
  /** Not to be indexed (e.g. an unknown painting's page). */
  noindex?: boolean;
};

const OG_LOCALE: Record<Language, string> = { en: 'en_GB', fr: 'fr_FR' };

/** The address of a page in one language: `?lng=` is the URL signal of the language (decision "language URL"). */
export function languageUrl(origin: string, path: string, language: Language): string {
  const url = new URL(path, origin);
  url.searchParams.set(LANGUAGE_PARAM, language);
  return url.toString();
}

export function documentTitle(title: string, siteName: string): string {
  return title && title !== siteName ? `${title} · ${siteName}` : siteName;
}

/** A `<link rel=preload>` for the page's largest image, with the sources its `<img>` has. */
export function imagePreload(sources: ArtworkImageSources): MetaDescriptor {
  return {
    tagName: 'link',
    rel: 'preload',
    as: 'image',
    href: sources.src,
    ...(sources.srcSet ? { imageSrcSet: sources.srcSet, imageSizes: sources.sizes } : {}),
    ...(sources.type ? { type: sources.type } : {}),
    fetchPriority: 'high',
  };
}

/** Title, description, canonical and hreflang alternates, Open Graph and Twitter cards, JSON-LD, the LCP preload. */
export function seoMeta(seo: PageSeo | undefined): MetaDescriptor[] {
  if (!seo) return [];
  const title = documentTitle(seo.title, seo.siteName);
  const negotiatedUrl = new URL(seo.path, seo.origin).toString();
  const canonical = seo.negotiated ? negotiatedUrl : languageUrl(seo.origin, seo.path, seo.language);
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: seo.description },
    { tagName: 'link', rel: 'canonical', href: canonical },
    ...LANGUAGES.map((language) => ({
      tagName: 'link',
      rel: 'alternate',
      hrefLang: language,
      href: languageUrl(seo.origin, seo.path, language),
    })),
    { tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: negotiatedUrl },
    { property: 'og:site_name', content: seo.siteName },
    { property: 'og:type', content: seo.type },
    { property: 'og:title', content: seo.title || seo.siteName },
    { property: 'og:description', content: seo.description },
    { property: 'og:url', content: canonical },
    { property: 'og:locale', content: OG_LOCALE[seo.language] },
    ...LANGUAGES.filter((language) => language !== seo.language).map((language) => ({
      property: 'og:locale:alternate',
      content: OG_LOCALE[language],
    })),
    { name: 'twitter:card', content: seo.image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: seo.title || seo.siteName },
    { name: 'twitter:description', content: seo.description },
  ];
  if (seo.image) {
    tags.push(
      { property: 'og:image', content: seo.image.url },
      { property: 'og:image:alt', content: seo.image.alt },
      { name: 'twitter:image', content: seo.image.url },
      { name: 'twitter:image:alt', content: seo.image.alt },
    );
  }
  if (seo.noindex) tags.push({ name: 'robots', content: 'noindex' });
  if (seo.preload) tags.push(imagePreload(seo.preload));
  for (const data of seo.structuredData ?? []) tags.push({ 'script:ld+json': data });
  return tags;
}

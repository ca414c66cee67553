import { describe, expect, it } from 'vitest';
import { artworkImageSources, PAINTING_MAIN_SIZES } from '../catalogue/image-sources';
import { documentTitle, type PageSeo, seoMeta } from './seo';

const page: PageSeo = {
  title: 'Raw Linen No. 12 — Elsa Vanterpool',
  siteName: 'Parcelle',
  description: 'Three thin lines.',
  language: 'fr',
  origin: 'https://parcelle.example',
  path: '/primary-market/details/p1',
  type: 'article',
  image: { url: 'https://parcelle.example/media/a/cover.webp', alt: 'Raw Linen No. 12' },
  preload: artworkImageSources('/media/a/cover.webp', PAINTING_MAIN_SIZES),
  structuredData: [{ '@type': 'VisualArtwork', name: 'Raw Linen No. 12' }],
};

type Tag = Record<string, unknown>;
const find = (tags: Tag[], key: string, value: string) => tags.find((tag) => tag[key] === value);

describe('the SEO block of a public page', () => {
  it('names the page in its language with a canonical address and the en, fr and x-default alternates', () => {
    const tags = seoMeta(page) as Tag[];
    expect(tags[0]).toEqual({ title: 'Raw Linen No. 12 — Elsa Vanterpool · Parcelle' });
    expect(find(tags, 'rel', 'canonical')?.href).toBe('https://parcelle.example/primary-market/details/p1?lng=fr');
    const alternates = tags.filter((tag) => tag.rel === 'alternate').map((tag) => [tag.hrefLang, tag.href]);
    expect(alternates).toEqual([
      ['en', 'https://parcelle.example/primary-market/details/p1?lng=en'],
      ['fr', 'https://parcelle.example/primary-market/details/p1?lng=fr'],
      ['x-default', 'https://parcelle.example/primary-market/details/p1'],
    ]);
    expect(find(tags, 'property', 'og:locale')?.content).toBe('fr_FR');
    expect(find(tags, 'property', 'og:url')?.content).toBe(find(tags, 'rel', 'canonical')?.href);
  });

  it('makes the address without ?lng= (the x-default alternate, which negotiates) its own canonical', () => {
    const tags = seoMeta({ ...page, negotiated: true }) as Tag[];
    expect(find(tags, 'rel', 'canonical')?.href).toBe('https://parcelle.example/primary-market/details/p1');
    expect(find(tags, 'hrefLang', 'x-default')?.href).toBe(find(tags, 'rel', 'canonical')?.href);
    expect(find(tags, 'property', 'og:url')?.content).toBe('https://parcelle.example/primary-market/details/p1');
    expect(find(tags, 'hrefLang', 'fr')?.href).toBe('https://parcelle.example/primary-market/details/p1?lng=fr');
    expect(find(tags, 'property', 'og:locale')?.content).toBe('fr_FR');
  });

  it('shares the artwork image in Open Graph and Twitter cards, and preloads the main image with high priority', () => {
    const tags = seoMeta(page) as Tag[];
    expect(find(tags, 'property', 'og:image')?.content).toBe('https://parcelle.example/media/a/cover.webp');
    expect(find(tags, 'name', 'twitter:card')?.content).toBe('summary_large_image');
    expect(find(tags, 'name', 'twitter:image')?.content).toBe('https://parcelle.example/media/a/cover.webp');
    const preload = find(tags, 'rel', 'preload');
    expect(preload).toMatchObject({ as: 'image', href: '/media/a/cover.webp', fetchPriority: 'high' });
    expect(preload?.imageSrcSet).toContain('/media/a/cover.webp?w=640&f=avif 640w');
    expect(preload?.type).toBe('image/avif');
    expect(preload?.imageSizes).toBe(PAINTING_MAIN_SIZES);
    expect(tags.find((tag) => 'script:ld+json' in tag)).toEqual({ 'script:ld+json': page.structuredData?.[0] });
    expect(find(tags, 'name', 'robots')).toBeUndefined();
  });

  it('keeps an unknown page out of indexes, and a page without image gets a summary card', () => {
    const tags = seoMeta({ ...page, image: undefined, preload: undefined, noindex: true }) as Tag[];
    expect(find(tags, 'name', 'robots')?.content).toBe('noindex');
    expect(find(tags, 'name', 'twitter:card')?.content).toBe('summary');
    expect(find(tags, 'rel', 'preload')).toBeUndefined();
    expect(documentTitle('Parcelle', 'Parcelle')).toBe('Parcelle');
  });

  it('preloads images outside /media as they are, without renditions', () => {
    expect(artworkImageSources('https://elsewhere.example/a.jpg', PAINTING_MAIN_SIZES)).toEqual({
      src: 'https://elsewhere.example/a.jpg',
    });
  });
});

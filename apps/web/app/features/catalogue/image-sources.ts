import type { TPaintingDetail } from '@parcelle/shared/contracts/catalogue';
import { mediaUrl } from './format';

/**
 * Everything about the responsive sources of an image: the renditions the server makes, the `<picture>` sources of
 * ArtworkImage, the sizes each page shows its main image at, and the preload link of a page's largest image.
 */

/** Widths the server renders (apps/api/src/modules/media/renditions.ts). */
export const RENDITION_WIDTHS = [320, 480, 640, 960, 1280] as const;

/** Formats the server renders, best first: a browser takes the first `<source>` whose type it knows. */
const FORMATS = [
  { type: 'image/avif', f: 'avif' },
  { type: 'image/webp', f: 'webp' },
] as const;

/** How wide the main image of a painting's page is shown (features/paintings/Gallery.tsx). */
export const PAINTING_MAIN_SIZES = '(min-width: 1024px) 700px, 90vw';
/** How wide the home page's hero work is shown (features/home/HomeHero.tsx). */
export const HOME_HERO_SIZES = '(max-width: 900px) 90vw, 560px';
/** How wide a work's card is shown on a market list: 3 columns from md (max 1320 − padding), 2 from sm, 1 below. */
export const PAINTING_CARD_SIZES = '(min-width: 900px) 400px, (min-width: 600px) 45vw, 90vw';
/** How wide an artist's portrait is shown on the artist's page (features/artists/ArtistDetailScreen.tsx). */
export const ARTIST_PORTRAIT_SIZES = '(max-width: 899px) 100vw, 520px';

export type ImageSource = { type: 'image/avif' | 'image/webp'; srcSet: string };
/** What a `<picture>` needs: sources by format, a fallback src and the sizes. */
export type ImageSources = { src: string; sizes: string; sources: ImageSource[] };
/** The sources of one artwork image as a page shows it: what its `<img>` and its preload link both carry. */
export type ArtworkImageSources = { src: string; srcSet?: string; sizes?: string; type?: string };

/** Only images served by the media route (same origin, or the configured CDN in front of it) have renditions. */
export function hasRenditions(src: string): boolean {
  return src.includes('/media/');
}

/** The `srcset` of a /media image in one format: one entry per rendition width (`?w=640&f=avif 640w`). */
export function srcSetOf(src: string, format: 'avif' | 'webp' = 'webp'): string {
  const separator = src.includes('?') ? '&' : '?';
  const suffix = format === 'webp' ? '' : `&f=${format}`;
  return RENDITION_WIDTHS.map((width) => `${src}${separator}w=${width}${suffix} ${width}w`).join(', ');
}

/**
 * The responsive sources of an image: AVIF then WebP renditions at every width, the original as the fallback `src`.
 * An image from elsewhere (an absolute URL outside /media/) has only its `src`.
 */
export function imageSources(src: string, sizes: string): ImageSources {
  if (!hasRenditions(src)) return { src, sizes, sources: [] };
  return { src, sizes, sources: FORMATS.map(({ type, f }) => ({ type, srcSet: srcSetOf(src, f) })) };
}

/**
 * The sources of an artwork image at the size the page shows it, for the page's `<link rel="preload" as="image">`
 * (features/ssr/seo.ts `imagePreload`): the very sources the `<img>` picks from, so the browser fetches that rendition
 * once — the first (best) format of the `<picture>` (AVIF) with its type, so a browser that cannot decode it skips
 * the preload and takes the WebP source of the page.
 */
export function artworkImageSources(src: string, sizes: string): ArtworkImageSources {
  const [best] = imageSources(src, sizes).sources;
  if (!best) return { src };
  return { src, srcSet: best.srcSet, sizes, type: best.type };
}

/** The images of a painting's detail page, in gallery order, without repeats: its images, else its cover. */
export function paintingImageUrls(painting: Pick<TPaintingDetail, 'images' | 'cover_img'>, baseUrl: string): string[] {
  const keys = painting.images.length > 0 ? painting.images : [painting.cover_img];
  return [...new Set(keys.map((key) => mediaUrl(baseUrl, key)).filter((url): url is string => Boolean(url)))];
}

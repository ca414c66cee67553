import { imageSources } from '../catalogue/image-sources';

/** How wide the main image of a painting's page is shown (Gallery.tsx), for the browser's pick in `srcset`. */
export const PAINTING_MAIN_SIZES = '(min-width: 1024px) 700px, 90vw';
/** How wide the home page's hero work is shown (HomeHero.tsx). */
export const HOME_HERO_SIZES = '(max-width: 900px) 90vw, 560px';

/** The sources of one artwork image as a page shows it: what its `<img>` and its preload link both carry. */
export type ArtworkImageSources = { src: string; srcSet?: string; sizes?: string; type?: string };

/**
 * The sources of an artwork image at the size the page shows it. The page's largest image is preloaded from the
 * very same sources (features/ssr/seo.ts `imagePreload`), so the browser fetches the rendition the `<img>` will
 * pick, once: the first (best) format of the `<picture>` (AVIF, features/catalogue/image-sources.ts), with its type, so
 * a browser that cannot decode it skips the preload and takes the WebP source of the page.
 */
export function artworkImageSources(src: string, sizes: string): ArtworkImageSources {
  const [best] = imageSources(src, sizes).sources;
  if (!best) return { src };
  return { src, srcSet: best.srcSet, sizes, type: best.type };
}

/** How wide an artist's portrait is shown on the artist's page (ArtistDetailScreen.tsx). */
export const ARTIST_PORTRAIT_SIZES = '(max-width: 899px) 100vw, 520px';

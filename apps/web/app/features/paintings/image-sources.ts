import type { TPaintingDetail } from '@parcelle/shared/contracts/catalogue';
import { mediaUrl } from '../catalogue/format';
import { type ImageSources, imageSources } from '../catalogue/image-sources';

import { PAINTING_MAIN_SIZES } from './artwork-image-sources';

/** How wide the painting detail's main image is shown (features/paintings/Gallery.tsx). */
export const DETAIL_IMAGE_SIZES = PAINTING_MAIN_SIZES;

/** The images of a painting's detail page, in gallery order, without repeats: its images, else its cover. */
export function paintingImageUrls(painting: Pick<TPaintingDetail, 'images' | 'cover_img'>, baseUrl: string): string[] {
  const keys = painting.images.length > 0 ? painting.images : [painting.cover_img];
  return [...new Set(keys.map((key) => mediaUrl(baseUrl, key)).filter((url): url is string => Boolean(url)))];
}

/**
 * The largest image of a painting's detail page (its LCP element) as responsive sources: for the page itself and for
 * a `<link rel="preload" as="image" imagesrcset imagesizes type fetchpriority="high">` in the head (one per format
 * is not needed: preload the first source, AVIF, which every browser that preloads with imagesrcset decodes).
 * Undefined when the painting has no image.
 */
export function artworkImageSources(
  painting: Pick<TPaintingDetail, 'images' | 'cover_img'>,
  baseUrl: string,
): ImageSources | undefined {
  const [first] = paintingImageUrls(painting, baseUrl);
  return first ? imageSources(first, DETAIL_IMAGE_SIZES) : undefined;
}

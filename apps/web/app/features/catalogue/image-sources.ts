/** Widths the server renders (apps/api/src/modules/media/renditions.ts). */
export const RENDITION_WIDTHS = [320, 480, 640, 960, 1280] as const;

/** Formats the server renders, best first: a browser takes the first `<source>` whose type it knows. */
const FORMATS = [
  { type: 'image/avif', f: 'avif' },
  { type: 'image/webp', f: 'webp' },
] as const;

export type ImageSource = { type: 'image/avif' | 'image/webp'; srcSet: string };
/** What a `<picture>` (or a `<link rel=preload as=image>`) needs: sources by format, a fallback src and the sizes. */
export type ImageSources = { src: string; sizes: string; sources: ImageSource[] };

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

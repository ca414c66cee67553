import { describe, expect, it } from 'vitest';
import { artworkImageSources, DETAIL_IMAGE_SIZES, paintingImageUrls } from './image-sources';

describe('artworkImageSources (the detail page LCP image, for the page and the head preload)', () => {
  it('gives AVIF then WebP renditions at every width, the original as fallback, same-origin by default', () => {
    const sources = artworkImageSources(
      { images: ['artworks/a/1.webp', 'artworks/a/2.webp'], cover_img: 'c' },
      '/media/',
    );
    expect(sources?.src).toBe('/media/artworks/a/1.webp');
    expect(sources?.sizes).toBe(DETAIL_IMAGE_SIZES);
    expect(sources?.sources.map((source) => source.type)).toEqual(['image/avif', 'image/webp']);
    expect(sources?.sources[0]?.srcSet.split(', ')).toEqual([
      '/media/artworks/a/1.webp?w=320&f=avif 320w',
      '/media/artworks/a/1.webp?w=480&f=avif 480w',
      '/media/artworks/a/1.webp?w=640&f=avif 640w',
      '/media/artworks/a/1.webp?w=960&f=avif 960w',
      '/media/artworks/a/1.webp?w=1280&f=avif 1280w',
    ]);
    expect(sources?.sources[1]?.srcSet.split(', ')[0]).toBe('/media/artworks/a/1.webp?w=320 320w');
  });

  it('follows a configured CDN base, and falls back to the cover without images', () => {
    const sources = artworkImageSources({ images: [], cover_img: 'artworks/b/c.webp' }, 'https://cdn.example/media/');
    expect(sources?.src).toBe('https://cdn.example/media/artworks/b/c.webp');
    expect(sources?.sources[0]?.srcSet).toContain('https://cdn.example/media/artworks/b/c.webp?w=320&f=avif 320w');
  });

  it('has no renditions for an image from elsewhere, and nothing without an image', () => {
    expect(artworkImageSources({ images: ['https://other.example/x.jpg'], cover_img: '' }, '/media/')?.sources).toEqual(
      [],
    );
    expect(artworkImageSources({ images: [], cover_img: '' }, '/media/')).toBeUndefined();
    expect(paintingImageUrls({ images: ['a', 'a', 'b'], cover_img: 'c' }, '/media/')).toEqual(['/media/a', '/media/b']);
  });
});

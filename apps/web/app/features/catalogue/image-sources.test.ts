import { describe, expect, it } from 'vitest';
import {
  ARTIST_PORTRAIT_SIZES,
  artworkImageSources,
  HOME_HERO_SIZES,
  imageSources,
  PAINTING_MAIN_SIZES,
  paintingImageUrls,
  srcSetOf,
} from './image-sources';

describe('imageSources (the <picture> of an artwork)', () => {
  it('gives AVIF then WebP renditions at every width, the original as fallback, same-origin by default', () => {
    const [first] = paintingImageUrls(
      { images: ['artworks/a/1.webp', 'artworks/a/2.webp'], cover_img: 'c' },
      '/media/',
    );
    const sources = imageSources(first ?? '', PAINTING_MAIN_SIZES);
    expect(sources.src).toBe('/media/artworks/a/1.webp');
    expect(sources.sizes).toBe(PAINTING_MAIN_SIZES);
    expect(sources.sources.map((source) => source.type)).toEqual(['image/avif', 'image/webp']);
    expect(sources.sources[0]?.srcSet.split(', ')).toEqual([
      '/media/artworks/a/1.webp?w=320&f=avif 320w',
      '/media/artworks/a/1.webp?w=480&f=avif 480w',
      '/media/artworks/a/1.webp?w=640&f=avif 640w',
      '/media/artworks/a/1.webp?w=960&f=avif 960w',
      '/media/artworks/a/1.webp?w=1280&f=avif 1280w',
    ]);
    expect(sources.sources[1]?.srcSet.split(', ')[0]).toBe('/media/artworks/a/1.webp?w=320 320w');
  });

  it('follows a configured CDN base, and keeps a query the URL already has', () => {
    const [cover] = paintingImageUrls({ images: [], cover_img: 'artworks/b/c.webp' }, 'https://cdn.example/media/');
    expect(cover).toBe('https://cdn.example/media/artworks/b/c.webp');
    expect(imageSources(cover ?? '', HOME_HERO_SIZES).sources[0]?.srcSet).toContain(
      'https://cdn.example/media/artworks/b/c.webp?w=320&f=avif 320w',
    );
    expect(srcSetOf('/media/a.webp?v=2').split(', ')[0]).toBe('/media/a.webp?v=2&w=320 320w');
  });

  it('has no renditions for an image from elsewhere; a painting without images has no URL', () => {
    expect(imageSources('https://other.example/x.jpg', ARTIST_PORTRAIT_SIZES).sources).toEqual([]);
    expect(paintingImageUrls({ images: [], cover_img: '' }, '/media/')).toEqual([]);
    expect(paintingImageUrls({ images: ['a', 'a', 'b'], cover_img: 'c' }, '/media/')).toEqual(['/media/a', '/media/b']);
  });
});

describe('artworkImageSources (the preload link of a page’s largest image)', () => {
  it('preloads the AVIF renditions the <img> picks from, with the type and the sizes the page shows', () => {
    expect(artworkImageSources('/media/artworks/a/1.webp', HOME_HERO_SIZES)).toEqual({
      src: '/media/artworks/a/1.webp',
      srcSet: srcSetOf('/media/artworks/a/1.webp', 'avif'),
      sizes: HOME_HERO_SIZES,
      type: 'image/avif',
    });
  });

  it('preloads the image itself when it comes from elsewhere', () => {
    expect(artworkImageSources('https://other.example/x.jpg', PAINTING_MAIN_SIZES)).toEqual({
      src: 'https://other.example/x.jpg',
    });
  });
});

import { describe, expect, it } from 'vitest';
import { composition } from './seed-catalogue';
import { SEED_ARTISTS, SEED_PAINTINGS } from './seed-catalogue-data';

/**
 * Issue 17: a seeded work's description says what its cover shows. The covers are drawn by `composition` from the
 * work's kind and its artist's palette; what can be counted in the drawing (the discs, the fields) and the direction
 * of its stripes and bands must be what the text says, in both languages.
 */

const COUNT = {
  en: ['', 'One', 'Two', 'Three', 'Four'],
  fr: ['', 'Un', 'Deux', 'Trois', 'Quatre'],
} as const;

function cover(painting: (typeof SEED_PAINTINGS)[number]): string {
  const palette = SEED_ARTISTS.find((artist) => artist.slug === painting.artist)?.palette ?? [];
  const height = Math.round((1200 * painting.height) / painting.width);
  return composition(painting.composition, palette, 1200, height, `cover:${painting.slug}`);
}

describe('seeded descriptions match the seeded covers', () => {
  it.each(SEED_PAINTINGS.map((painting) => [painting.slug, painting] as const))('%s', (_slug, painting) => {
    const svg = cover(painting);
    const en = painting.descriptionEn;
    const fr = painting.descriptionFr;
    switch (painting.composition) {
      case 'circles': {
        const discs = svg.match(/<circle /g)?.length ?? 0;
        expect(en.startsWith(COUNT.en[discs] ?? '?'), en).toBe(true);
        expect(fr.startsWith(COUNT.fr[discs] ?? '?'), fr).toBe(true);
        break;
      }
      case 'fields': {
        // A field painted in the ground's own colour does not show: only the others are counted.
        const ground = /<rect [^>]*fill="([^"]+)"/.exec(svg)?.[1];
        const fields = [...svg.matchAll(/<rect [^>]*fill="([^"]+)" rx="18"/g)].filter((m) => m[1] !== ground).length;
        expect(en.startsWith(COUNT.en[fields] ?? '?'), en).toBe(true);
        expect(fr.startsWith(COUNT.fr[fields] ?? '?'), fr).toBe(true);
        break;
      }
      case 'stripes':
        expect(en).toMatch(/vertical (stripes|bands)/i);
        expect(fr).toMatch(/(rayures|bandes) verticales/i);
        expect(`${en} ${fr}`).not.toMatch(/horizonta/i);
        break;
      case 'band':
        expect(en).toMatch(/vertical band/);
        expect(fr).toMatch(/bande verticale/);
        break;
      case 'tesserae':
        expect(en).toMatch(/square tiles/);
        expect(fr).toMatch(/tesselles carrées/);
        break;
      case 'blocks': {
        const diagonal = svg.includes('<polygon');
        expect(/diagonal/.test(en), en).toBe(diagonal);
        expect(/diagonale/.test(fr), fr).toBe(diagonal);
        break;
      }
    }
  });
});

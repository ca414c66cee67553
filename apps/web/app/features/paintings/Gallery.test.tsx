// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PAINTING_MAX_IMAGES } from '@parcelle/shared/constants';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n/i18n';
import { Gallery } from './Gallery';

initI18n();
afterEach(cleanup);

/** The gallery's stylesheet: it shows the checked radio's image with a rule per image (decision 540). */
const css = readFileSync(join(import.meta.dirname, 'gallery.module.css'), 'utf8');

describe('the gallery shows the chosen image with no script (decision 540)', () => {
  it('has a rule for every image a work may have, each showing the image of its radio', () => {
    const rules = [...css.matchAll(/\[value="(\d+)"\]:checked\) \.main:nth-child\((\d+)\)/g)].map((match) => [
      Number(match[1]),
      Number(match[2]),
    ]);
    // Image 0 shows unless another is checked; 1 … max − 1 each have theirs, the (n + 1)th child of the frame.
    expect(rules).toEqual(Array.from({ length: PAINTING_MAX_IMAGES - 1 }, (_, index) => [index + 1, index + 2]));
    expect(css).toContain('.gallery:has(input:checked:not([value="0"])) .main:first-child');
  });

  it('shows no more images than its rules cover', () => {
    const images = Array.from({ length: PAINTING_MAX_IMAGES + 3 }, (_, index) => `https://media.test/w/${index}.webp`);
    render(<Gallery images={images} title="Raw Linen" />);
    expect(screen.getAllByTestId('painting-gallery-main')).toHaveLength(PAINTING_MAX_IMAGES);
    const radios = screen.getAllByRole('radio');
    expect(radios).toHaveLength(PAINTING_MAX_IMAGES);
    expect(radios.at(-1)?.getAttribute('value')).toBe(String(PAINTING_MAX_IMAGES - 1));
    expect(radios.at(-1)?.getAttribute('aria-label')).toBe(
      `Show image ${PAINTING_MAX_IMAGES} of ${PAINTING_MAX_IMAGES}`,
    );
  });
});

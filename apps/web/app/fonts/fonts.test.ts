// @vitest-environment node
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CODE_POINTS, FAMILIES, fontFaces, fontsDir, makeFont, unicodeRange } from '../../scripts/fonts.mjs';
import memberEn from '../features/i18n/member-texts.en';
import memberFr from '../features/i18n/member-texts.fr';
import en from '../features/i18n/translations.en';
import fr from '../features/i18n/translations.fr';

/** Every string of a catalogue, however deep. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

describe('the web fonts (decision 490)', () => {
  it('are the files scripts/fonts.mjs makes from the installed font packages', { timeout: 60_000 }, async () => {
    for (const font of FAMILIES) {
      const committed = readFileSync(join(fontsDir, font.file));
      const made = Buffer.from(await makeFont(font));
      expect(made.equals(committed), `${font.file}: run node apps/web/scripts/fonts.mjs`).toBe(true);
    }
    expect(readFileSync(join(fontsDir, 'fonts.css'), 'utf8')).toBe(await fontFaces());
  });

  it('hold every character of the English and French catalogues', () => {
    const kept = new Set(CODE_POINTS);
    const missing = new Set<string>();
    for (const text of [en, fr, memberEn, memberFr].flatMap(strings)) {
      for (const character of text) {
        const codePoint = character.codePointAt(0) ?? 0;
        // Arrows and the like are drawn by the next font of the stack, as they were before the subset.
        if (codePoint >= 0x2190 && codePoint <= 0x25ff) continue;
        if (!kept.has(codePoint)) missing.add(`U+${codePoint.toString(16).toUpperCase()} ${character}`);
      }
    }
    expect([...missing]).toEqual([]);
  });

  it('write a unicode-range as runs', () => {
    expect(unicodeRange([0x41, 0x20, 0x21, 0x22, 0x2019, 0x21])).toBe('U+0020-0022,U+0041,U+2019');
  });
});

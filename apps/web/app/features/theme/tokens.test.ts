import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fonts, palette } from '@parcelle/shared/brand';
import { describe, expect, it } from 'vitest';
import { PAGE_WIDTH } from '../layout/page-width';

/** The custom properties of tokens.css, by name (without `--parcelle-`). */
function tokens(): Record<string, string> {
  const css = readFileSync(join(import.meta.dirname, 'tokens.css'), 'utf8');
  const found: Record<string, string> = {};
  for (const match of css.matchAll(/--parcelle-([\w-]+):\s*([^;]+);/g)) {
    found[match[1] ?? ''] = (match[2] ?? '').replace(/\s+/g, ' ').trim();
  }
  return found;
}

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

describe('the design tokens of the CSS Modules (decision 493)', () => {
  it("are the brand's colours and type, as the MUI theme has them", () => {
    const css = tokens();
    for (const [name, value] of Object.entries(palette)) {
      expect(css[kebab(name)], name).toBe(value.toLowerCase());
    }
    expect(css['font-display']).toBe(fonts.display);
    expect(css['font-text']).toBe(fonts.text);
  });

  it("are the page's width as the MUI pages have it, and no module writes that width itself", () => {
    expect(tokens()['page-width']).toBe(`${PAGE_WIDTH.maxWidth}px`);
    const features = join(import.meta.dirname, '..');
    const modules = readdirSync(features, { recursive: true, encoding: 'utf8' }).filter((file) =>
      file.endsWith('.module.css'),
    );
    const own = modules.filter((file) =>
      readFileSync(join(features, file), 'utf8').includes(`max-width: ${PAGE_WIDTH.maxWidth}px`),
    );
    expect(own, 'modules with the page width written out rather than var(--parcelle-page-width)').toEqual([]);
  });
});

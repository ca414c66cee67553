#!/usr/bin/env node
/**
 * The site's two web fonts, made from the @fontsource-variable packages' latin files (decision 490): one variable
 * woff2 per family, subset to the characters English and French pages use and, for Inter, to the weights the site
 * uses. The files are committed in app/fonts/ (app/fonts/fonts.test.ts checks that they are what this script makes
 * from the installed packages); run it again after upgrading a font package or changing the lists below.
 *
 * Usage: node apps/web/scripts/fonts.mjs   (writes app/fonts/*.woff2 and app/fonts/fonts.css of this package)
 */
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';

const require = createRequire(import.meta.url);
const range = (from, to) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/**
 * The code points kept: printable ASCII, Latin-1 (French accents, « », the no-break space, ©, ×, ·, ²…), œ/Œ, and
 * the typographic punctuation the catalogues and content use (’ ‘ “ ” „ ‚ – — … • ‹ › ‰, the thin and narrow no-break
 * spaces that French number and currency formats put before € and between thousands, €, ™, the minus sign).
 * Another Latin letter (a Polish or Czech name) comes from the package's latin-ext file (fontFaces below); anything
 * else (an arrow) from the next font of the stack, as before.
 */
export const CODE_POINTS = [
  ...range(0x20, 0x7e),
  ...range(0xa0, 0xff),
  0x152,
  0x153,
  ...[0x2009, 0x200a, 0x2013, 0x2014, 0x2018, 0x2019, 0x201a, 0x201c, 0x201d, 0x201e, 0x2022, 0x2026, 0x202f],
  ...[0x2030, 0x2039, 0x203a, 0x20ac, 0x2122, 0x2212],
];

/**
 * The OpenType features kept: those a browser applies to Latin text by default, and the figure styles a rule of the
 * site may ask for (`font-variant-numeric: tabular-nums`, `lining-nums`; proportional and old-style are the fonts'
 * defaults). Fractions (frac, numr, dnom), which only `diagonal-fractions` turns on and no rule of the site does, are
 * dropped with their glyphs (about 1 KB a family); the latin files hold no other feature.
 */
export const FEATURES = ['rvrn', 'ccmp', 'locl', 'mark', 'mkmk', 'kern', 'liga', 'clig', 'calt', 'rlig', 'curs'];
FEATURES.push('dist', 'rclt', 'tnum', 'lnum', 'pnum', 'onum');

/**
 * Each family: its source file, the weight range kept (Inter is used at 400–700: text 400, labels and buttons 500,
 * emphasis 600, `<strong>` 700; Cormorant Garamond keeps its whole 300–700 axis, as limiting it makes the file no
 * smaller) and the file written.
 */
export const FAMILIES = [
  {
    family: 'Inter Variable',
    package: '@fontsource-variable/inter',
    source: 'inter-latin-wght-normal.woff2',
    extended: 'inter-latin-ext-wght-normal.woff2',
    weights: { min: 400, max: 700 },
    file: 'inter-latin-wght-400-700.woff2',
  },
  {
    family: 'Cormorant Garamond Variable',
    package: '@fontsource-variable/cormorant-garamond',
    source: 'cormorant-garamond-latin-wght-normal.woff2',
    extended: 'cormorant-garamond-latin-ext-wght-normal.woff2',
    weights: undefined,
    file: 'cormorant-garamond-latin-wght.woff2',
  },
];

export const fontsDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'app', 'fonts');

/** One family's subset, as bytes: the same bytes for the same installed packages. */
export async function makeFont({ package: name, source, weights }) {
  const original = await readFile(require.resolve(`${name}/files/${source}`));
  return subsetFont(original, String.fromCodePoint(...CODE_POINTS), {
    targetFormat: 'woff2',
    keepFeatures: FEATURES,
    ...(weights ? { variationAxes: { wght: weights } } : {}),
  });
}

const hex = (codePoint) => codePoint.toString(16).toUpperCase().padStart(4, '0');

/** `U+0020-007E,U+00A0-00FF,…`: the code points as CSS writes a unicode-range. */
export function unicodeRange(codePoints) {
  const sorted = [...new Set(codePoints)].sort((a, b) => a - b);
  const runs = [];
  for (const codePoint of sorted) {
    const last = runs.at(-1);
    if (last && codePoint === last[1] + 1) last[1] = codePoint;
    else runs.push([codePoint, codePoint]);
  }
  return runs.map(([from, to]) => (from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`)).join(',');
}

/**
 * The @font-face rules of the two families: the subset for what it holds, preloaded by root.tsx; before it, the
 * package's own latin-ext file for the rest of the Latin scripts (a name in Polish or Czech), fetched only by a page that has such
 * a letter. `swap`: text is drawn at once in the metric-matched fallback (app.css) and redrawn in place (decision 490).
 */
export async function fontFaces() {
  const unicode = JSON.parse(await readFile(require.resolve('@fontsource-variable/inter/unicode.json'), 'utf8'));
  const rules = FAMILIES.flatMap(({ family, package: name, extended, weights, file }) => {
    const weight = weights ? `${weights.min} ${weights.max}` : '300 700';
    const face = (src, range) =>
      `@font-face {\n  font-family: "${family}";\n  font-style: normal;\n  font-weight: ${weight};\n  font-display: swap;\n` +
      `  src: url("${src}") format("woff2");\n  unicode-range: ${range};\n}\n`;
    // The last rule is tried first for a character both name (œ, the combining accents): the subset's.
    return [face(`${name}/files/${extended}`, unicode['latin-ext']), face(`./${file}`, unicodeRange(CODE_POINTS))];
  });
  return `/* Made by apps/web/scripts/fonts.mjs: run it again rather than editing this file. */\n${rules.join('\n')}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const font of FAMILIES) {
    const bytes = await makeFont(font);
    await writeFile(join(fontsDir, font.file), bytes);
    console.log(`${font.file}: ${bytes.length} bytes`);
  }
  await writeFile(join(fontsDir, 'fonts.css'), await fontFaces());
}

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseUrl } from './support/browser';
import { clientDir, documentFirstLoadSizes, documentRuntimeFile, firstLoadFiles, hasBuild } from './support/first-load';

/** 1 KB = 1024 bytes, gzip level 9 of each file. */
const KB = 1024;
/** Issue 33's budget for a page a visitor reads: what it loads before they act, gzip (decision 433). */
const DOCUMENT_GOAL_KB = 50;
/**
 * A ratchet on what documents load up front: the runtime, the session's reader and Vite's preload helper, 3.8 KB (4
 * files) when editorial pages, lists and certificate verification became documents; 4.65 KB (5 files) once a work's
 * page was one too (decisions 453–455: the buy form's member address, the pinned bar, the sale's countdown and its
 * arithmetic, shared with the app); 4.87 KB (6 files) with the footer's contact link opening the dialog (decision
 * 476), the gallery's views' loader (482) and the key information island's mount (484). Islands (React, MUI, the
 * texts) load when used, not here.
 */
const DOCUMENT_CEILING_KB = 4.9;

/** The scripts a page's HTML asks for, as the server sends it. */
async function scriptsOf(path: string): Promise<string[]> {
  const html = await (await fetch(`${baseUrl()}${path}`)).text();
  return [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1] ?? '');
}

/**
 * The home page (issue 14, then issue 33). Hydrated as an application, it needed 390 KB gzip before it was interactive
 * at first, brought down to 248–254 KB by issue 14's ratchet (lighter shell, texts per language, server rendering);
 * the framework itself (React DOM, React Router, MUI with emotion, i18next, TanStack Query) kept it there. As a
 * document (decision 445) it loads the document runtime only.
 */
describe('JavaScript budget of the home page (issues 14 and 33)', () => {
  it('counts from the production build (npm run test:e2e builds first)', () => {
    expect(hasBuild(), `no build in ${clientDir}: run npm run build first`).toBe(true);
  });

  it(`is a document: at most ${DOCUMENT_CEILING_KB} KB gzip before a visitor acts (goal: ${DOCUMENT_GOAL_KB} KB)`, async () => {
    const scripts = await scriptsOf('/');
    expect(scripts).toEqual([documentRuntimeFile()]);
    const first = documentFirstLoadSizes(scripts);
    expect(first.gzip / KB, first.files.map((file) => file.file).join(', ')).toBeLessThanOrEqual(DOCUMENT_CEILING_KB);
  });
});

describe('what the painting page leaves out of its first load (issues 14 and 33)', () => {
  /** zod's core marks every schema with `_zod`; libphonenumber's metadata names its country calling codes. */
  const carries = (file: string, text: string) => readFileSync(join(clientDir, file), 'utf8').includes(text);

  // Rendered by the app (a member who follows a link from the member area), its route still leaves them out.
  it('runs no zod and no phone-number library before it is interactive (forms load them when opened)', () => {
    const files = firstLoadFiles(clientDir, 'routes/primary-painting-details');
    expect(files.length).toBeGreaterThan(20);
    expect(files.filter((file) => carries(file, '_zod'))).toEqual([]);
    expect(files.filter((file) => carries(file, 'countryCallingCode'))).toEqual([]);
  });

  /**
   * Hydrated as the app, a work's page needed 268.5–317 KB gzip before it was interactive (issue 14's ratchet, 275.9 KB
   * last). As a document (decision 453) it loads the document runtime only, as the home does; its buy panel, order
   * book and watch toggle load React when a visitor acts (or when a member's session is stored).
   */
  for (const market of ['primary', 'secondary'] as const) {
    it(`is a document on the ${market} market: at most ${DOCUMENT_CEILING_KB} KB gzip before a visitor acts`, async () => {
      const listed = await (await fetch(`${baseUrl()}/api/paintings/?type=${market}&limit=1&offset=0`)).json();
      const work = (listed as { data: { paintings: { id: string }[] } }).data.paintings[0]?.id;
      expect(work, `a work on the ${market} market`).toBeTruthy();
      const scripts = await scriptsOf(`/${market}-market/details/${work}`);
      expect(scripts).toEqual([documentRuntimeFile()]);
      const first = documentFirstLoadSizes(scripts);
      expect(first.gzip / KB, first.files.map((file) => file.file).join(', ')).toBeLessThanOrEqual(DOCUMENT_CEILING_KB);
    });
  }
});

describe('JavaScript of a document page before a visitor acts (issue 33)', () => {
  it(`needs at most ${DOCUMENT_CEILING_KB} KB gzip (goal: ${DOCUMENT_GOAL_KB} KB), and no React`, () => {
    const first = documentFirstLoadSizes();
    expect(DOCUMENT_CEILING_KB).toBeLessThanOrEqual(DOCUMENT_GOAL_KB);
    expect(first.gzip / KB, first.files.map((file) => file.file).join(', ')).toBeLessThanOrEqual(DOCUMENT_CEILING_KB);
    // React's element type and React DOM's root: neither is in a file loaded before the visitor acts.
    const carries = (file: string, text: string) => readFileSync(join(clientDir, file), 'utf8').includes(text);
    expect(first.files.filter(({ file }) => carries(file, 'react.transitional.element'))).toEqual([]);
    expect(first.files.filter(({ file }) => carries(file, 'createRoot'))).toEqual([]);
  });
});

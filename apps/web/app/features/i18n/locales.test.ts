// @vitest-environment jsdom
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { messages } from '@parcelle/shared/i18n/messages';
import { pluralProblems } from '@parcelle/shared/i18n/plural-scan';
import { describe, expect, it } from 'vitest';
import { catalogue, toLanguageOnly, translations } from './i18n';

type Tree = { [key: string]: string | Tree };
const en = translations('en');
const fr = translations('fr');

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const keys = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') keys.set(path, value);
    else for (const [inner, text] of flatten(value, path)) keys.set(inner, text);
  }
  return keys;
}

const enKeys = flatten(en as Tree);
const frKeys = flatten(fr as Tree);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('plural rules (issue 31)', () => {
  it('has a plural form wherever a number meets a noun, in English and French', () => {
    expect(pluralProblems([...enKeys])).toEqual([]);
    expect(pluralProblems([...frKeys])).toEqual([]);
  });

  it('follows each language’s rules: French puts 0 and 1 in the singular, English only 1', async () => {
    const { i18n, initI18n } = await import('./i18n');
    initI18n();
    const parts = (count: number, lng: string) => i18n.t('paintings.facts.years', { count, years: count, lng });
    expect([0, 1, 2].map((count) => parts(count, 'en'))).toEqual(['0 years', '1 year', '2 years']);
    expect([0, 1, 2].map((count) => parts(count, 'fr'))).toEqual(['0 an', '1 an', '2 ans']);
  });
});

describe('locales', () => {
  it('has every English key in French', () => {
    expect([...enKeys.keys()].filter((key) => !frKeys.has(key))).toEqual([]);
  });

  it('has every French key in English', () => {
    expect([...frKeys.keys()].filter((key) => !enKeys.has(key))).toEqual([]);
  });

  it('has no empty text', () => {
    const empty = [...enKeys, ...frKeys].filter(([, text]) => text.trim() === '').map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it('keeps the same interpolations in both languages', () => {
    const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}|<(\d+)>/g)].map((m) => m[0]).sort();
    const different = [...enKeys].filter(([key, text]) => {
      const other = frKeys.get(key);
      return other !== undefined && placeholders(text).join() !== placeholders(other).join();
    });
    expect(different.map(([key]) => key)).toEqual([]);
  });

  it('loads the shared catalogue as the msg namespace in both languages', () => {
    const english = catalogue('en');
    const french = catalogue('fr');
    expect(Object.keys(english).sort()).toEqual(Object.keys(messages).sort());
    expect(Object.keys(french).sort()).toEqual(Object.keys(messages).sort());
    expect(english.RegValBlank).toBe('You cannot leave this field blank');
    expect(Object.entries(french).filter(([, text]) => !text)).toEqual([]);
  });

  it('defines every key the code asks for', () => {
    const root = join(import.meta.dirname, '..', '..');
    const literal = /\b(?:t\(|i18nKey=|titleKey=|label: )['"]([a-zA-Z]+(?:\.[a-zA-Z_]+)+)['"]/g;
    const missing = new Set<string>();
    for (const file of sourceFiles(root)) {
      for (const match of readFileSync(file, 'utf8').matchAll(literal)) {
        const key = match[1] as string;
        // A plural key is defined by its forms (i18next: key_one, key_other…).
        if (!enKeys.has(key) && !enKeys.has(`${key}_other`)) missing.add(`${key} (${file.slice(root.length + 1)})`);
      }
    }
    expect([...missing]).toEqual([]);
  });

  it('puts a no-break space, never a plain one, before : ; ! ? in French', () => {
    const plainSpaceBefore = / [:;!?](?=\s|$)/;
    const texts = [...frKeys].concat(Object.entries(catalogue('fr')));
    expect(texts.filter(([, text]) => plainSpaceBefore.test(text)).map(([key]) => key)).toEqual([]);
  });

  it('reduces regional codes to the language', () => {
    expect(toLanguageOnly('fr-FR')).toBe('fr');
    expect(toLanguageOnly('en_GB')).toBe('en');
    expect(toLanguageOnly('FR')).toBe('fr');
  });
});

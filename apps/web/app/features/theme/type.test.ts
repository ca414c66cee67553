import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

const dir = import.meta.dirname;

/** Each class's declarations (`composes` followed), with the tokens' custom properties put in place. */
function classes(): Record<string, Record<string, string>> {
  const tokens = Object.fromEntries(
    [...readFileSync(join(dir, 'tokens.css'), 'utf8').matchAll(/(--parcelle-[\w-]+):\s*([^;]+);/g)].map((match) => [
      match[1],
      (match[2] ?? '').replace(/\s+/g, ' ').trim(),
    ]),
  );
  const css = readFileSync(join(dir, 'type.module.css'), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
  const raw: Record<string, [string, string][]> = {};
  // A class's `composes` (`.h1 { … }`) and its declarations (`:where(.h1) { … }`, decision 529), in the file's order.
  for (const match of css.matchAll(/(:where\()?\.([\w-]+)\)?\s*\{([^}]*)\}/g)) {
    const name = match[2] ?? '';
    const declared = [...(match[3] ?? '').matchAll(/([\w-]+):\s*([^;]+);/g)].map((d): [string, string] => [
      d[1] ?? '',
      d[2] ?? '',
    ]);
    raw[name] = [...(raw[name] ?? []), ...declared];
  }
  const resolve = (name: string): Record<string, string> => {
    const out: Record<string, string> = {};
    for (const [property, value] of raw[name] ?? []) {
      if (property === 'composes') Object.assign(out, resolve(value.trim()));
      else out[property] = value.replace(/var\((--parcelle-[\w-]+)\)/g, (_, token: string) => tokens[token] ?? token);
    }
    return out;
  };
  return Object.fromEntries(Object.keys(raw).map((name) => [name, resolve(name)]));
}

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
/** A theme value as CSS writes it: rem sizes rounded to seven decimals (tokens.css), colours in lower case. */
const asCss = (value: unknown) =>
  String(value)
    .replace(/(\d+\.\d+)rem/, (_, number: string) => `${Number(Number(number).toFixed(7))}rem`)
    .toLowerCase();

describe('the type variants as CSS Modules classes', () => {
  const variants = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'subtitle1', 'body1', 'body2', 'caption', 'overline'] as const;

  it('declares every rule inside :where(), so that a composing module’s own rules win in any order', () => {
    const css = readFileSync(join(dir, 'type.module.css'), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    const rules = [...css.matchAll(/([^{}]+)\{([^}]*)\}/g)].map((match): [string, string] => [
      (match[1] ?? '').trim(),
      match[2] ?? '',
    ]);
    expect(rules.length).toBeGreaterThan(10);
    for (const [selector, body] of rules) {
      if (selector.startsWith(':where(')) continue;
      // Outside :where(), only the composition of a class: no declaration of any specificity.
      expect(body.trim(), selector).toMatch(/^composes: [\w-]+;$/);
    }
  });

  it.each(variants)("%s is the MUI theme's variant, property for property, with no margin", (variant) => {
    const { margin, ...declared } = classes()[variant] ?? {};
    expect(margin).toBe('0');
    const themed = Object.fromEntries(
      Object.entries(theme.typography[variant] as Record<string, unknown>).map(([property, value]) => [
        kebab(property),
        asCss(value),
      ]),
    );
    expect(Object.fromEntries(Object.entries(declared).map(([p, v]) => [p, asCss(v)]))).toEqual(themed);
  });
});

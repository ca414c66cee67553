import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANES } from './typecheck.mjs';

describe('the type-check lanes', () => {
  it('check every project the root tsconfig.json references, each once, packages/shared before them', () => {
    const root = JSON.parse(readFileSync(new URL('../tsconfig.json', import.meta.url), 'utf8'));
    const referenced = root.references.map((reference) => reference.path).sort();
    const laned = LANES.flat();
    expect(new Set(laned).size).toBe(laned.length);
    expect(['packages/shared', ...laned].sort()).toEqual(referenced);
  });
});

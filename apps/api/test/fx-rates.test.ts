import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * FX is a service of its own (decision 407): apps/api/src/modules/fx reads and writes `exchange_rates` (the rates in
 * force, conversions, the console's list and edits, the ECB job); every other module asks it (`Rates.load`,
 * `listRates`, `saveRate`). The table is declared in modules/fx/schema.ts (decision 416); the demo seed's rates are left out, and tests.
 */
const SRC = join(import.meta.dirname, '../src');
const EXEMPT = [/^modules\/fx\//, /^db\/seed-catalogue\.ts$/, /\.test\.ts$/];

const USES = [/\bexchangeRates\b/, /\bexchange_rates\b/];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Every line outside the exempt files that touches the rates' table (comments skipped). */
function rateTableUses(root: string): string[] {
  const found: string[] = [];
  for (const path of sources(root)) {
    const name = relative(root, path).replaceAll('\\', '/');
    if (EXEMPT.some((pattern) => pattern.test(name))) continue;
    readFileSync(path, 'utf8')
      .split('\n')
      .forEach((line, index) => {
        const code = line.trim();
        if (code.startsWith('*') || code.startsWith('/*') || code.startsWith('//')) return;
        if (USES.some((pattern) => pattern.test(code))) found.push(`${name}:${index + 1}: ${code}`);
      });
  }
  return found;
}

describe('FX owns the exchange rates', () => {
  it('no source outside the fx module reads or writes exchange_rates', () => {
    expect(rateTableUses(SRC)).toEqual([]);
  });

  it('the check sees the forms a reader or writer would take', () => {
    const forms = [
      "import { exchangeRates } from '../../db/schema';",
      '.from(exchangeRates)',
      'sql`SELECT rate FROM exchange_rates WHERE day <= $1`',
    ];
    for (const form of forms) expect(USES.some((pattern) => pattern.test(form))).toBe(true);
    expect(USES.some((pattern) => pattern.test('const rates = await Rates.load(db);'))).toBe(false);
  });
});

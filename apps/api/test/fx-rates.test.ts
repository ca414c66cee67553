import { describe, expect, it } from 'vitest';
import { linesMatching, SRC } from './source-scan';

/**
 * FX is a service of its own (decision 407): apps/api/src/modules/fx reads and writes `exchange_rates` (the rates in
 * force, conversions, the console's list and edits, the ECB job); every other module asks it (`Rates.load`,
 * `listRates`, `saveRate`). The table is declared in modules/fx/schema.ts (decision 416); the demo seed's rates are left out, and tests.
 */
const EXEMPT = [/^modules\/fx\//, /^db\/seed-catalogue\.ts$/, /\.test\.ts$/];

const USES = [/\bexchangeRates\b/, /\bexchange_rates\b/];

describe('FX owns the exchange rates', () => {
  it('no source outside the fx module reads or writes exchange_rates', () => {
    expect(linesMatching(SRC, EXEMPT, USES)).toEqual([]);
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

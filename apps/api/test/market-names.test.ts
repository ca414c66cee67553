import { describe, expect, it } from 'vitest';
import { linesMatching, SHARED_SRC, SRC, WEB_SRC } from './source-scan';

/**
 * A work's market state is named (decision 400): outside the market module (apps/api/src/modules/market, which maps
 * names to the stored smallint), no source compares or writes `market` as a bare number, in TypeScript or in SQL.
 * The schema (the column's CHECK constraint), the seed's data file and tests (which read the spec's wire value
 * `market: 3` in answers) are left out.
 */
const EXEMPT = [/^modules\/market\//, /^db\/schema\.ts$/, /^db\/seed-catalogue-data\.ts$/, /\.test\.ts$/];

const NUMERIC_MARKET = [
  /\.market\s*[!=]==?\s*\d/, // painting.market === 3
  /\bmarket\s*(?:=|<>|!=)\s*\d/, // SQL: p.market = 3
  /\.market,\s*\d\s*\)/, // eq(paintings.market, 2)
  /\bmarket:\s*\d/, // .set({ market: 3 }), { market: 3 }
  /\bmarket\s+IN\s*\(\s*\d/i, // SQL: market IN (1, 2)
];

describe('market states are named', () => {
  it('no source outside the market module compares or writes a market as a number', () => {
    expect(linesMatching(SRC, EXEMPT, NUMERIC_MARKET)).toEqual([]);
  });

  it('nor does the web app or the shared package, which read the states from @parcelle/shared/market', () => {
    // market.ts declares the numbers; tests and fixtures write the wire value as the API answers it; constants.ts's
    // `PAGE_SIZE.market` is the member market's page size, not a state.
    const exempt = [/^market\.ts$/, /^constants\.ts$/, /\.test\.tsx?$/, /test-fixtures\.ts$/, /(^|\/)test\//];
    expect(linesMatching(WEB_SRC, exempt, NUMERIC_MARKET)).toEqual([]);
    expect(linesMatching(SHARED_SRC, exempt, NUMERIC_MARKET)).toEqual([]);
  });

  it('the check sees each form it forbids', () => {
    const forms = [
      'if (work.market === 3) {',
      'sql`WHERE p.market = 2`',
      'eq(paintings.market, 2)',
      '.set({ market: 3 })',
    ];
    for (const form of forms) expect(NUMERIC_MARKET.some((pattern) => pattern.test(form))).toBe(true);
    expect(NUMERIC_MARKET.some((pattern) => pattern.test("onMarket(work, 'secondary')"))).toBe(false);
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SRC, sourceFiles, sourceName } from './source-scan';

/**
 * Only the market module writes the secondary market's orders and trades (decision 396): outside
 * apps/api/src/modules/market, no source inserts, updates or deletes `listings`, `bids` or `trades`, through drizzle
 * (`tx.insert(listings)`, written over several lines too) or in SQL (`UPDATE listings`, `DELETE FROM ${bids}`).
 * Reading them (joins, `FOR UPDATE` locks) is everyone's. Tests are left out (they set up and damage rows on purpose).
 */
const OWNER = /^modules\/market\//;
const TABLES = '(?:listings|bids|trades)';

const WRITES = [
  // drizzle: .insert(listings), .update(bids), .delete(trades), .insert(schema.listings)
  new RegExp(`\\.(?:insert|update|delete)\\(\\s*(?:\\w+\\.)?${TABLES}\\s*\\)`),
  // SQL: INSERT INTO listings, UPDATE bids, DELETE FROM trades, UPDATE ${listings}, UPDATE ONLY listings
  new RegExp(
    `\\b(?:INSERT\\s+INTO|UPDATE(?:\\s+ONLY)?|DELETE\\s+FROM|TRUNCATE(?:\\s+TABLE)?)\\s+(?:\\$\\{\\s*)?(?:\\w+\\.)?${TABLES}\\b`,
  ),
];

/** Comments dropped (a comment may say "update listings"), and whitespace folded, so a chain split over lines is one. */
function code(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1')
    .replace(/\s+/g, ' ');
}

/** Each source outside the market module that writes one of its tables, with what it wrote. */
function writersOutsideMarket(root: string): string[] {
  const found: string[] = [];
  for (const path of sourceFiles(root)) {
    const name = sourceName(root, path);
    if (OWNER.test(name) || name.endsWith('.test.ts')) continue;
    const text = code(readFileSync(path, 'utf8'));
    for (const pattern of WRITES) {
      for (const match of text.matchAll(new RegExp(pattern, 'g'))) found.push(`${name}: ${match[0]}`);
    }
  }
  return found;
}

describe('the market module is the only writer of listings, bids and trades', () => {
  it('no source outside modules/market inserts, updates or deletes them', () => {
    expect(writersOutsideMarket(SRC)).toEqual([]);
  });

  it('the check sees each form it forbids, and lets reads through', () => {
    const writes = [
      'await tx.insert(listings).values({ reference })',
      'await tx\n    .update(bids)\n    .set({ status })',
      'db.delete(trades).where(eq(trades.id, id))',
      'tx.insert(schema.trades)',
      'sql`UPDATE listings SET remaining = remaining - 1`',
      `sql\`INSERT INTO trades (reference) VALUES (\${reference})\``,
      `sql\`DELETE FROM \${bids} WHERE id = \${id}\``,
    ];
    for (const form of writes)
      expect(
        WRITES.some((pattern) => pattern.test(code(form))),
        form,
      ).toBe(true);
    const reads = [
      'tx.select().from(listings).where(eq(listings.status, "open")).for("update")',
      `sql\`SELECT 1 FROM listings l WHERE l.id = \${id} FOR UPDATE\``,
      '.update(purchases)',
      '.insert(purchaseFills)',
      '// withdrawn: UPDATE listings in market/listings.ts',
      '/**\n * inserts into trades happen in market/trades.ts; UPDATE bids there too\n */',
    ];
    for (const form of reads)
      expect(
        WRITES.some((pattern) => pattern.test(code(form))),
        form,
      ).toBe(false);
  });
});

import { getTableName, is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../../db/schema';
import { bids, listings, trades } from './schema';

/** Every table the schema exports (what drizzle-kit reads), by its SQL name. */
const declared = new Map<string, PgTable>();
for (const value of Object.values(schema) as unknown[]) {
  if (is(value, PgTable)) declared.set(getTableName(value), value);
}

/** A table's foreign keys as SQL sees them: column → table.column, with the referenced column's type. */
function keysOf(table: PgTable) {
  return getTableConfig(table).foreignKeys.map((key) => {
    const reference = key.reference();
    return reference.columns.map((column, index) => ({
      column: column.name,
      table: getTableName(reference.foreignTable),
      foreignColumn: reference.foreignColumns[index]?.name ?? '',
      type: reference.foreignColumns[index]?.getSQLType(),
    }));
  });
}

describe('the market schema (decision 397)', () => {
  it('points each foreign key at a column the schema declares, with its type', () => {
    const keys = [listings, bids, trades].flatMap(keysOf).flat();
    expect(keys.length).toBe(9);
    for (const key of keys) {
      const target = declared.get(key.table);
      expect(target, key.table).toBeDefined();
      const column = target && Object.values(getTableConfig(target).columns).find((c) => c.name === key.foreignColumn);
      expect(column?.getSQLType(), `${key.column} → ${key.table}.${key.foreignColumn}`).toBe(key.type);
      expect(column?.primary, `${key.table}.${key.foreignColumn} is its key`).toBe(true);
    }
  });

  it('is what db/schema.ts exports (one object per table, for every reader and drizzle-kit)', () => {
    expect(schema.listings).toBe(listings);
    expect(schema.bids).toBe(bids);
    expect(schema.trades).toBe(trades);
  });
});

import type { SortOrder } from '@parcelle/shared/contracts/admin';
import { type AnyColumn, asc, desc, type SQL } from 'drizzle-orm';

/**
 * ORDER BY an operator list's chosen key (one or more expressions: an amount is its currency, then its minor units),
 * then the row's id in the same direction: rows with equal values keep one order from page to page. The key comes from
 * the route's whitelist (`sortParams`), mapped here to expressions, so no request text ever becomes SQL.
 */
export function sortedBy<K extends string>(
  query: { sort: K; order: SortOrder },
  keys: Record<K, AnyColumn | SQL | (AnyColumn | SQL)[]>,
  id: AnyColumn,
): SQL[] {
  const direction = query.order === 'asc' ? asc : desc;
  const chosen = keys[query.sort];
  return [...(Array.isArray(chosen) ? chosen : [chosen]), id].map((expression) => direction(expression));
}

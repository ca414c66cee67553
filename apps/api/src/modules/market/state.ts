import { MARKET, type MarketState } from '@parcelle/shared/market';
import { type SQL, sql } from 'drizzle-orm';

/**
 * A work's market state by name (decision 400). `paintings.market` is a smallint (MARKET in @parcelle/shared); code
 * outside this module asks `onMarket(work, 'secondary')` or writes `MARKET.secondary`, never the number itself.
 */
export { MARKET, type MarketState };

/** Whether a work (any row with its `market` column) is in `state`. */
export function onMarket(work: { market: number } | null | undefined, state: MarketState): boolean {
  return work?.market === MARKET[state];
}

/**
 * The state as an SQL literal, for hand-written statements (`WHERE p.market = ${marketLiteral('secondary')}`): a
 * literal, not a bound parameter, so the planner sees the same constant as before (partial indexes, statistics).
 */
export function marketLiteral(state: MarketState): SQL {
  return sql.raw(String(MARKET[state]));
}

/**
 * The spec's market number a public answer carries (§3: 1 shown, 2 primary sale, 3 secondary market). A sold work
 * (after an exit) is answered as shown: readable, not buyable; a draft is never answered at all.
 */
export function publicMarket(value: number): 1 | 2 | 3 {
  if (value === MARKET.primary || value === MARKET.secondary) return value;
  return MARKET.shown;
}

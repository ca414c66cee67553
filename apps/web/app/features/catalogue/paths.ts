import { MARKET } from '@parcelle/shared/market';
import type { MarketType } from './api';

/** The list a market number belongs to: 1 (not yet buyable) and 2 are shown on the primary market, 3 on the secondary. */
export function marketOf(market: number): MarketType {
  return market === MARKET.secondary ? 'secondary' : 'primary';
}

export function marketListPath(type: MarketType): string {
  return type === 'secondary' ? '/secondary-market' : '/primary-market';
}

/** Where a painting's detail lives: /primary-market/details/:id (markets 1, 2) or /secondary-market/details/:id (3). */
export function paintingPath(painting: { id: string; market: number }): string {
  return `${marketListPath(marketOf(painting.market))}/details/${encodeURIComponent(painting.id)}`;
}

/** The market a detail address is under (the list its "back" link returns to). */
export function marketOfPath(pathname: string): MarketType {
  return pathname.startsWith('/secondary-market') ? 'secondary' : 'primary';
}

export const artistPath = (artistId: string) => `/artists/details/${encodeURIComponent(artistId)}`;

/** `?page=` of a paginated list: a whole number from 1; anything else is page 1. */
export function pageFromSearch(value: string | null): number {
  if (!value || !/^\d{1,6}$/.test(value)) return 1;
  return Math.max(1, Number(value));
}

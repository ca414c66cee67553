import { MARKET } from '@parcelle/shared/market';
import type { MemberMarketRow } from './api';

export const MEMBER_MARKET_PATH = '/user/market';
export const MEMBER_MARKET_DETAIL_PATH = '/user/market/primary-market';

/** Spec §2: "Details" hands the row and the base URL of its media to the detail page in navigation state. */
export type MarketDetailState = { record: MemberMarketRow; base_url: string };

/** The state the detail page needs; anything else (a reload of a shared link, a hand-typed address) is null. */
export function detailStateOf(state: unknown): MarketDetailState | null {
  if (!state || typeof state !== 'object') return null;
  const { record, base_url } = state as Partial<MarketDetailState>;
  if (!record || typeof record !== 'object' || typeof record.id !== 'string' || typeof record.market !== 'number') {
    return null;
  }
  return { record, base_url: typeof base_url === 'string' ? base_url : '' };
}

/** Spec §2: the heading reads "Primary Market" when the record's market is 2, else "Secondary Market". */
export const headingKeyOf = (market: number) =>
  market === MARKET.primary ? 'memberMarket.detail.primaryHeading' : 'memberMarket.detail.secondaryHeading';

import type { Currency } from '@parcelle/shared/constants';
import { PAGE_SIZE } from '@parcelle/shared/constants';
import type { ZMemberMarketData, ZMemberMarketRow } from '@parcelle/shared/contracts/member-area';
import type { z } from 'zod';
import { type MarketType, PAINTINGS_KEY } from '../catalogue/api';
import { apiData } from '../session/api';
import type { RowsPage } from '../table/use-paged-rows';

/** The member's market (spec §2 Market, §7 `/member/market`). */

/** Spec §9: the market is listed 6 at a time. */
export const MEMBER_MARKET_PAGE_SIZE: number = PAGE_SIZE.market;

export type MemberMarketData = z.infer<typeof ZMemberMarketData>;
export type MemberMarketRow = z.infer<typeof ZMemberMarketRow>;

/** Under PAINTINGS_KEY so that a purchase refreshes the parts owned and available shown here too. */
export const MEMBER_MARKET_KEY = [...PAINTINGS_KEY, 'member-market'] as const;

/** One page of the primary (markets 1–2) or secondary (market 3) table, newest first, amounts in `currency`. */
export async function fetchMemberMarket(
  type: MarketType,
  currency: Currency,
  offset: number,
  limit: number,
  signal: AbortSignal,
): Promise<RowsPage<MemberMarketRow>> {
  const data = await apiData<MemberMarketData>('/member/market/', {
    query: { type, limit, offset, currency },
    signal,
  });
  return { rows: data.paintings, total: data.total, base_url: data.base_url };
}

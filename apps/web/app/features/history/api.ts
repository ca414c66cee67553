import type { Currency } from '@parcelle/shared/constants';
import { PAGE_SIZE } from '@parcelle/shared/constants';
import type {
  HistoryType,
  ZArtworkHistoryRow,
  ZDividendHistoryRow,
  ZDownloadData,
  ZPurchaseHistoryRow,
  ZSaleHistoryRow,
} from '@parcelle/shared/contracts/member-area';
import { type Localized, messages } from '@parcelle/shared/i18n/messages';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiData } from '../session/api';
import { ApiError } from '../session/api-error';

/** The calls of /user/history (spec §2 History, §3 History rows, §7 `/member/history/{type}`, `/member/download/{type}`). */

/** Spec §9: history pages of 4; the Artwork tab loads 4 more works at a time. */
export const HISTORY_PAGE_SIZE = PAGE_SIZE.history;
export const ARTWORK_PAGE_SIZE = PAGE_SIZE.artworkLoadMore;

export type PurchaseRow = z.infer<typeof ZPurchaseHistoryRow>;
export type SaleRow = z.infer<typeof ZSaleHistoryRow>;
export type DividendRow = z.infer<typeof ZDividendHistoryRow>;
export type ArtworkRow = z.infer<typeof ZArtworkHistoryRow>;
export type DownloadLinks = z.infer<typeof ZDownloadData>;

type Paged = { total: number; base_url: string };
export type PurchasePage = Paged & { purchaseHistory: PurchaseRow[] };
export type SalePage = Paged & { saleHistory: SaleRow[] };
export type DividendPage = Paged & { dividendHistory: DividendRow[] };
export type ArtworkPage = Paged & { artworkHistory: ArtworkRow[] };

/** The three paged tabs and the rows each answers. */
export type TableType = Exclude<HistoryType, 'ARTWORK'>;
export type TableRows = { PURCHASE: PurchaseRow; SALE: SaleRow; DIVIDEND: DividendRow };
export type TablePage<T extends TableType> = Paged & { rows: TableRows[T][] };

export const HISTORY_KEY = ['member-history'] as const;

function rowsOf(type: TableType, data: Partial<PurchasePage & SalePage & DividendPage>) {
  if (type === 'PURCHASE') return data.purchaseHistory ?? [];
  if (type === 'SALE') return data.saleHistory ?? [];
  return data.dividendHistory ?? [];
}

/** One page of a table tab, newest first, amounts in the display currency. */
export async function fetchHistory<T extends TableType>(
  type: T,
  currency: Currency,
  offset: number,
  limit: number,
  signal: AbortSignal,
): Promise<TablePage<T>> {
  const data = await apiData<Partial<PurchasePage & SalePage & DividendPage> & Paged>(`/member/history/${type}`, {
    query: { limit, offset, currency },
    signal,
  });
  return { total: data.total, base_url: data.base_url, rows: rowsOf(type, data) as TableRows[T][] };
}

/** The Artwork tab: one accordion per work, 4 more works per "load more". */
export function artworkHistoryQuery(currency: Currency) {
  return infiniteQueryOptions({
    queryKey: [...HISTORY_KEY, 'ARTWORK', currency] as const,
    queryFn: ({ pageParam, signal }) =>
      apiData<ArtworkPage>('/member/history/ARTWORK', {
        query: { limit: ARTWORK_PAGE_SIZE, offset: pageParam, currency },
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((count, page) => count + page.artworkHistory.length, 0);
      return last.artworkHistory.length > 0 && loaded < last.total ? loaded : undefined;
    },
  });
}

/** Signed links to the whole statement of a type (PDF and CSV), valid 10 minutes and opened without a token. */
export function downloadQuery(type: HistoryType) {
  return queryOptions({
    queryKey: ['member-download', type] as const,
    queryFn: ({ signal }) => apiData<DownloadLinks>(`/member/download/${type}`, { signal }),
    // The links expire after 10 minutes: reuse them for 5 at most.
    staleTime: 5 * 60_000,
    gcTime: 5 * 60_000,
  });
}

/**
 * Spec §8: a list or download failure shows 'Internal server error', or the server's own message when it sent one
 * (an unreachable server has none).
 */
export function failureText(error: unknown): Localized {
  if (error instanceof ApiError && error.status > 0) return error.error;
  return messages.InternalServerError;
}

import { useQuery } from '@tanstack/react-query';
import { apiData } from '../session/api';

/** One quote of the header ticker (spec §3 "Ticker KPI item"); values are major units per part. */
export type TickerKpi = {
  artist_id: string;
  artist_name: string;
  value_euro: number;
  value_usd: number;
  percentage: number;
  direction: 'up' | 'down';
};

export const TICKER_QUERY_KEY = ['artists', 'list', 'kpis'] as const;

/** GET /api/artists/list/kpis: the artists' quotes for the header ticker (spec §2). */
export function useTickerKpis() {
  return useQuery({
    queryKey: TICKER_QUERY_KEY,
    queryFn: ({ signal }) => apiData<{ kpis: TickerKpi[] }>('/artists/list/kpis', { signal }),
    select: (data) => (Array.isArray(data?.kpis) ? data.kpis : []),
    staleTime: 5 * 60_000,
  });
}

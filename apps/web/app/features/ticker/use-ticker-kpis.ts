import { useQuery } from '@tanstack/react-query';
import { apiData } from '../session/api';

/** One quote of the header ticker (spec §3 "Ticker KPI item"); values are major units per part. */
export type TickerKpi = {
  artist_id: string;
  artist_name: string;
  value_euro: number;
  value_usd: number;
  /** The change in EUR. */
  percentage: number;
  direction: 'up' | 'down';
  /** The change in USD (each year at its own rate). */
  percentage_usd: number;
  direction_usd: 'up' | 'down';
  /** The artist's previous year of record the change is measured from; null with a single year (no change). */
  since_year: number | null;
};

/** The change and its direction in the currency shown (issue 17: a badge never mixes currencies with its price). */
export function tickerChange(kpi: TickerKpi, currency: 'EURO' | 'USD') {
  return currency === 'USD'
    ? { percentage: kpi.percentage_usd, direction: kpi.direction_usd }
    : { percentage: kpi.percentage, direction: kpi.direction };
}

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

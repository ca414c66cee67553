import type { TOrderBook } from '@parcelle/shared/contracts/orderbook';
import { useQuery } from '@tanstack/react-query';
import { PAINTINGS_KEY } from '../catalogue/api';
import { apiData } from '../session/api';

/** A work's public book (issue 17), refreshed with every query of works after an order. */
export const orderBookKey = (paintingId: string) => [...PAINTINGS_KEY, 'order-book', paintingId] as const;

/**
 * The public book of a work: its levels, its last trades, the bounds an order may carry and the day's EUR→USD rate.
 * The work's page and "Sell" on My parts read the same query.
 */
export function useOrderBook(paintingId: string | null) {
  return useQuery({ ...orderBookQuery(paintingId ?? ''), enabled: Boolean(paintingId) });
}

/** The book's query (a document's order-book island reads it before it mounts, in place of the server's). */
export const orderBookQuery = (paintingId: string) => ({
  queryKey: orderBookKey(paintingId),
  // Revalidated with the server each time (ETag, 304 when unchanged): after an order the browser's copy is stale.
  queryFn: ({ signal }: { signal?: AbortSignal }) =>
    apiData<TOrderBook>('/paintings/order-book', { query: { painting_id: paintingId }, signal, cache: 'no-cache' }),
});

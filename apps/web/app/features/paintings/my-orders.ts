import { PAGINATION_LIMIT_MAX } from '@parcelle/shared/constants';
import type { TMyBid } from '@parcelle/shared/contracts/orderbook';
import { useQuery } from '@tanstack/react-query';
import { PAINTINGS_KEY } from '../catalogue/api';
import { LISTINGS_KEY, type TListingsPage } from '../portfolio/api';
import { apiData } from '../session/api';

/** One page of the member's open orders on a work: far more than anyone keeps open on one work. */
const openOn = (paintingId: string) => ({
  painting_id: paintingId,
  status: 'open',
  limit: PAGINATION_LIMIT_MAX,
  offset: 0,
});

/**
 * The signed-in member's open bids on a work: one query for the "My open bids" table and the bulletin board's
 * own-order marks, refreshed with every query of works after an order.
 */
export function useMyOpenBids(paintingId: string, enabled = true) {
  return useQuery({
    queryKey: [...PAINTINGS_KEY, 'my-bids', paintingId] as const,
    enabled,
    queryFn: ({ signal }) =>
      apiData<{ bids: TMyBid[]; total: number }>('/paintings/bids', { query: openOn(paintingId), signal }),
  });
}

/** The signed-in member's open asks (listings) on a work. */
export function useMyOpenAsks(paintingId: string, enabled = true) {
  return useQuery({
    queryKey: [...LISTINGS_KEY, 'open-on', paintingId] as const,
    enabled,
    queryFn: ({ signal }) => apiData<TListingsPage>('/paintings/sale', { query: openOn(paintingId), signal }),
  });
}

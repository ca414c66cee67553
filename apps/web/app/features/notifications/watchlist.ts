import type { TWatchedWork } from '@parcelle/shared/contracts/notifications';
import { queryOptions } from '@tanstack/react-query';
import { apiData, apiRequest } from '../session/api';

/*
 * The member's watchlist (issue 17, `/member/watchlist*`), apart from api.ts: the watch toggle's island reads it, and
 * api.ts's page size is a value of the notifications' contract, which would bring the contracts' schemas (zod, the
 * phone numbers' rules, the countries: 76 KB gzip) into the island (decision 537).
 */

export const WATCHLIST_KEY = ['member-watchlist'] as const;

export const watchlistQuery = queryOptions({
  queryKey: WATCHLIST_KEY,
  queryFn: ({ signal }) => apiData<{ works: TWatchedWork[] }>('/member/watchlist', { signal }),
});

export const watchWork = (paintingId: string) => apiRequest<null>(`/member/watchlist/${paintingId}`, { method: 'PUT' });
export const unwatchWork = (paintingId: string) =>
  apiRequest<null>(`/member/watchlist/${paintingId}`, { method: 'DELETE' });

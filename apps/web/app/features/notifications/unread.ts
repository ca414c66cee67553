import { queryOptions } from '@tanstack/react-query';
import { apiData } from '../session/api';

/**
 * The bell's query, apart from api.ts: the header's account island (decision 506) loads this, not the notifications'
 * contract and its zod schemas.
 */
export const NOTIFICATIONS_KEY = ['member-notifications'] as const;
export const UNREAD_KEY = [...NOTIFICATIONS_KEY, 'unread'] as const;

/** How often the bell asks again while a page stays open (a notification may arrive from an operator's action). */
const UNREAD_REFRESH_MS = 60_000;

export const unreadQuery = queryOptions({
  queryKey: UNREAD_KEY,
  queryFn: ({ signal }) => apiData<{ unread: number }>('/member/notifications/unread', { signal }),
  refetchInterval: UNREAD_REFRESH_MS,
});

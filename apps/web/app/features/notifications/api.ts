import {
  NOTIFICATIONS_PAGE_SIZE,
  type NotificationKind,
  type TNotification,
  type TNotificationPreferences,
  type TPriceAlertBody,
} from '@parcelle/shared/contracts/notifications';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiData, apiRequest } from '../session/api';

/** The member's notifications, preferences and watchlist (issue 17; `/member/notifications*`, `/member/watchlist*`). */

import { NOTIFICATIONS_KEY } from './unread';

export { NOTIFICATIONS_KEY, UNREAD_KEY, unreadQuery } from './unread';
export { unwatchWork, WATCHLIST_KEY, watchlistQuery, watchWork } from './watchlist';
export const PREFERENCES_KEY = ['notification-preferences'] as const;
export { NOTIFICATIONS_PAGE_SIZE };

export type NotificationsPage = { notifications: TNotification[]; total: number; unread: number };

export function notificationsQuery(offset: number) {
  return queryOptions({
    queryKey: [...NOTIFICATIONS_KEY, 'page', offset] as const,
    queryFn: ({ signal }) =>
      apiData<NotificationsPage>('/member/notifications', {
        query: { limit: NOTIFICATIONS_PAGE_SIZE, offset },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export const markRead = (id: string) =>
  apiData<{ unread: number }>(`/member/notifications/${id}/read`, { method: 'POST' });
export const markAllRead = () => apiData<{ unread: number }>('/member/notifications/read-all', { method: 'POST' });

export const preferencesQuery = queryOptions({
  queryKey: PREFERENCES_KEY,
  queryFn: ({ signal }) => apiData<TNotificationPreferences>('/member/notification-preferences', { signal }),
});

export const savePreference = (kind: NotificationKind, email: boolean) =>
  apiRequest<TNotificationPreferences>('/member/notification-preferences', {
    method: 'PUT',
    body: { preferences: [{ kind, email }] },
  });

export const setPriceAlert = (paintingId: string, body: TPriceAlertBody) =>
  apiRequest<null>(`/member/watchlist/${paintingId}/alert`, { method: 'PUT', body });
export const removePriceAlert = (paintingId: string) =>
  apiRequest<null>(`/member/watchlist/${paintingId}/alert`, { method: 'DELETE' });

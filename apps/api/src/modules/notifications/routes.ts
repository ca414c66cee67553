import {
  ZFailure,
  ZNotificationParams,
  ZNotificationPreferencesBody,
  ZNotificationPreferencesData,
  ZNotificationsData,
  ZNotificationsQuery,
  ZSuccess,
  ZUnreadData,
} from '@parcelle/shared';
import type { AppContext } from '../../context';
import { authenticate, memberOf } from '../../http/authenticate';
import { ok } from '../../http/reply';
import { type App, perIp } from '../../http/types';
import {
  listNotifications,
  markAllRead,
  markRead,
  notificationPreferencesOf,
  saveNotificationPreferences,
  unreadCount,
} from './inbox';

const errors = { 400: ZFailure, 401: ZFailure, 404: ZFailure, 429: ZFailure };

/**
 * The member's notifications (issue 17): the list, the bell's unread count, marking read, and which kinds come by
 * email. Every call is authenticated and reaches the signed-in member's own rows only.
 */
export function notificationRoutes(app: App, ctx: AppContext) {
  const db = ctx.database.db;
  const member = authenticate(ctx);
  const read = perIp(ctx.config.rateLimitAuthPerMinute * 3);
  const common = { tags: ['notifications'], security: [{ bearer: [] }] };

  app.get(
    '/member/notifications',
    {
      preHandler: member,
      config: read,
      schema: {
        ...common,
        description: 'The member’s notifications, newest first, a page at a time, with the unread count.',
        querystring: ZNotificationsQuery,
        response: { 200: ZSuccess(ZNotificationsData), ...errors },
      },
    },
    async (request) => ok(await listNotifications(db, memberOf(request).id, request.query)),
  );

  app.get(
    '/member/notifications/unread',
    {
      preHandler: member,
      config: read,
      schema: {
        ...common,
        description: 'How many notifications are unread (the bell).',
        response: { 200: ZSuccess(ZUnreadData), ...errors },
      },
    },
    async (request) => ok({ unread: await unreadCount(db, memberOf(request).id) }),
  );

  app.post(
    '/member/notifications/:id/read',
    {
      preHandler: member,
      config: read,
      schema: { ...common, params: ZNotificationParams, response: { 200: ZSuccess(ZUnreadData), ...errors } },
    },
    async (request) => {
      const me = memberOf(request).id;
      await markRead(db, me, request.params.id);
      return ok({ unread: await unreadCount(db, me) }, 'NotificationsRead');
    },
  );

  app.post(
    '/member/notifications/read-all',
    {
      preHandler: member,
      config: read,
      schema: { ...common, response: { 200: ZSuccess(ZUnreadData), ...errors } },
    },
    async (request) => {
      const me = memberOf(request).id;
      await markAllRead(db, me);
      return ok({ unread: await unreadCount(db, me) }, 'NotificationsRead');
    },
  );

  app.get(
    '/member/notification-preferences',
    {
      preHandler: member,
      config: read,
      schema: {
        ...common,
        description: 'Per kind, whether its email is sent (every kind is always shown in the app).',
        response: { 200: ZSuccess(ZNotificationPreferencesData), ...errors },
      },
    },
    async (request) => ok(await notificationPreferencesOf(db, memberOf(request).id)),
  );

  app.put(
    '/member/notification-preferences',
    {
      preHandler: member,
      config: read,
      schema: {
        ...common,
        body: ZNotificationPreferencesBody,
        response: { 200: ZSuccess(ZNotificationPreferencesData), ...errors },
      },
    },
    async (request) =>
      ok(
        await saveNotificationPreferences(db, memberOf(request).id, request.body.preferences),
        'NotificationPreferencesSaved',
      ),
  );
}

import {
  NOTIFICATION_KINDS,
  type NotificationKind,
  type TNotification,
  type TNotificationContent,
  type TNotificationPreferences,
} from '@parcelle/shared';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { memberNotifications, notificationPreferences, paintings } from '../../db/schema';
import { notFound } from '../../http/errors';

/**
 * The member's inbox (issue 17): newest first, a page at a time, with how many are unread. Every query is narrowed
 * to the member's own rows: another member's notification is "not found", never read or marked.
 */
export async function listNotifications(
  db: Executor,
  memberId: string,
  page: { limit: number; offset: number },
): Promise<{ notifications: TNotification[]; total: number; unread: number }> {
  const own = eq(memberNotifications.userId, memberId);
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: memberNotifications.id,
        kind: memberNotifications.kind,
        payload: memberNotifications.payload,
        readAt: memberNotifications.readAt,
        createdAt: memberNotifications.createdAt,
        slug: paintings.slug,
        titleEn: paintings.titleEn,
        titleFr: paintings.titleFr,
      })
      .from(memberNotifications)
      .leftJoin(paintings, eq(paintings.id, memberNotifications.paintingId))
      .where(own)
      .orderBy(desc(memberNotifications.createdAt), desc(memberNotifications.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({
        total: count(),
        unread: sql<number>`count(*) filter (where ${memberNotifications.readAt} is null)`.mapWith(Number),
      })
      .from(memberNotifications)
      .where(own),
  ]);
  return {
    notifications: rows.map((row) => ({
      ...({ kind: row.kind, payload: row.payload } as TNotificationContent),
      id: row.id,
      work:
        row.slug !== null && row.titleEn !== null && row.titleFr !== null
          ? { slug: row.slug, title_en: row.titleEn, title_fr: row.titleFr }
          : null,
      read: row.readAt !== null,
      created_at: row.createdAt.toISOString(),
    })),
    total: totals?.total ?? 0,
    unread: totals?.unread ?? 0,
  };
}

/** How many of the member's notifications are unread (the bell; a partial index on the unread rows). */
export async function unreadCount(db: Executor, memberId: string): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(memberNotifications)
    .where(and(eq(memberNotifications.userId, memberId), isNull(memberNotifications.readAt)));
  return row?.unread ?? 0;
}

/** Marks one of the member's notifications read (once: a second call keeps the first time). 404 when not theirs. */
export async function markRead(db: Executor, memberId: string, id: string): Promise<void> {
  const [row] = await db
    .update(memberNotifications)
    .set({ readAt: sql`coalesce(${memberNotifications.readAt}, now())` })
    .where(and(eq(memberNotifications.id, id), eq(memberNotifications.userId, memberId)))
    .returning({ id: memberNotifications.id });
  if (!row) throw notFound('NotificationNotFound');
}

/** Marks every unread notification of the member read. */
export async function markAllRead(db: Executor, memberId: string): Promise<void> {
  await db
    .update(memberNotifications)
    .set({ readAt: new Date() })
    .where(and(eq(memberNotifications.userId, memberId), isNull(memberNotifications.readAt)));
}

/** Every kind with whether its email is sent (no row: sent). */
export async function notificationPreferencesOf(db: Executor, memberId: string): Promise<TNotificationPreferences> {
  const rows = await db
    .select({ kind: notificationPreferences.kind, email: notificationPreferences.email })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, memberId));
  const chosen = new Map(rows.map((row) => [row.kind, row.email]));
  return { preferences: NOTIFICATION_KINDS.map((kind) => ({ kind, email: chosen.get(kind) ?? true })) };
}

/** Saves the member's email choice for each kind given (the others stay as they are). */
export async function saveNotificationPreferences(
  db: Executor,
  memberId: string,
  preferences: { kind: NotificationKind; email: boolean }[],
): Promise<TNotificationPreferences> {
  // One row per kind: the last choice given for a kind wins.
  const byKind = new Map(preferences.map((p) => [p.kind, p.email]));
  await db
    .insert(notificationPreferences)
    .values([...byKind].map(([kind, email]) => ({ userId: memberId, kind, email })))
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind],
      set: { email: sql`excluded.email` },
    });
  return notificationPreferencesOf(db, memberId);
}

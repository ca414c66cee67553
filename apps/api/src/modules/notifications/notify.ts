import { randomUUID } from 'node:crypto';
import {
  NOTIFICATION_PAYLOADS,
  type NotificationKind,
  type NotificationPayload,
  notificationText,
  type TNotificationContent,
} from '@parcelle/shared';
import { and, eq, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { JobQueue, QueueSpec } from '../../adapters/jobs/job-queue';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { memberNotifications, notificationPreferences, paintings, users } from '../../db/schema';
import { arraysOf, selectFromArrays } from '../../db/unnest';
import { NOTIFICATION_EMAIL_JOB } from './delivery-jobs';
import { notificationEmail } from './emails';

/**
 * Kinds whose email another job already writes: a settled purchase's confirmation (with its certificate) and its
 * sellers' "Your parts were sold" are sent by the purchase-confirmation job, which reads the same preference
 * (emailWantedColumn, the notice's `emailed`); notifying must not send a second one.
 */
const EMAILED_ELSEWHERE: ReadonlySet<NotificationKind> = new Set(['purchase_settled', 'parts_sold']);

/** What notifying needs of the application: its job queue (the email is a job enqueued in the caller's transaction). */
export type NotifyContext = { jobs: JobQueue };

/**
 * Whether the member wants the email of this kind (no row: yes), as a column of a larger read: a batch of purchase
 * confirmations reads its buyers' preferences with their purchases (decision 498).
 */
export function emailWantedColumn(memberId: SQLWrapper, kind: NotificationKind): SQL<boolean> {
  return sql<boolean>`coalesce((select ${notificationPreferences.email} from ${notificationPreferences}
    where ${notificationPreferences.userId} = ${memberId} and ${notificationPreferences.kind} = ${kind}), true)`;
}

/** One in-app notification to write: whose, its kind, its payload (checked against the kind's schema). */
export type NotificationToRecord<K extends NotificationKind = NotificationKind> = {
  memberId: string;
  kind: K;
  payload: NotificationPayload<K>;
};

/**
 * Writes the in-app notification inside the caller's transaction, without any email (the kinds of EMAILED_ELSEWHERE,
 * whose own job sends it): a batch of one (`recordNotifications`). Returns the notification's id.
 */
export async function recordNotification<K extends NotificationKind>(
  tx: Executor,
  memberId: string,
  kind: K,
  payload: NotificationPayload<K>,
): Promise<{ id: string; emailed: boolean }> {
  const [row] = await recordNotifications(tx, [{ memberId, kind, payload } as NotificationToRecord]);
  if (!row) throw new Error('notification not written');
  return row;
}

/**
 * Writes several in-app notifications (a batch of settlements: each buyer's, each seller's) in one INSERT whatever
 * their number, which reads the members' email preferences for those kinds as it writes. Each
 * payload is checked against its kind's schema first: a wrong one throws, and the caller's transaction with it.
 * Answers each notification's id and whether its email is wanted, in the order given.
 */
export async function recordNotifications(
  tx: Executor,
  notifications: readonly NotificationToRecord[],
): Promise<{ id: string; emailed: boolean }[]> {
  if (notifications.length === 0) return [];
  const checked = notifications.map(
    ({ kind, payload }) => NOTIFICATION_PAYLOADS[kind].parse(payload) as Record<string, unknown>,
  );
  const ids = notifications.map(() => randomUUID());
  const rows = notifications.map(({ memberId, kind }, at) => {
    const payload = checked[at] as Record<string, unknown>;
    return {
      id: ids[at] as string,
      userId: memberId,
      kind,
      payload,
      paintingId: typeof payload.painting_id === 'string' ? payload.painting_id : null,
    };
  });
  const written = await insertNotifications(tx).execute(arraysOf(memberNotifications, NOTIFICATION_KEYS, rows));
  const emailed = new Map(written.map((row) => [row.id, row.emailed]));
  return ids.map((id) => {
    const wanted = emailed.get(id);
    if (wanted === undefined) throw new Error('a notification was not written');
    return { id, emailed: wanted };
  });
}

const NOTIFICATION_KEYS = ['id', 'userId', 'kind', 'payload', 'paintingId'] as const;

/**
 * The notifications' one INSERT (decisions 521–522), the same text for any number of them: prepared. Whether each is
 * emailed is read in it: unless its member turned that kind's email off (a preference row with `email` false).
 */
const insertNotifications = preparedPerDatabase((db) =>
  db
    .insert(memberNotifications)
    .select(
      selectFromArrays(memberNotifications, NOTIFICATION_KEYS, '', {
        emailed: sql`not exists (select 1 from ${notificationPreferences}
          where ${notificationPreferences.userId} = "rows"."userId" and ${notificationPreferences.kind} = "rows"."kind"
            and ${notificationPreferences.email} = false)`,
      }),
    )
    .returning({ id: memberNotifications.id, emailed: memberNotifications.emailed })
    .prepare('notifications_insert'),
);

/**
 * Tells a member about an event (issue 17), inside the transaction that made the event happen: the notification the
 * bell shows is written with it, and, when the member's preference for this kind allows it, its email is enqueued in
 * the same transaction, so it exists once the event commits and never if it rolls back (a retried transaction
 * notifies once). The email is written by a job in the member's language. Returns the notification's id.
 */
export async function notifyMember<K extends NotificationKind>(
  ctx: NotifyContext,
  tx: Executor,
  memberId: string,
  kind: K,
  payload: NotificationPayload<K>,
): Promise<string> {
  const { id, emailed } = await recordNotification(tx, memberId, kind, payload);
  if (emailed && !EMAILED_ELSEWHERE.has(kind)) {
    await ctx.jobs.sendIn(tx, NOTIFICATION_EMAIL_JOB, { notificationId: id }, { id });
  }
  return id;
}

/**
 * The same event told to many members at once (a vote opened to every co-owner): one query for their email
 * preferences, one insert for all the notifications, then one email job per member who wants it — instead of three
 * statements per member. Same transaction rule as `notifyMember`.
 */
export async function notifyMembers<K extends NotificationKind>(
  ctx: NotifyContext,
  tx: Executor,
  memberIds: readonly string[],
  kind: K,
  payload: NotificationPayload<K>,
): Promise<void> {
  const members = [...new Set(memberIds)];
  if (members.length === 0) return;
  const checked = NOTIFICATION_PAYLOADS[kind].parse(payload) as Record<string, unknown>;
  const paintingId = typeof checked.painting_id === 'string' ? checked.painting_id : null;
  const refused = new Set(
    (
      await tx
        .select({ userId: notificationPreferences.userId })
        .from(notificationPreferences)
        .where(
          and(
            inArray(notificationPreferences.userId, members),
            eq(notificationPreferences.kind, kind),
            eq(notificationPreferences.email, false),
          ),
        )
    ).map((row) => row.userId),
  );
  const rows = await tx
    .insert(memberNotifications)
    .values(members.map((userId) => ({ userId, kind, payload: checked, paintingId, emailed: !refused.has(userId) })))
    .returning({ id: memberNotifications.id, emailed: memberNotifications.emailed });
  if (EMAILED_ELSEWHERE.has(kind)) return;
  for (const row of rows) {
    if (row.emailed) await ctx.jobs.sendIn(tx, NOTIFICATION_EMAIL_JOB, { notificationId: row.id }, { id: row.id });
  }
}

/** A seller's "parts sold" notice whose email is wanted, with the seller's address and language (its payload unchecked). */
export type PartsSoldNotice = {
  id: string;
  email: string;
  firstName: string;
  language: 'en' | 'fr';
  payload: unknown;
};

/**
 * The "parts sold" notices of these purchases whose email is wanted (the seller's preference when it was written), by
 * purchase, in one read (none without a statement): the purchase-confirmation job sends their emails from them. Each
 * payload is checked by `partsSoldPayload` where its email is written, so one bad notice fails its purchase only.
 */
export async function partsSoldToEmail(
  db: Executor,
  purchaseIds: readonly string[],
): Promise<Map<string, PartsSoldNotice[]>> {
  const byPurchase = new Map<string, PartsSoldNotice[]>();
  if (purchaseIds.length === 0) return byPurchase;
  const purchaseId = sql<string>`${memberNotifications.payload}->>'purchase_id'`;
  const rows = await db
    .select({
      purchaseId,
      id: memberNotifications.id,
      email: users.email,
      firstName: users.firstName,
      language: users.language,
      payload: memberNotifications.payload,
    })
    .from(memberNotifications)
    .innerJoin(users, eq(users.id, memberNotifications.userId))
    .where(
      and(
        eq(memberNotifications.kind, 'parts_sold'),
        eq(memberNotifications.emailed, true),
        inArray(purchaseId, [...purchaseIds]),
      ),
    );
  for (const { purchaseId: id, ...notice } of rows) byPurchase.set(id, [...(byPurchase.get(id) ?? []), notice]);
  return byPurchase;
}

/** A "parts sold" notice's payload, checked against its kind's schema (throws when it does not hold). */
export function partsSoldPayload(notice: PartsSoldNotice): NotificationPayload<'parts_sold'> {
  return NOTIFICATION_PAYLOADS.parts_sold.parse(notice.payload);
}

/** Retried like any message; a notification whose member is gone has nothing to send. */
const NOTIFICATION_EMAIL: QueueSpec = {
  retryLimit: 9,
  retryDelaySeconds: 30,
  backoff: true,
  expireInSeconds: 120,
  policy: 'standard',
};

/** The email of one notification: the member's address and language, the work's title, the kind's words. */
export async function sendNotificationEmail(ctx: AppContext, notificationId: string): Promise<void> {
  const [row] = await ctx.database.db
    .select({
      kind: memberNotifications.kind,
      payload: memberNotifications.payload,
      email: users.email,
      firstName: users.firstName,
      language: users.language,
      titleEn: paintings.titleEn,
      titleFr: paintings.titleFr,
    })
    .from(memberNotifications)
    .innerJoin(users, eq(users.id, memberNotifications.userId))
    .leftJoin(paintings, eq(paintings.id, memberNotifications.paintingId))
    .where(eq(memberNotifications.id, notificationId));
  if (!row) return;
  const lang = row.language;
  const content = { kind: row.kind, payload: row.payload } as TNotificationContent;
  const title = (lang === 'fr' ? row.titleFr : row.titleEn) ?? '';
  await ctx.mailer.sendEmail({
    to: row.email,
    ...notificationEmail(lang, {
      firstName: row.firstName,
      text: notificationText(lang, content, title),
      link: `${ctx.config.publicUrl}/user/notifications`,
    }),
  });
}

export function defineNotificationJobs(ctx: AppContext): void {
  ctx.jobs.define<{ notificationId: string }>(NOTIFICATION_EMAIL_JOB, NOTIFICATION_EMAIL, (job) =>
    sendNotificationEmail(ctx, job.data.notificationId),
  );
}

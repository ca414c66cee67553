import { and, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { purchases } from '../../db/schema';
import { investorCategoryAt } from '../investor/category';
import { MARKET } from '../market/state';
import { memberHolding } from '../parts/register';

/**
 * The reflection period (issue 30, EU 2020/1503 art. 22; decisions 335–339): a non-sophisticated investor may revoke a
 * primary purchase, without reason or cost, for 4 calendar days. Counted on the calendar of Europe/Paris (what a
 * French member reads on their own clock), from the purchase's settlement (`settled_at`: the moment it was paid and
 * confirmed, when the parts and the certificate became theirs):
 * - the day of the settlement does not count (day 0); days 1 to 4 are the four calendar days;
 * - the period ends at the end of day 4, i.e. at 00:00 Europe/Paris of day 5 (exclusive): a revocation at
 *   23:59:59.999 on day 4 is accepted, one at 00:00:00 on day 5 is refused;
 * - when day 4 is a Saturday or a Sunday, the period runs to the end of the following Monday (EU regulation 1182/71
 *   art. 3(4), the reading most protective of the member); public holidays are not counted yet (decision 336).
 * Everything here is a pure function of the settlement time and an injected `now`, so tests never sleep.
 */
export const REFLECTION_DAYS = 4;
export const REFLECTION_TIME_ZONE = 'Europe/Paris';

/** The longest a period can last in wall-clock time (4 days + a weekend + the rest of day 0 + a DST hour): a filter. */
const LONGEST_PERIOD_MS = 8 * 24 * 60 * 60 * 1000;

type CalendarDate = { year: number; month: number; day: number };

const parisParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: REFLECTION_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function wallClock(at: Date): CalendarDate & { hour: number; minute: number; second: number } {
  const parts = Object.fromEntries(parisParts.formatToParts(at).map((part) => [part.type, part.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** The Paris calendar date of an instant. */
export function parisDate(at: Date): CalendarDate {
  const { year, month, day } = wallClock(at);
  return { year, month, day };
}

function addDays(date: CalendarDate, days: number): CalendarDate {
  const utc = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: utc.getUTCFullYear(), month: utc.getUTCMonth() + 1, day: utc.getUTCDate() };
}

/** 0 = Sunday … 6 = Saturday. */
const weekday = (date: CalendarDate) => new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();

/**
 * The instant of 00:00 Europe/Paris on a calendar date: UTC midnight of that date minus Paris's offset then (+1 h or
 * +2 h). The offset read at UTC midnight is the one of Paris midnight: Paris changes its clocks at 01:00 UTC, never
 * between 22:00 and 00:00 UTC.
 */
export function parisMidnight(date: CalendarDate): Date {
  const guess = Date.UTC(date.year, date.month - 1, date.day);
  const seen = wallClock(new Date(guess));
  const offset = Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute, seen.second) - guess;
  return new Date(guess - offset);
}

/** The end of the reflection period of a purchase settled at `settledAt` (exclusive: revocable while now < end). */
export function reflectionEndsAt(settledAt: Date): Date {
  let last = addDays(parisDate(settledAt), REFLECTION_DAYS);
  if (weekday(last) === 6) last = addDays(last, 2);
  else if (weekday(last) === 0) last = addDays(last, 1);
  return parisMidnight(addDays(last, 1));
}

/** The last minute a purchase can be revoked, in words, on the Paris clock ("Friday 4 December 2026, 23:59"). */
export function formatReflectionEnd(endsAt: Date, lang: 'en' | 'fr'): string {
  return new Intl.DateTimeFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', {
    timeZone: REFLECTION_TIME_ZONE,
    dateStyle: 'full',
    timeStyle: 'short',
  }).format(new Date(endsAt.getTime() - 60_000));
}

export function inReflectionPeriod(settledAt: Date, now: Date): boolean {
  return now.getTime() < reflectionEndsAt(settledAt).getTime();
}

/**
 * Whether a member's primary purchases carry the reflection period: the non-sophisticated investors (EU 2020/1503
 * art. 22). `at` is the moment of the purchase (its settlement): the category that counts is the one the member had
 * when they bought.
 *
 * The category is the investor module's (`investorCategoryAt`, decision 313): a sophisticated status approved before
 * the purchase and valid at it removes the period; any other member keeps it.
 */
export async function reflectionAppliesTo(db: Executor, memberId: string, at: Date = new Date()): Promise<boolean> {
  return (await investorCategoryAt(db, memberId, at)) !== 'sophisticated';
}

export type ProvisionalPurchase = {
  id: string;
  reference: string;
  paintingId: string;
  quantity: number;
  settledAt: Date;
  endsAt: Date;
};

/**
 * A member's primary purchases still in their reflection period at `now` (of one work, or of all): their parts and
 * certificates are provisional, cannot be listed or sold, and can still be revoked.
 */
export async function provisionalPurchases(
  db: Executor,
  userId: string,
  now: Date,
  paintingId?: string,
): Promise<ProvisionalPurchase[]> {
  const rows = await db
    .select({
      id: purchases.id,
      reference: purchases.reference,
      paintingId: purchases.paintingId,
      quantity: purchases.quantity,
      settledAt: purchases.settledAt,
    })
    .from(purchases)
    .where(
      and(
        eq(purchases.userId, userId),
        eq(purchases.status, 'paid'),
        eq(purchases.market, MARKET.primary),
        gt(purchases.settledAt, new Date(now.getTime() - LONGEST_PERIOD_MS)),
        paintingId ? eq(purchases.paintingId, paintingId) : undefined,
      ),
    );
  const found: ProvisionalPurchase[] = [];
  for (const row of rows) {
    if (!row.settledAt || !inReflectionPeriod(row.settledAt, now)) continue;
    if (!(await reflectionAppliesTo(db, userId, row.settledAt))) continue;
    found.push({ ...row, settledAt: row.settledAt, endsAt: reflectionEndsAt(row.settledAt) });
  }
  return found;
}

/** How many of a member's parts of a work are provisional at `now` (held in the primary lot, not to be sold yet). */
export async function provisionalQuantity(
  db: Executor,
  userId: string,
  paintingId: string,
  now: Date,
): Promise<number> {
  const found = await provisionalPurchases(db, userId, now, paintingId);
  return found.reduce((sum, purchase) => sum + purchase.quantity, 0);
}

/**
 * What a member may sell of a work at `now`: their holding with the provisional parts kept out of the primary lot
 * (where the revocation takes them back from). Listing and bid acceptance use it under the work's and the member's
 * row locks, the locks a revocation takes too (revoke-purchase.ts), so a sale and a revocation of the same parts
 * take turns.
 */
export async function sellableHolding(
  db: Executor,
  userId: string,
  paintingId: string,
  now: Date,
): Promise<{ primary: number; secondary: number; provisional: number }> {
  const held = await memberHolding(db, userId, paintingId);
  const provisional = await provisionalQuantity(db, userId, paintingId, now);
  return { primary: Math.max(0, held.primary - provisional), secondary: held.secondary, provisional };
}

/**
 * Development and tests only (the dev module's `/dev/reflection/end`, test/factories.ts `pastReflectionPeriod`): a
 * member's (or everyone's) paid primary purchases settled in the last 9 days are made 9 days older, past their
 * reflection period, for stories that sell parts right after buying them. Never called by a production path.
 */
export async function agePastReflectionPeriod(db: Executor, userId?: string): Promise<number> {
  const aged = await db
    .update(purchases)
    .set({ settledAt: sql`${purchases.settledAt} - interval '9 days'` })
    .where(
      and(
        userId ? eq(purchases.userId, userId) : undefined,
        eq(purchases.status, 'paid'),
        eq(purchases.market, MARKET.primary),
        sql`${purchases.settledAt} > now() - interval '9 days'`,
      ),
    )
    .returning({ id: purchases.id });
  return aged.length;
}

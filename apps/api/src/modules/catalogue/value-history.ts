import { type Currency, percentChange } from '@parcelle/shared';
import { and, asc, desc, inArray, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { paintingValuations } from '../../db/schema';
import type { Rates } from '../fx/rates';

/** A work's value in one year: the appraisal that stands for that year, in its own currency. */
export interface ValuePoint {
  year: number;
  valuedOn: string;
  valueMinor: number;
  currency: Currency;
}

/**
 * Each work's value history, from its appraisals (issue 15): per year, the latest current appraisal of that year (the
 * latest date, then the latest entered); a corrected appraisal no longer counts, its correction does. Oldest year
 * first. A work without appraisals has no history.
 */
export async function valueHistories(db: Executor, ids: string[]): Promise<Map<string, ValuePoint[]>> {
  const histories = new Map<string, ValuePoint[]>();
  if (ids.length === 0) return histories;
  for (const row of await valueHistoryQuery(db, ids)) {
    const point = {
      year: Number(row.year),
      valuedOn: row.valuedOn,
      valueMinor: row.valueMinor,
      currency: row.currency,
    };
    histories.set(row.paintingId, [...(histories.get(row.paintingId) ?? []), point]);
  }
  return histories;
}

/** The query of valueHistories: DISTINCT ON (work, year), the wanted appraisal sorted first (plan: query-plans.test). */
export function valueHistoryQuery(db: Executor, ids: string[]) {
  const later = alias(paintingValuations, 'later');
  const year = sql<number>`extract(year from ${paintingValuations.valuedOn})::int`;
  return db
    .selectDistinctOn([paintingValuations.paintingId, year], {
      paintingId: paintingValuations.paintingId,
      year,
      valuedOn: paintingValuations.valuedOn,
      valueMinor: paintingValuations.valueMinor,
      currency: paintingValuations.currency,
    })
    .from(paintingValuations)
    .where(
      and(
        inArray(paintingValuations.paintingId, ids),
        notExists(db.select({ id: later.id }).from(later).where(sql`${later.supersedesId} = ${paintingValuations.id}`)),
      ),
    )
    .orderBy(
      asc(paintingValuations.paintingId),
      asc(year),
      desc(paintingValuations.valuedOn),
      desc(paintingValuations.createdAt),
      desc(paintingValuations.id),
    );
}

/** A point's value in the asked currency (minor units), converted at the rate in force on the appraisal's date. */
export function valueIn(rates: Rates, point: ValuePoint, currency: Currency): number {
  return rates.exchange(point.valueMinor, point.currency, currency, rates.at(point.valuedOn));
}

/**
 * The change of a work's value over its last two years of history (percent, 2 decimals), in the currency shown:
 * both values converted as the work's value chart converts them (each at its date's rate, `valueIn`), so the badge
 * beside a chart is the chart's own last step (issue 17: a USD badge computed from EUR values contradicted the USD
 * chart when the dollar moved); 0 with fewer than two years.
 */
export function valueChange(rates: Rates, points: ValuePoint[], currency: Currency): number {
  const latest = points.at(-1);
  const previous = points.at(-2);
  if (!latest || !previous) return 0;
  return percentChange(valueIn(rates, previous, currency), valueIn(rates, latest, currency));
}

/** The change of each work's value in the currency shown (see valueChange), for lists. */
export async function valueChanges(
  db: Executor,
  rates: Rates,
  ids: string[],
  currency: Currency,
): Promise<Map<string, number>> {
  const histories = await valueHistories(db, ids);
  return new Map(ids.map((id) => [id, valueChange(rates, histories.get(id) ?? [], currency)]));
}

import type { Language } from '@parcelle/shared/i18n/messages';
import type { YearRow, YearSeries } from '../charts/YearChart';
import { localized } from '../i18n/language';
import type { TGraphLine } from './api';

/**
 * The member's graph lines (one point per work and year) as chart rows: one series per work (its title in the
 * current language), one row per year, a work's value null in the years it was not held.
 */
export function graphChart(
  lines: readonly TGraphLine[],
  language: Language,
): { series: YearSeries[]; rows: YearRow[] } {
  const series: YearSeries[] = [];
  const seen = new Set<string>();
  const byYear = new Map<number, YearRow>();
  for (const line of lines) {
    const key = `w_${line.painting_id}`;
    if (!seen.has(key)) {
      seen.add(key);
      series.push({ key, label: localized(line.painting_title, language) });
    }
    const row = byYear.get(line.year) ?? ({ year: line.year } as YearRow);
    row[key] = line.prices.value;
    byYear.set(line.year, row);
  }
  const rows = [...byYear.values()].sort((a, b) => a.year - b.year);
  for (const row of rows) for (const item of series) if (!(item.key in row)) row[item.key] = null;
  return { series, rows };
}

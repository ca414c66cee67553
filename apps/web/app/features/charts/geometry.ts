import { nice, ticks as tickValues } from 'd3-array';
import { curveMonotoneX, line } from 'd3-shape';
import { seriesColor } from './axis';
import type { YearRow, YearSeries } from './YearChart';

/**
 * The drawing of a chart by year as plain geometry, computed the same on the server and in the browser (issue 33:
 * charts are drawn on the server, no chart library in the page). Lines live in a 1000 × 1000 box that the SVG
 * stretches to the plot's size (strokes keep their width); bars and labels are placed in fractions of the plot, by HTML.
 */
export const BOX = 1000;

export type Tick = { value: number /** From the top of the plot, 0 to 1. */; top: number };
export type Band = { year: number /** Centre of the year's band from the left, 0 to 1. */; centre: number };
export type LineShape = { key: string; label: string; color: string; d: string };
/** A bar in fractions of the plot (HTML places it, so that its width can be capped in pixels as well). */
export type BarShape = {
  key: string;
  year: number;
  color: string;
  centre: number;
  width: number;
  top: number;
  height: number;
};
export type ChartGeometry = { ticks: Tick[]; bands: Band[]; lines: LineShape[]; bars: BarShape[] };

/** Share of a year's band the bars of that year take together (the rest is air between years). */
const BARS_SHARE = 0.6;

const numberAt = (row: YearRow, key: string): number | null => {
  const value = row[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
};

/** Bars sharing a `stack` stand on one another; other bar series stand side by side in the year's band. */
function barGroups(series: readonly YearSeries[]): YearSeries[][] {
  const groups = new Map<string, YearSeries[]>();
  for (const item of series.filter((entry) => entry.kind === 'bar')) {
    const group = item.stack ?? `own:${item.key}`;
    groups.set(group, [...(groups.get(group) ?? []), item]);
  }
  return [...groups.values()];
}

/** Every value the vertical scale must hold: each point of a line, each stack's top and bottom. */
function extent(series: readonly YearSeries[], rows: readonly YearRow[]): [number, number] {
  const values: number[] = [0];
  for (const row of rows) {
    for (const item of series.filter((entry) => entry.kind !== 'bar')) {
      const value = numberAt(row, item.key);
      if (value !== null) values.push(value);
    }
    for (const group of barGroups(series)) {
      let up = 0;
      let down = 0;
      for (const item of group) {
        const value = numberAt(row, item.key) ?? 0;
        if (value >= 0) up += value;
        else down += value;
      }
      values.push(up, down);
    }
  }
  return [Math.min(...values), Math.max(...values)];
}

export function yearChartGeometry(series: readonly YearSeries[], rows: readonly YearRow[]): ChartGeometry {
  const [low, high] = extent(series, rows);
  // An empty or flat chart still gets an axis from 0. Round ends and steps (d3-array's nice and ticks: 0, 50, 100…);
  // the scale itself is one line, where d3-scale would bring colour and number formatting into every chart page.
  const [bottom, top] = nice(low, high > low ? high : low + 1, 5);
  const y = (value: number) => BOX - ((value - bottom) / (top - bottom)) * BOX;
  const ticks = tickValues(bottom, top, 5).map((value) => ({ value, top: y(value) / BOX }));
  const band = BOX / Math.max(rows.length, 1);
  const centre = (index: number) => band * (index + 0.5);
  const bands = rows.map((row, index) => ({ year: row.year, centre: centre(index) / BOX }));

  const lines = series
    .map((item, index) => ({ item, color: seriesColor(index) }))
    .filter(({ item }) => item.kind !== 'bar')
    .map(({ item, color }) => {
      // Years without a value are skipped and the line joins its neighbours (as before: connectNulls).
      const points = rows.flatMap((row, index) => {
        const value = numberAt(row, item.key);
        return value === null ? [] : [[centre(index), y(value)] as [number, number]];
      });
      const d =
        points.length === 1 ? `M${points[0]?.[0]},${points[0]?.[1]}h0.01` : line().curve(curveMonotoneX)(points);
      return { key: item.key, label: item.label, color, d: d ?? '' };
    });

  const groups = barGroups(series);
  const groupWidth = (band * BARS_SHARE) / Math.max(groups.length, 1);
  const colorOf = new Map(series.map((item, index) => [item.key, seriesColor(index)]));
  const bars: BarShape[] = [];
  rows.forEach((row, index) => {
    const left = centre(index) - (band * BARS_SHARE) / 2;
    groups.forEach((group, position) => {
      let up = 0;
      let down = 0;
      for (const item of group) {
        const value = numberAt(row, item.key);
        if (!value) continue;
        const from = value >= 0 ? up : down;
        const to = from + value;
        if (value >= 0) up = to;
        else down = to;
        const top = y(Math.max(from, to));
        bars.push({
          key: item.key,
          year: row.year,
          color: colorOf.get(item.key) ?? seriesColor(0),
          centre: (left + groupWidth * (position + 0.5)) / BOX,
          width: groupWidth / BOX,
          top: top / BOX,
          height: (y(Math.min(from, to)) - top) / BOX,
        });
      }
    });
  });
  return { ticks, bands, lines, bars };
}

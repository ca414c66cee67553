import type { Language } from '@parcelle/shared/i18n/messages';
import { lazy, type ReactNode, Suspense } from 'react';
// The drawing's styles are imported here too, not only by its lazy chunk: a lazy chunk's stylesheet is not linked by
// the server's HTML, and a document draws the chart before any script has run (issue 33).
import './year-chart.css';

/** One series of a yearly chart: its key in the rows, its label, and how it is drawn. */
export type YearSeries = { key: string; label: string; kind?: 'line' | 'bar'; stack?: string };
export type YearRow = { year: number } & Record<string, number | null>;

export type YearChartProps = {
  title?: ReactNode;
  /** A sentence read by screen readers instead of the drawing (the numbers are in the tooltip and tables). */
  summary: string;
  series: readonly YearSeries[];
  rows: readonly YearRow[];
  /** Tooltip values (amounts with their currency, an index with 2 decimals…). */
  formatValue?: (value: number, language: Language) => string;
  height?: number;
  testId?: string;
};

// The drawing is its own chunk (issue 33): the server renders it into the page, and the browser hydrates it once the
// chunk has come, after the rest of the page (React hydrates a suspended part later; until then the server's drawing
// stays as it is). A page's first load does not wait for the chart's code.
const YearChartDrawing = lazy(() => import('./YearChartDrawing'));

/**
 * A chart by year for artists, paintings and the market (spec §9), drawn on the server (decision 431). On a page
 * reached by a client navigation, its box holds its final height until the drawing's chunk has come.
 */
export function YearChart(props: YearChartProps) {
  return (
    <Suspense
      fallback={<div className="year-chart" style={{ height: props.height ?? 300 }} data-testid={props.testId} />}
    >
      <YearChartDrawing {...props} />
    </Suspense>
  );
}

import { Box, Typography } from '@mui/material';
import type { Language } from '@parcelle/shared/i18n/messages';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';

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

// The chart library is the largest part of a page that shows one: it loads when a chart comes near the viewport
// (issue 14), not with the page.
const YearChartDrawing = lazy(() => import('./YearChartDrawing'));

/** How far below the viewport a chart starts loading, so that it is usually drawn by the time it is seen. */
const AHEAD = '300px 0px';

/** True once the element has come within AHEAD of the viewport (at once where IntersectionObserver is missing). */
function useNearViewport<T extends Element>() {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: AHEAD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return { ref, near };
}

/**
 * A chart by year for artists, paintings and the market: lines and/or bars in the spec's ten cycling
 * colours, with the 'M from 1,000,000' axis (spec §9). Its box has its final size from the first paint (no layout
 * shift when the drawing arrives); the drawing (Recharts) is loaded as the chart nears the viewport.
 */
export function YearChart({ title, summary, height = 300, testId, ...drawing }: YearChartProps) {
  const { ref, near } = useNearViewport<HTMLDivElement>();
  return (
    <Box component="figure" sx={{ m: 0 }} data-testid={testId}>
      {title && (
        <Typography component="figcaption" variant="h5" sx={{ mb: 2 }}>
          {title}
        </Typography>
      )}
      <Box
        ref={ref}
        role="img"
        aria-label={summary}
        sx={{ width: '100%', height }}
        data-chart-loaded={near || undefined}
      >
        {near && (
          <Suspense fallback={null}>
            <YearChartDrawing {...drawing} />
          </Suspense>
        )}
      </Box>
    </Box>
  );
}

import { Box, Typography } from '@mui/material';
import type { Language } from '@parcelle/shared/i18n/messages';
import type { ReactNode } from 'react';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useLanguage } from '../i18n/language';
import { fonts, palette } from '../theme/theme';
import { axisTick, seriesColor } from './axis';

/** One series of a yearly chart: its key in the rows, its label, and how it is drawn. */
export type YearSeries = { key: string; label: string; kind?: 'line' | 'bar'; stack?: string };
export type YearRow = { year: number } & Record<string, number | null>;

type Props = {
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

const axisStyle = { fontSize: 12, fill: palette.muted, fontFamily: fonts.text };

/**
 * A chart by year for artists, paintings and the market: lines and/or bars in the spec's ten cycling
 * colours, with the 'M from 1,000,000' axis (spec §9). Drawn with Recharts.
 */
export function YearChart({ title, summary, series, rows, formatValue, height = 300, testId }: Props) {
  const language = useLanguage();
  const format = (value: number) => (formatValue ? formatValue(value, language) : axisTick(value, language));
  return (
    <Box component="figure" sx={{ m: 0 }} data-testid={testId}>
      {title && (
        <Typography component="figcaption" variant="h5" sx={{ mb: 2 }}>
          {title}
        </Typography>
      )}
      <Box role="img" aria-label={summary} sx={{ width: '100%', height }}>
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart data={rows as YearRow[]} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid stroke={palette.line} vertical={false} />
            <XAxis dataKey="year" tick={axisStyle} tickLine={false} axisLine={{ stroke: palette.line }} />
            <YAxis
              tick={axisStyle}
              tickLine={false}
              axisLine={false}
              width={64}
              tickFormatter={(value: number) => axisTick(value, language)}
            />
            <Tooltip
              formatter={(value) => (typeof value === 'number' ? format(value) : String(value ?? ''))}
              contentStyle={{ fontFamily: fonts.text, fontSize: 13, borderColor: palette.line, borderRadius: 2 }}
            />
            {series.length > 1 && <Legend itemSorter={null} wrapperStyle={{ fontFamily: fonts.text, fontSize: 13 }} />}
            {series.map((item, index) =>
              item.kind === 'bar' ? (
                <Bar
                  key={item.key}
                  dataKey={item.key}
                  name={item.label}
                  fill={seriesColor(index)}
                  stackId={item.stack}
                  maxBarSize={28}
                  isAnimationActive={false}
                />
              ) : (
                <Line
                  key={item.key}
                  dataKey={item.key}
                  name={item.label}
                  type="monotone"
                  stroke={seriesColor(index)}
                  strokeWidth={2}
                  dot={false}
                  connectNulls
                  isAnimationActive={false}
                />
              ),
            )}
          </ComposedChart>
        </ResponsiveContainer>
      </Box>
    </Box>
  );
}

import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useLanguage } from '../i18n/language';
import { fonts, palette } from '../theme/theme';
import { axisTick, seriesColor } from './axis';

import type { YearChartProps, YearRow } from './YearChart';

const axisStyle = { fontSize: 12, fill: palette.muted, fontFamily: fonts.text };

/** The drawing of a YearChart, with Recharts: loaded by YearChart when the chart comes near the viewport. */
export default function YearChartDrawing({ series, rows, formatValue }: Omit<YearChartProps, 'title' | 'summary'>) {
  const language = useLanguage();
  const format = (value: number) => (formatValue ? formatValue(value, language) : axisTick(value, language));
  return (
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
  );
}

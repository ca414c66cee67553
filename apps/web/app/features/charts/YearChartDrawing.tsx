import { Box, Typography } from '@mui/material';
import { useMemo } from 'react';
import { useLanguage } from '../i18n/language';
import { fonts, palette } from '../theme/theme';
import { axisTick, seriesColor } from './axis';
import { BOX, yearChartGeometry } from './geometry';
import type { YearChartProps } from './YearChart';

/** Room for the values on the left and the years below the plot. */
const AXIS_WIDTH = 64;
const YEARS_HEIGHT = 28;
const LEGEND_HEIGHT = 32;
const BAR_MAX_PX = 28;

const label = {
  position: 'absolute',
  fontFamily: fonts.text,
  fontSize: 12,
  color: palette.muted,
  lineHeight: 1,
} as const;

/** Room a year's label needs, and the steps by which years are labelled when the chart is too narrow for all. */
const YEAR_LABEL_PX = 40;
const YEAR_STEPS = [1, 2, 5, 10, 20] as const;

/** The largest step at which a year keeps its label, counted back from the latest year (always labelled). */
function yearRank(index: number, count: number): number {
  const fromLatest = count - 1 - index;
  return [...YEAR_STEPS].reverse().find((step) => fromLatest % step === 0) ?? 1;
}

/**
 * Fewer year labels as the chart narrows, without a script and the same on the server: a container query per step
 * hides the labels of lower rank once the years' row is narrower than they need.
 */
function yearLabelQueries(count: number): Record<string, object> {
  const queries: Record<string, object> = {};
  YEAR_STEPS.slice(1).forEach((step, position) => {
    const previous = YEAR_STEPS[position] ?? 1;
    const hidden = YEAR_STEPS.filter((rank) => rank < step).map((rank) => `& [data-rank="${rank}"]`);
    queries[`@container (max-width: ${Math.ceil((count * YEAR_LABEL_PX) / previous) - 1}px)`] = {
      [hidden.join(', ')]: { display: 'none' },
    };
  });
  return queries;
}

/**
 * A chart by year for artists, paintings and the market: lines and/or bars in the spec's ten cycling colours, with the
 * 'M from 1,000,000' axis (spec §9). Drawn on the server as SVG and HTML from the same geometry the browser computes
 * (issue 33: no chart library in the page, nothing to load or lay out later); its box has its final size at once.
 * Hovering a year shows its values: each year's band carries them, shown by CSS on hover, so they are there without a
 * script (a document page, issue 33) and the drawing holds no state to hydrate.
 */
export default function YearChartDrawing({
  title,
  summary,
  height = 300,
  testId,
  series,
  rows,
  formatValue,
}: YearChartProps) {
  const language = useLanguage();
  const geometry = useMemo(() => yearChartGeometry(series, rows), [series, rows]);
  const legend = series.length > 1;
  const plotHeight = height - YEARS_HEIGHT - (legend ? LEGEND_HEIGHT : 0);
  const format = (value: number) => (formatValue ? formatValue(value, language) : axisTick(value, language));

  return (
    <Box component="figure" sx={{ m: 0 }} data-testid={testId}>
      {title && (
        <Typography component="figcaption" variant="h5" sx={{ mb: 2 }}>
          {title}
        </Typography>
      )}
      <Box role="img" aria-label={summary} sx={{ position: 'relative', width: '100%', height }} data-chart>
        <Box sx={{ position: 'absolute', top: 8, bottom: height - plotHeight, left: 0, width: AXIS_WIDTH - 8 }}>
          {geometry.ticks.map((tick) => (
            <Box
              key={tick.value}
              component="span"
              sx={{ ...label, right: 0, top: `${tick.top * 100}%`, transform: 'translateY(-50%)' }}
            >
              {axisTick(tick.value, language)}
            </Box>
          ))}
        </Box>
        <Box sx={{ position: 'absolute', top: 8, left: AXIS_WIDTH, right: 8, height: plotHeight - 8 }}>
          <svg
            viewBox={`0 0 ${BOX} ${BOX}`}
            preserveAspectRatio="none"
            width="100%"
            height="100%"
            aria-hidden="true"
            focusable="false"
            style={{ position: 'absolute', inset: 0, overflow: 'visible' }}
          >
            {geometry.ticks.map((tick) => (
              <line
                key={tick.value}
                x1={0}
                x2={BOX}
                y1={tick.top * BOX}
                y2={tick.top * BOX}
                stroke={palette.line}
                vectorEffect="non-scaling-stroke"
              />
            ))}
            {geometry.lines.map((shape) => (
              <path
                key={shape.key}
                data-line={shape.key}
                d={shape.d}
                fill="none"
                stroke={shape.color}
                strokeWidth={2}
                strokeLinecap="round"
                vectorEffect="non-scaling-stroke"
              />
            ))}
          </svg>
          {geometry.bars.map((bar) => (
            <Box
              key={`${bar.key}-${bar.year}`}
              data-bar={bar.key}
              sx={{
                position: 'absolute',
                left: `${bar.centre * 100}%`,
                width: `min(${BAR_MAX_PX}px, ${bar.width * 100}%)`,
                transform: 'translateX(-50%)',
                top: `${bar.top * 100}%`,
                height: `${bar.height * 100}%`,
                bgcolor: bar.color,
              }}
            />
          ))}
          {geometry.bands.map((entry, index) => {
            const row = rows[index];
            if (!row) return null;
            return (
              <Box
                key={entry.year}
                data-year={entry.year}
                sx={{
                  position: 'absolute',
                  top: 0,
                  bottom: 0,
                  left: `${(index / rows.length) * 100}%`,
                  width: `${100 / rows.length}%`,
                  '&:hover > [data-tooltip]': { display: 'block' },
                }}
              >
                <Box
                  aria-hidden="true"
                  data-tooltip
                  data-testid={testId ? `${testId}-tooltip` : undefined}
                  sx={{
                    display: 'none',
                    position: 'absolute',
                    top: 0,
                    left: '50%',
                    transform: entry.centre > 0.6 ? 'translateX(calc(-100% - 12px))' : 'translateX(12px)',
                    // Its own width, not its narrow band's.
                    width: 'max-content',
                    minWidth: 140,
                    maxWidth: 260,
                    p: 1.25,
                    bgcolor: palette.paper,
                    border: `1px solid ${palette.line}`,
                    borderRadius: '2px',
                    fontFamily: fonts.text,
                    fontSize: 13,
                    pointerEvents: 'none',
                    boxShadow: '0 8px 20px rgba(28, 27, 25, 0.08)',
                    zIndex: 1,
                  }}
                >
                  <Box sx={{ fontWeight: 600, mb: 0.5 }}>{row.year}</Box>
                  {series.map((item) => {
                    const value = row[item.key];
                    return typeof value === 'number' ? (
                      <Box key={item.key} sx={{ display: 'flex', gap: 1.5, justifyContent: 'space-between' }}>
                        <span>{item.label}</span>
                        <span>{format(value)}</span>
                      </Box>
                    ) : null;
                  })}
                </Box>
              </Box>
            );
          })}
        </Box>
        <Box
          sx={{
            position: 'absolute',
            top: plotHeight + 8,
            left: AXIS_WIDTH,
            right: 8,
            height: YEARS_HEIGHT,
            containerType: 'inline-size',
            ...yearLabelQueries(rows.length),
          }}
        >
          {geometry.bands.map((entry, index) => (
            <Box
              key={entry.year}
              component="span"
              data-rank={yearRank(index, rows.length)}
              sx={{ ...label, left: `${entry.centre * 100}%`, transform: 'translateX(-50%)', top: 4 }}
            >
              {entry.year}
            </Box>
          ))}
        </Box>
        {legend && (
          <Box
            component="ul"
            aria-hidden="true"
            sx={{
              position: 'absolute',
              bottom: 0,
              left: AXIS_WIDTH,
              right: 8,
              m: 0,
              p: 0,
              listStyle: 'none',
              display: 'flex',
              flexWrap: 'wrap',
              justifyContent: 'center',
              gap: 2.5,
              fontFamily: fonts.text,
              fontSize: 13,
            }}
          >
            {series.map((item, index) => (
              <Box component="li" key={item.key} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <Box
                  component="span"
                  sx={{ width: 12, height: item.kind === 'bar' ? 12 : 3, bgcolor: seriesColor(index) }}
                />
                {item.label}
              </Box>
            ))}
          </Box>
        )}
      </Box>
    </Box>
  );
}

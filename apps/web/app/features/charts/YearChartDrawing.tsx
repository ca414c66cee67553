import { useMemo } from 'react';
import { useLanguage } from '../i18n/language';
import { palette } from '../theme/theme';
import { withType } from '../theme/type';
import { axisTick, seriesColor } from './axis';
import { BOX, yearChartGeometry } from './geometry';
import type { YearChartProps } from './YearChart';
import './year-chart.css';

/** The chart's classes (year-chart.css, a plain stylesheet) and the caption's type variant (theme/type.ts). */
const styles = withType(
  {
    band: 'year-chart-band',
    bar: 'year-chart-bar',
    caption: 'year-chart-caption',
    chart: 'year-chart-chart',
    figure: 'year-chart',
    label: 'year-chart-label',
    legend: 'year-chart-legend',
    legendItem: 'year-chart-legend-item',
    plot: 'year-chart-plot',
    svg: 'year-chart-svg',
    swatch: 'year-chart-swatch',
    swatchBar: 'year-chart-swatch-bar',
    tick: 'year-chart-tick',
    ticks: 'year-chart-ticks',
    tooltip: 'year-chart-tooltip',
    tooltipLeft: 'year-chart-tooltip-left',
    tooltipRow: 'year-chart-tooltip-row',
    tooltipYear: 'year-chart-tooltip-year',
    year: 'year-chart-year',
    years: 'year-chart-years',
  },
  { caption: 'h5' },
);

/** Room for the years below the plot (the values' room on the left, 64 px, is year-chart.css's). */
const YEARS_HEIGHT = 28;
const LEGEND_HEIGHT = 32;
const BAR_MAX_PX = 28;

const percent = (fraction: number) => `${fraction * 100}%`;

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
 * hides the labels of lower rank once the years' row is narrower than they need. The widths depend on the number of
 * years, so the rules are written beside the chart for its count (`data-years`), the same for every chart of that
 * count.
 */
export function yearLabelQueries(count: number): string {
  return YEAR_STEPS.slice(1)
    .map((step, position) => {
      const previous = YEAR_STEPS[position] ?? 1;
      const hidden = YEAR_STEPS.filter((rank) => rank < step)
        .map((rank) => `[data-years="${count}"] [data-rank="${rank}"]`)
        .join(',');
      return `@container (max-width:${Math.ceil((count * YEAR_LABEL_PX) / previous) - 1}px){${hidden}{display:none}}`;
    })
    .join('');
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
    <figure className={styles.figure} data-testid={testId}>
      {title && <figcaption className={styles.caption}>{title}</figcaption>}
      <div role="img" aria-label={summary} className={styles.chart} style={{ height }} data-chart>
        <div className={styles.ticks} style={{ bottom: height - plotHeight }}>
          {geometry.ticks.map((tick) => (
            <span key={tick.value} className={`${styles.label} ${styles.tick}`} style={{ top: percent(tick.top) }}>
              {axisTick(tick.value, language)}
            </span>
          ))}
        </div>
        <div className={styles.plot} style={{ height: plotHeight - 8 }}>
          <svg
            viewBox={`0 0 ${BOX} ${BOX}`}
            preserveAspectRatio="none"
            width="100%"
            height="100%"
            aria-hidden="true"
            focusable="false"
            className={styles.svg}
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
            <div
              key={`${bar.key}-${bar.year}`}
              data-bar={bar.key}
              className={styles.bar}
              style={{
                left: percent(bar.centre),
                width: `min(${BAR_MAX_PX}px, ${bar.width * 100}%)`,
                top: percent(bar.top),
                height: percent(bar.height),
                backgroundColor: bar.color,
              }}
            />
          ))}
          {geometry.bands.map((entry, index) => {
            const row = rows[index];
            if (!row) return null;
            return (
              <div
                key={entry.year}
                data-year={entry.year}
                className={styles.band}
                style={{ left: `${(index / rows.length) * 100}%`, width: `${100 / rows.length}%` }}
              >
                <div
                  aria-hidden="true"
                  data-tooltip
                  data-testid={testId ? `${testId}-tooltip` : undefined}
                  className={entry.centre > 0.6 ? `${styles.tooltip} ${styles.tooltipLeft}` : styles.tooltip}
                >
                  <div className={styles.tooltipYear}>{row.year}</div>
                  {series.map((item) => {
                    const value = row[item.key];
                    return typeof value === 'number' ? (
                      <div key={item.key} className={styles.tooltipRow}>
                        <span>{item.label}</span>
                        <span>{format(value)}</span>
                      </div>
                    ) : null;
                  })}
                </div>
              </div>
            );
          })}
        </div>
        <style>{yearLabelQueries(rows.length)}</style>
        <div className={styles.years} data-years={rows.length} style={{ top: plotHeight + 8 }}>
          {geometry.bands.map((entry, index) => (
            <span
              key={entry.year}
              data-rank={yearRank(index, rows.length)}
              className={`${styles.label} ${styles.year}`}
              style={{ left: percent(entry.centre) }}
            >
              {entry.year}
            </span>
          ))}
        </div>
        {legend && (
          <ul aria-hidden="true" className={styles.legend}>
            {series.map((item, index) => (
              <li key={item.key} className={styles.legendItem}>
                <span
                  className={item.kind === 'bar' ? `${styles.swatch} ${styles.swatchBar}` : styles.swatch}
                  style={{ backgroundColor: seriesColor(index) }}
                />
                {item.label}
              </li>
            ))}
          </ul>
        )}
      </div>
    </figure>
  );
}

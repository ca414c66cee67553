import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n/i18n';
import { BOX, yearChartGeometry } from './geometry';
import { YearChart } from './YearChart';
import YearChartDrawing from './YearChartDrawing';

beforeAll(() => initI18n());
afterEach(cleanup);

const rows = [
  { year: 2022, value: 100 },
  { year: 2023, value: 120 },
];

describe('YearChart (issue 33: drawn on the server, no chart library in the page)', () => {
  it('is in the server-rendered HTML, axis, years and line included, in a box of its final height', async () => {
    // As the server renders a page: it waits for the drawing's chunk (the browser hydrates it after the rest).
    const { prelude } = await prerenderToNodeStream(
      <YearChart summary="Value by year" series={[{ key: 'value', label: 'Value' }]} rows={rows} height={320} />,
    );
    let html = '';
    for await (const chunk of prelude) html += String(chunk);
    const host = document.createElement('div');
    host.innerHTML = html;
    const box = within(host).getByRole('img', { name: 'Value by year' });
    expect(box.getAttribute('style') ?? getComputedStyle(box).height).toBeTruthy();
    expect(host.querySelector('path[data-line="value"]')?.getAttribute('d')).toMatch(/^M/);
    expect(host.textContent).toContain('2022');
    expect(host.textContent).toContain('2023');
    // The vertical axis from 0, in round steps, up to at least the highest value.
    expect(host.textContent).toMatch(/^0.*120/);
  });

  it('gives each year a band holding its values, formatted as asked, shown on hover without a script', () => {
    render(
      <YearChartDrawing
        summary="Value by year"
        testId="chart"
        series={[{ key: 'value', label: 'Value' }]}
        rows={rows}
        formatValue={(value) => `€${value}`}
      />,
    );
    const tooltips = screen.getAllByTestId('chart-tooltip', { hidden: true } as never);
    expect(tooltips.map((tip) => tip.textContent)).toEqual(['2022Value€100', '2023Value€120']);
    // Hidden until its band is hovered (the band's CSS shows it), and never read twice by a screen reader.
    // jsdom applies no stylesheet: the rules are read from the chart's, and each tooltip carries the class they name.
    const css = readFileSync(join(import.meta.dirname, 'year-chart.css'), 'utf8');
    expect(/\.year-chart-tooltip \{[^}]*display: none;/.exec(css)).not.toBeNull();
    expect(/\.year-chart-band:hover > \.year-chart-tooltip \{\s*display: block;/.exec(css)).not.toBeNull();
    for (const tip of tooltips) {
      expect(tip.classList).toContain('year-chart-tooltip');
      expect(tip.parentElement?.classList).toContain('year-chart-band');
      expect(tip.getAttribute('aria-hidden')).toBe('true');
      expect(tip.parentElement?.getAttribute('data-year')).toBe(tip.textContent?.slice(0, 4));
    }
    // The bands split the plot's width between the years, left to right.
    const bands = tooltips.map((tip) => tip.parentElement as HTMLElement);
    expect(bands.map((band) => [getComputedStyle(band).left, getComputedStyle(band).width])).toEqual([
      ['0%', '50%'],
      ['50%', '50%'],
    ]);
  });
});

describe('the geometry of a chart by year', () => {
  it('puts each year in the middle of its band and a line through its values', () => {
    const geometry = yearChartGeometry([{ key: 'value', label: 'Value' }], rows);
    expect(geometry.bands).toEqual([
      { year: 2022, centre: 0.25 },
      { year: 2023, centre: 0.75 },
    ]);
    expect(geometry.ticks[0]).toEqual({ value: 0, top: 1 });
    const top = geometry.ticks.at(-1);
    expect(top?.value).toBeGreaterThanOrEqual(120);
    expect(geometry.lines).toHaveLength(1);
    expect(geometry.lines[0]?.d.startsWith(`M${BOX * 0.25},`)).toBe(true);
    expect(geometry.bars).toEqual([]);
  });

  it('stacks bars of one stack on one another, from 0, and leaves out empty values', () => {
    const geometry = yearChartGeometry(
      [
        { key: 'sold', label: 'Sold', kind: 'bar', stack: 'lots' },
        { key: 'unsold', label: 'Unsold', kind: 'bar', stack: 'lots' },
      ],
      [
        { year: 2023, sold: 30, unsold: 10 },
        { year: 2024, sold: 20, unsold: null },
      ],
    );
    expect(geometry.bars.map((bar) => `${bar.year}:${bar.key}`)).toEqual(['2023:sold', '2023:unsold', '2024:sold']);
    const [sold, unsold] = geometry.bars;
    // The unsold bar stands on the sold one: its bottom is the sold bar's top.
    expect((unsold?.top ?? 0) + (unsold?.height ?? 0)).toBeCloseTo(sold?.top ?? -1, 10);
    expect((sold?.top ?? 0) + (sold?.height ?? 0)).toBeCloseTo(1, 10);
    expect(sold?.centre).toBe(unsold?.centre);
    // The scale holds the stack's total, 40.
    expect(geometry.ticks.at(-1)?.value).toBeGreaterThanOrEqual(40);
  });

  it('puts bars of different stacks side by side, and draws a one-year line as a dot', () => {
    const geometry = yearChartGeometry(
      [
        { key: 'a', label: 'A', kind: 'bar' },
        { key: 'b', label: 'B', kind: 'bar' },
        { key: 'c', label: 'C' },
      ],
      [{ year: 2024, a: 5, b: 7, c: 3 }],
    );
    const [a, b] = geometry.bars;
    expect((a?.centre ?? 1) < (b?.centre ?? 0)).toBe(true);
    expect(geometry.lines[0]?.d).toMatch(/^M500,\d+(\.\d+)?h0\.01$/);
  });

  it('keeps an axis from 0 when there is nothing to draw', () => {
    const geometry = yearChartGeometry([{ key: 'value', label: 'Value' }], []);
    expect(geometry.ticks[0]?.value).toBe(0);
    expect(geometry.lines[0]?.d).toBe('');
  });
});

describe('the years under a chart', () => {
  it('keep the latest year labelled and rank the others by the steps they are kept at when the chart narrows', () => {
    const many = Array.from({ length: 26 }, (_, index) => ({ year: 2000 + index, value: index }));
    const html = renderToString(
      <YearChartDrawing summary="s" series={[{ key: 'value', label: 'Value' }]} rows={many} />,
    );
    const host = document.createElement('div');
    host.innerHTML = html;
    const ranks = Object.fromEntries(
      [...host.querySelectorAll('[data-rank]')].map((span) => [span.textContent, span.getAttribute('data-rank')]),
    );
    expect(ranks['2025']).toBe('20');
    expect(ranks['2024']).toBe('1');
    expect(ranks['2023']).toBe('2');
    expect(ranks['2020']).toBe('5');
    expect(ranks['2015']).toBe('10');
    expect(ranks['2005']).toBe('20');
  });
});

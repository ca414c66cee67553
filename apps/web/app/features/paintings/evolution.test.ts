import { describe, expect, it } from 'vitest';
import { drawsALine, evolutionRows } from './evolution';

describe('painting vs artist index', () => {
  it('rebases both series to 100 at the first common year and starts there', () => {
    const { rows, baseYear } = evolutionRows(
      [
        { _id: 2016, totalValue: 2000 },
        { _id: 2017, totalValue: 2500 },
        { _id: 2018, totalValue: 1800 },
      ],
      [
        { year: 2015, value: 100 },
        { year: 2016, value: 120 },
        { year: 2017, value: 150 },
      ],
    );
    expect(baseYear).toBe(2016);
    expect(rows).toEqual([
      { year: 2016, painting: 100, artist: 100 },
      { year: 2017, painting: 125, artist: 125 },
      { year: 2018, painting: 90, artist: null },
    ]);
  });

  it('rebases each series at its own first year when they share none', () => {
    const { rows, baseYear } = evolutionRows([{ _id: 2020, totalValue: 50 }], [{ year: 2010, value: 80 }]);
    expect(baseYear).toBeNull();
    expect(rows).toEqual([
      { year: 2010, painting: null, artist: 100 },
      { year: 2020, painting: 100, artist: null },
    ]);
  });

  it('gives no rows without data', () => {
    expect(evolutionRows([], []).rows).toEqual([]);
  });

  it('draws a line only when one series has two years (a new work with one appraisal draws none)', () => {
    const lone = evolutionRows([{ _id: 2026, totalValue: 27_000 }], [{ year: 2000, value: 100 }]);
    expect(lone.rows).toHaveLength(2);
    expect(drawsALine(lone.rows)).toBe(false);
    const artistLine = evolutionRows(
      [{ _id: 2026, totalValue: 27_000 }],
      [
        { year: 2000, value: 100 },
        { year: 2001, value: 104 },
      ],
    );
    expect(drawsALine(artistLine.rows)).toBe(true);
    expect(drawsALine(evolutionRows([], []).rows)).toBe(false);
  });
});

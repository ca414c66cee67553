import { describe, expect, it } from 'vitest';
import { hasNextPage, lastPage, nextSort, pageSizeOptions, pageSlice, sameSort, sortRows, timeOf } from './table-logic';

type Row = { id: string; amount?: number | null; title?: string };

const rows: Row[] = [
  { id: 'a', amount: 300, title: 'Été' },
  { id: 'b', amount: 100, title: 'azur' },
  { id: 'c', amount: null, title: 'Zèbre' },
  { id: 'd', amount: 100, title: 'Eau 10' },
  { id: 'e', amount: 200, title: 'Eau 9' },
];
const ids = (list: Row[]) => list.map((row) => row.id);

describe('member table logic (decision 459)', () => {
  it('sorts figures both ways, stable for equal values, absent values last either way', () => {
    expect(ids(sortRows(rows, (row) => row.amount, 'asc'))).toEqual(['b', 'd', 'e', 'a', 'c']);
    // b and d are equal: they keep the server's order (b before d) in both directions.
    expect(ids(sortRows(rows, (row) => row.amount, 'desc'))).toEqual(['a', 'e', 'b', 'd', 'c']);
    expect(ids(sortRows(rows, (row) => (row.amount === null ? Number.NaN : row.amount), 'desc')).at(-1)).toBe('c');
  });

  it('sorts texts as a reader does: accents and case aside, numbers by value', () => {
    expect(sortRows(rows, (row) => row.title, 'asc', 'fr').map((row) => row.title)).toEqual([
      'azur',
      'Eau 9',
      'Eau 10',
      'Été',
      'Zèbre',
    ]);
  });

  it('does not change the rows it is given', () => {
    const before = ids(rows);
    sortRows(rows, (row) => row.amount, 'asc');
    expect(ids(rows)).toEqual(before);
  });

  it('turns a column around, and starts another in its first direction', () => {
    expect(nextSort(null, 'date', 'desc')).toEqual({ key: 'date', direction: 'desc' });
    expect(nextSort({ key: 'date', direction: 'desc' }, 'date', 'desc')).toEqual({ key: 'date', direction: 'asc' });
    expect(nextSort({ key: 'date', direction: 'asc' }, 'date', 'desc')).toEqual({ key: 'date', direction: 'desc' });
    expect(nextSort({ key: 'date', direction: 'asc' }, 'work', 'asc')).toEqual({ key: 'work', direction: 'asc' });
    expect(sameSort(null, null)).toBe(true);
    expect(sameSort({ key: 'date', direction: 'desc' }, null)).toBe(false);
    expect(sameSort({ key: 'date', direction: 'desc' }, { key: 'date', direction: 'desc' })).toBe(true);
    expect(sameSort({ key: 'date', direction: 'desc' }, { key: 'date', direction: 'asc' })).toBe(false);
  });

  it('slices pages and knows the last one', () => {
    expect(ids(pageSlice(rows, 0, 2))).toEqual(['a', 'b']);
    expect(ids(pageSlice(rows, 2, 2))).toEqual(['e']);
    expect(pageSlice(rows, 3, 2)).toEqual([]);
    expect(lastPage(5, 2)).toBe(2);
    expect(lastPage(4, 2)).toBe(1);
    expect(lastPage(0, 4)).toBe(0);
  });

  it('offers next only before the last page and after a full page (spec §2)', () => {
    expect(hasNextPage(0, 4, 9, 4)).toBe(true);
    expect(hasNextPage(2, 4, 9, 1)).toBe(false);
    expect(hasNextPage(1, 4, 8, 4)).toBe(false);
    // Fewer rows than a page came back: no next, whatever the total says.
    expect(hasNextPage(0, 4, 9, 3)).toBe(false);
  });

  it('offers the specification page size first among the sizes', () => {
    expect(pageSizeOptions(4)).toEqual([4, 10, 25]);
    expect(pageSizeOptions(10)).toEqual([10, 25]);
    expect(pageSizeOptions(3)).toEqual([3, 10, 25]);
  });

  it('reads dates to sort by, an unreadable one as absent', () => {
    expect(timeOf('2026-03-05T10:00:00.000Z')).toBe(Date.UTC(2026, 2, 5, 10));
    expect(timeOf('not a date')).toBeNull();
    expect(timeOf('')).toBeNull();
  });
});

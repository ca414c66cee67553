/**
 * The pure rules of the member tables (issue 33, decision 459): how rows sort, which page shows, where paging goes
 * back when the data changes. No React here; `DataTable` and `usePagedRows` use them.
 */

export type SortDirection = 'asc' | 'desc';
export type SortState = { key: string; direction: SortDirection };
/** What a column sorts by: a number (amounts in minor units, counts, timestamps) or a text; absent sorts last. */
export type SortValue = number | string | null | undefined;

/** Whether two sorts are the same (the default sort is the server's order: the table then pages on the server). */
export function sameSort(a: SortState | null, b: SortState | null): boolean {
  if (a === null || b === null) return a === b;
  return a.key === b.key && a.direction === b.direction;
}

/**
 * The sort after a header is activated: the same column turns around; another column starts with its first
 * direction (descending for figures and dates, which a member reads largest or newest first; ascending for text).
 */
export function nextSort(current: SortState | null, key: string, firstDirection: SortDirection): SortState {
  if (current?.key === key) return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { key, direction: firstDirection };
}

function missing(value: SortValue): value is null | undefined {
  return value === null || value === undefined || (typeof value === 'number' && Number.isNaN(value));
}

function compareValues(a: SortValue, b: SortValue, collator: Intl.Collator): number {
  const aMissing = missing(a);
  const bMissing = missing(b);
  if (aMissing || bMissing) return aMissing === bMissing ? 0 : aMissing ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

/**
 * The rows in the order asked: stable (equal values keep the server's order, newest first), values absent last in
 * both directions, texts compared in the reader's language (accents and numbers as a person reads them).
 */
export function sortRows<Row>(
  rows: readonly Row[],
  value: (row: Row) => SortValue,
  direction: SortDirection,
  language = 'en',
): Row[] {
  const collator = new Intl.Collator(language, { numeric: true, sensitivity: 'base' });
  const sign = direction === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, key: value(row) }))
    .sort((a, b) => {
      // Absent values stay last whichever way the column is turned.
      const either = missing(a.key) || missing(b.key);
      const order = (either ? 1 : sign) * compareValues(a.key, b.key, collator);
      return order !== 0 ? order : a.index - b.index;
    })
    .map((entry) => entry.row);
}

/** The rows of one page (0-based) of a list held whole. */
export function pageSlice<Row>(rows: readonly Row[], page: number, pageSize: number): Row[] {
  const start = page * pageSize;
  return rows.slice(start, start + pageSize);
}

/** The last page (0-based) of `total` rows; 0 for an empty list. */
export function lastPage(total: number, pageSize: number): number {
  return Math.max(0, Math.ceil(total / pageSize) - 1);
}

/**
 * Whether "next" can be asked for: not on the last page, and not when the page came back short (spec §2, the parts
 * table: next is disabled when fewer rows than a page came back).
 */
export function hasNextPage(page: number, pageSize: number, total: number, shown: number): boolean {
  return shown >= pageSize && page < lastPage(total, pageSize);
}

/** The page sizes offered: the table's own (the specification's) first, then 10 and 25, without repeats. */
export function pageSizeOptions(pageSize: number): number[] {
  return [...new Set([pageSize, 10, 25])].sort((a, b) => a - b);
}

/** A timestamp to sort dates by; an unreadable date sorts as absent. */
export function timeOf(value: string | null | undefined): number | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : time;
}

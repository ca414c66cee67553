import { PAGINATION_LIMIT_MAX } from '@parcelle/shared/constants';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { pageSlice, type SortState, type SortValue, sameSort, sortRows } from './table-logic';

/** One page as every member list answers it: its rows, how many there are in all, where its images are. */
export type RowsPage<Row> = { rows: Row[]; total: number; base_url?: string };

/** Beyond this many rows a list is not loaded whole to sort it: its headers then do not sort (decision 460). */
export const SORT_ALL_MAX = 1000;

type Options<Row> = {
  /** The query key: the module's own prefix first, so that its invalidations reach both ways of loading. */
  queryKey: readonly unknown[];
  fetchPage: (offset: number, limit: number, signal: AbortSignal) => Promise<RowsPage<Row>>;
  /** The specification's page size (4 holdings, 3 withdrawals…): the first page asked for. */
  pageSize: number;
  /** The server's order (newest first): with it the table pages on the server. Null: the server's order unnamed. */
  defaultSort: SortState | null;
  columns: readonly { key: string; sortValue?: (row: Row) => SortValue }[];
  enabled: boolean;
  language: string;
  /** Something else the rows depend on (the display currency): when it changes the first page shows. */
  resetKey?: string;
};

async function fetchAll<Row>(fetchPage: Options<Row>['fetchPage'], signal: AbortSignal): Promise<RowsPage<Row>> {
  const rows: Row[] = [];
  let total = 0;
  let baseUrl: string | undefined;
  for (let offset = 0; offset < SORT_ALL_MAX; offset += PAGINATION_LIMIT_MAX) {
    const page = await fetchPage(offset, PAGINATION_LIMIT_MAX, signal);
    rows.push(...page.rows);
    total = page.total;
    baseUrl ??= page.base_url;
    if (page.rows.length < PAGINATION_LIMIT_MAX || rows.length >= total) break;
  }
  return { rows, total, base_url: baseUrl };
}

/**
 * The rows a member table shows (decisions 460, 461). In the server's order the table asks the server for one page at a
 * time, as the specification describes (`limit=4&offset=4`…). Sorted another way, it loads the list whole (pages of
 * 100, up to SORT_ALL_MAX rows) once, then sorts and pages it here, so that a sort covers every row, not the four shown.
 * The page goes back to the first when the sort, the page size, `resetKey` or the number of rows changes (a row
 * added or withdrawn).
 */
export function usePagedRows<Row>(options: Options<Row>) {
  const { queryKey, fetchPage, pageSize: specPageSize, defaultSort, columns, enabled, language, resetKey } = options;
  const [page, setPage] = useState(0);
  const [pageSize, setPageSizeState] = useState(specPageSize);
  const [sort, setSortState] = useState<SortState | null>(defaultSort);
  const serverOrder = sameSort(sort, defaultSort);

  const paged = useQuery({
    queryKey: [...queryKey, 'page', page * pageSize, pageSize] as const,
    queryFn: ({ signal }) => fetchPage(page * pageSize, pageSize, signal),
    placeholderData: keepPreviousData,
    enabled: enabled && serverOrder,
  });
  const whole = useQuery({
    queryKey: [...queryKey, 'all'] as const,
    queryFn: ({ signal }) => fetchAll(fetchPage, signal),
    enabled: enabled && !serverOrder,
  });
  const query = serverOrder ? paged : whole;
  const total = query.data?.total ?? (serverOrder ? undefined : paged.data?.total);

  let rows: Row[] = [];
  if (serverOrder) rows = paged.data?.rows ?? [];
  else if (whole.data && sort) {
    const value = columns.find((column) => column.key === sort.key)?.sortValue;
    const sorted = value ? sortRows(whole.data.rows, value, sort.direction, language) : whole.data.rows;
    rows = pageSlice(sorted, page, pageSize);
  }

  // Back to the first page when what is listed changes (adjusting state while rendering, as React advises). A total
  // first known is not a change: the first page is the one shown.
  const [seen, setSeen] = useState({ total, resetKey });
  if (seen.total !== total || seen.resetKey !== resetKey) {
    const changed = seen.resetKey !== resetKey || (seen.total !== undefined && total !== undefined);
    setSeen({ total, resetKey });
    if (changed && page !== 0) setPage(0);
  }

  return {
    rows,
    total,
    baseUrl: query.data?.base_url ?? paged.data?.base_url ?? '',
    page,
    pageSize,
    sort,
    /** Whether the headers sort: the list is small enough to load whole. */
    sortable: total === undefined || total <= SORT_ALL_MAX,
    /** Nothing to show yet (first load). */
    pending: enabled && query.isPending,
    /** A request is under way (the table says so with aria-busy). */
    fetching: query.isFetching,
    /** The page shown is the previous one kept while the next loads. */
    placeholder: serverOrder && paged.isPlaceholderData,
    /** The rows on screen are the answer to what was asked (not a placeholder, not loading). */
    settled: Boolean(query.data) && !(serverOrder && paged.isPlaceholderData),
    error: query.isError && !query.data ? query.error : null,
    retry: () => void query.refetch(),
    setPage,
    setPageSize: (size: number) => {
      setPageSizeState(size);
      setPage(0);
    },
    setSort: (next: SortState) => {
      setSortState(next);
      setPage(0);
    },
  };
}

export type PagedRows<Row> = ReturnType<typeof usePagedRows<Row>>;

/** What a `DataTable` takes from the rows loaded: rows, loading, sort and paging (`name` prefixes the pager's ids). */
export function tableProps<Row>(list: PagedRows<Row>, name: string, specPageSize: number) {
  return {
    rows: list.rows,
    pending: list.pending,
    fetching: list.fetching,
    sort: { value: list.sort, onChange: list.setSort, enabled: list.sortable },
    paging: {
      name,
      page: list.page,
      pageSize: list.pageSize,
      specPageSize,
      total: list.total,
      waiting: list.placeholder,
      onPage: list.setPage,
      onPageSize: list.setPageSize,
    },
  };
}

/** A table holding all its rows (a work's events in the Artwork tab): sorted here, not paged. */
export function useSortedRows<Row>(
  rows: readonly Row[],
  columns: readonly { key: string; sortValue?: (row: Row) => SortValue }[],
  defaultSort: SortState | null,
  language: string,
) {
  const [sort, setSort] = useState<SortState | null>(defaultSort);
  const value = sort ? columns.find((column) => column.key === sort.key)?.sortValue : undefined;
  return {
    rows: sort && value ? sortRows(rows, value, sort.direction, language) : [...rows],
    sort: { value: sort, onChange: setSort, enabled: true },
  };
}

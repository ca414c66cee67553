import type { GridColDef, GridPaginationModel, GridSortModel, GridValidRowModel } from '@mui/x-data-grid';
import type { ADMIN_SORTS } from '@parcelle/shared/contracts/admin';
import type { BaseRecord, CrudSort, MetaQuery } from '@refinedev/core';
import { useTable } from '@refinedev/core';

/**
 * Which grid column sorts by which of the route's sort keys (`ADMIN_SORTS` in the shared contracts): a column that
 * shows a composed value (a member's name, a work's title in the interface language) names the key the API orders by.
 */
export type SortKeys = Record<string, string>;

/**
 * MUI X's sort model as Refine sorters in the route's keys, and back (the data provider sends `sort=&order=`). The
 * routes sort by one key (then the id): only the first sorted column counts, and a column without a key is dropped.
 */
export function toSorters(model: GridSortModel, keys: SortKeys): CrudSort[] {
  const first = model.find((item) => item.sort && keys[item.field]);
  const key = first && keys[first.field];
  return key ? [{ field: key, order: first.sort === 'desc' ? 'desc' : 'asc' }] : [];
}

export function toSortModel(sorters: CrudSort[], keys: SortKeys): GridSortModel {
  const columnOf = new Map(Object.entries(keys).map(([column, key]) => [key, column]));
  return sorters.flatMap((sorter) => {
    const column = columnOf.get(sorter.field);
    return column ? [{ field: column, sort: sorter.order === 'desc' ? ('desc' as const) : ('asc' as const) }] : [];
  });
}

/** The columns as the grid shows them: sortable exactly when the route sorts by them; filters come from the forms. */
export function serverColumns<R extends GridValidRowModel>(columns: GridColDef<R>[], keys: SortKeys): GridColDef<R>[] {
  return columns.map((column) => ({ ...column, sortable: column.field in keys, filterable: false }));
}

/**
 * Refine's useTable bound to a server-side MUI X Data Grid: paging, sorting and filters all go to the API. Filters
 * come from each screen's own form (`table.setFilters`), not from the grid's filter panel: the grid would drop any
 * filter on a field that is not one of its columns (a member id, a date range), so its filter model is left unbound.
 * `sorts` names the columns the route can sort by (the others are not sortable: see `serverColumns`).
 */
export function useServerGrid<T extends BaseRecord>(
  resource: string,
  options: { meta?: MetaQuery; pageSize?: number; sorts?: SortKeys } = {},
) {
  const keys = options.sorts ?? {};
  const table = useTable<T>({
    resource,
    meta: options.meta,
    pagination: { pageSize: options.pageSize ?? 20 },
    sorters: { mode: 'server' },
    filters: { mode: 'server', defaultBehavior: 'replace' },
    syncWithLocation: true,
  });
  const { currentPage, pageSize, setCurrentPage, setPageSize, sorters, setSorters } = table;
  const gridProps = {
    rows: table.result.data,
    rowCount: table.result.total ?? 0,
    loading: table.tableQuery.isFetching,
    paginationMode: 'server' as const,
    sortingMode: 'server' as const,
    filterMode: 'server' as const,
    pageSizeOptions: [20, 50, 100],
    paginationModel: { page: currentPage - 1, pageSize },
    onPaginationModelChange: (model: GridPaginationModel) => {
      if (model.pageSize !== pageSize) {
        setPageSize(model.pageSize);
        setCurrentPage(1);
      } else setCurrentPage(model.page + 1);
    },
    sortModel: toSortModel(sorters, keys),
    onSortModelChange: (model: GridSortModel) => {
      setSorters(toSorters(model, keys));
      setCurrentPage(1);
    },
  };
  return { table, gridProps };
}

/** A list's sort keys, checked against the route's whitelist when the console is compiled. */
export function sortKeys<L extends keyof typeof ADMIN_SORTS>(
  _list: L,
  keys: Record<string, (typeof ADMIN_SORTS)[L][number]>,
): SortKeys {
  return keys;
}

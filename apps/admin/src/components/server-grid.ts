import type { GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import type { BaseRecord, CrudSort, MetaQuery } from '@refinedev/core';
import { useTable } from '@refinedev/core';

/** MUI X's sort model as Refine sorters, and back (the data provider turns them into `sort=`). */
export function toSorters(model: GridSortModel): CrudSort[] {
  return model
    .filter((item) => item.sort)
    .map((item) => ({ field: item.field, order: item.sort === 'desc' ? 'desc' : 'asc' }));
}

export function toSortModel(sorters: CrudSort[]): GridSortModel {
  return sorters.map((sorter) => ({ field: sorter.field, sort: sorter.order === 'desc' ? 'desc' : 'asc' }));
}

/**
 * Refine's useTable bound to a server-side MUI X Data Grid: paging, sorting and filters all go to the API. Filters
 * come from each screen's own form (`table.setFilters`), not from the grid's filter panel: the grid would drop any
 * filter on a field that is not one of its columns (a member id, a date range), so its filter model is left unbound.
 */
export function useServerGrid<T extends BaseRecord>(
  resource: string,
  options: { meta?: MetaQuery; pageSize?: number } = {},
) {
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
    sortModel: toSortModel(sorters),
    onSortModelChange: (model: GridSortModel) => setSorters(toSorters(model)),
  };
  return { table, gridProps };
}

import type { GridFilterModel, GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import type { BaseRecord, CrudFilter, CrudSort, MetaQuery } from '@refinedev/core';
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

const OPERATORS: Record<string, CrudFilter['operator']> = {
  equals: 'eq',
  is: 'eq',
  contains: 'contains',
  isAnyOf: 'in',
  onOrAfter: 'gte',
  onOrBefore: 'lte',
  '>=': 'gte',
  '<=': 'lte',
};

/** MUI X's filter model as Refine filters (only operators the API has a form for; the grid offers no others). */
export function toFilters(model: GridFilterModel): CrudFilter[] {
  return model.items.flatMap((item) => {
    const operator = OPERATORS[item.operator];
    return operator && item.value !== undefined
      ? [{ field: item.field, operator, value: item.value } as CrudFilter]
      : [];
  });
}

/** The grid operator shown for a Refine one (string and date columns' names; `is` and `>=` read back the same). */
const BACK: Record<string, string> = {
  eq: 'equals',
  contains: 'contains',
  in: 'isAnyOf',
  gte: 'onOrAfter',
  lte: 'onOrBefore',
};

export function toFilterModel(filters: CrudFilter[]): GridFilterModel {
  return {
    items: filters.flatMap((filter) =>
      'field' in filter
        ? [{ field: filter.field, operator: BACK[filter.operator] ?? 'equals', value: filter.value }]
        : [],
    ),
  };
}

/** Refine's useTable bound to a server-side MUI X Data Grid: paging, sorting and filters all go to the API. */
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
  const { currentPage, pageSize, setCurrentPage, setPageSize, sorters, setSorters, filters, setFilters } = table;
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
    filterModel: toFilterModel(filters),
    onFilterModelChange: (model: GridFilterModel) => {
      setFilters(toFilters(model), 'replace');
      setCurrentPage(1);
    },
  };
  return { table, gridProps };
}

import type { GridSortModel } from '@mui/x-data-grid';
import type { CrudFilter } from '@refinedev/core';

/**
 * GET /api/admin/members sorts with `sort=<created_at|email|last_name>&order=<asc|desc>` (not the `sort=-field` of the
 * other lists): the grid's sort and the search box become those query parameters, as equality filters.
 */
const SORT_OF: Record<string, string> = { email: 'email', name: 'last_name', created_at: 'created_at' };
const COLUMN_OF: Record<string, string> = { email: 'email', last_name: 'name', created_at: 'created_at' };

export const SORTABLE_MEMBER_COLUMNS = Object.keys(SORT_OF);

const filterValue = (filters: CrudFilter[], field: string): string => {
  const found = filters.find((filter) => 'field' in filter && filter.field === field);
  return found?.value ? String(found.value) : '';
};

export function memberFilters(q: string, sort: GridSortModel): CrudFilter[] {
  const filters: CrudFilter[] = [];
  if (q.trim()) filters.push({ field: 'q', operator: 'eq', value: q.trim() });
  const first = sort.find((item) => item.sort && SORT_OF[item.field]);
  if (first) {
    filters.push({ field: 'sort', operator: 'eq', value: SORT_OF[first.field] });
    filters.push({ field: 'order', operator: 'eq', value: first.sort === 'asc' ? 'asc' : 'desc' });
  }
  return filters;
}

export function memberSearch(filters: CrudFilter[]): { q: string; sortModel: GridSortModel } {
  const sort = filterValue(filters, 'sort');
  const column = COLUMN_OF[sort];
  return {
    q: filterValue(filters, 'q'),
    sortModel: column ? [{ field: column, sort: filterValue(filters, 'order') === 'asc' ? 'asc' : 'desc' }] : [],
  };
}

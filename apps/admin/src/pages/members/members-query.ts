import type { CrudFilter } from '@refinedev/core';
import { sortKeys } from '../../components/server-grid';

/** The grid's columns and the keys GET /api/admin/members sorts by (`ADMIN_SORTS.members`). */
export const MEMBER_SORTS = sortKeys('members', { email: 'email', name: 'last_name', created_at: 'created_at' });

/** The search box as the route's `q` (an equality filter); an empty box is no search. */
export function memberFilters(q: string): CrudFilter[] {
  return q.trim() ? [{ field: 'q', operator: 'eq', value: q.trim() }] : [];
}

export function memberSearch(filters: CrudFilter[]): string {
  const found = filters.find((filter) => 'field' in filter && filter.field === 'q');
  return found?.value ? String(found.value) : '';
}

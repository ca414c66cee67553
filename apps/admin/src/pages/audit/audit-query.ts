import type { CrudFilter } from '@refinedev/core';

export type AuditFilters = {
  actor_id: string;
  action: string;
  target_type: string;
  target_id: string;
  /** datetime-local values (the operator's local time). */
  from: string;
  to: string;
};

export const NO_AUDIT_FILTERS: AuditFilters = {
  actor_id: '',
  action: '',
  target_type: '',
  target_id: '',
  from: '',
  to: '',
};

/** A datetime-local value as the ISO instant the API expects, or undefined when empty or not a date. */
export function isoOf(local: string): string | undefined {
  if (!local) return undefined;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** The audit filters as GET /admin/audit's query parameters (the grid's filters and the CSV download share them). */
export function auditQuery(filters: AuditFilters): Record<string, string> {
  const query: Record<string, string> = {};
  for (const field of ['actor_id', 'action', 'target_type', 'target_id'] as const) {
    const value = filters[field].trim();
    if (value) query[field] = value;
  }
  const from = isoOf(filters.from);
  const to = isoOf(filters.to);
  if (from) query.from = from;
  if (to) query.to = to;
  return query;
}

export function auditFilters(filters: AuditFilters): CrudFilter[] {
  return Object.entries(auditQuery(filters)).map(([field, value]) => ({ field, operator: 'eq', value }));
}

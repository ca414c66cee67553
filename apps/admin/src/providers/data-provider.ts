import type {
  BaseRecord,
  CreateParams,
  CrudFilter,
  CrudSort,
  CustomParams,
  DataProvider,
  DeleteOneParams,
  GetListParams,
  GetOneParams,
  MetaQuery,
  Pagination,
  UpdateParams,
} from '@refinedev/core';
import { API_BASE, apiCall } from '../api/client';

/**
 * Refine's data provider for the operator API (`/api/admin/*`). A resource is a path under /admin (`meta.path` when it
 * differs from the resource's name, e.g. `ledger/transactions`). List answers are `{<items>: [...], total}`: the rows
 * are the answer's one array (`meta.listKey` names it when there could be several).
 *
 * List parameters become query parameters, the convention every operator list route follows (docs/architecture.md):
 * - pagination: `limit` (page size) and `offset` (rows skipped);
 * - sorters: `sort=<key>&order=<asc|desc>`, the first sorter only (each route sorts by one whitelisted key, then the
 *   id; an unknown key is a 400);
 * - filters: `eq` and `contains` → `field=value`, `in` → `field=a,b`, `gte` → `field_from`, `lte` → `field_to`.
 *   Other operators (and `or`/`and` groups) have no API form: they are refused here rather than silently dropped.
 * Failures are the API's `{error: {en, fr}}`, thrown as Refine errors in the current language (api/client.ts).
 */

type Query = Record<string, string | number | undefined>;

export function paginationQuery(pagination: Pagination | undefined): Query {
  if (pagination?.mode === 'off') return {};
  const pageSize = pagination?.pageSize ?? 20;
  const currentPage = pagination?.currentPage ?? 1;
  return { limit: pageSize, offset: (currentPage - 1) * pageSize };
}

export function sortQuery(sorters: CrudSort[] | undefined): Query {
  const first = sorters?.[0];
  return first ? { sort: first.field, order: first.order === 'desc' ? 'desc' : 'asc' } : {};
}

export class UnsupportedFilter extends Error {
  constructor(what: string) {
    super(`The operator API has no form for the filter ${what}`);
    this.name = 'UnsupportedFilter';
  }
}

export function filterQuery(filters: CrudFilter[] | undefined): Query {
  const query: Query = {};
  for (const filter of filters ?? []) {
    if (!('field' in filter)) throw new UnsupportedFilter(`"${filter.operator}" group`);
    const { field, operator, value } = filter;
    // An emptied filter field means "no filter".
    if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    switch (operator) {
      case 'eq':
      case 'contains':
        query[field] = String(value);
        break;
      case 'in':
        query[field] = (Array.isArray(value) ? value : [value]).map(String).join(',');
        break;
      case 'gte':
        query[`${field}_from`] = String(value);
        break;
      case 'lte':
        query[`${field}_to`] = String(value);
        break;
      default:
        throw new UnsupportedFilter(`"${operator}" on ${field}`);
    }
  }
  return query;
}

const pathOf = (resource: string, meta?: MetaQuery) =>
  `/admin/${typeof meta?.path === 'string' ? meta.path : resource}`;

/** The rows of a list answer: `meta.listKey`, else its one array. */
export function rowsOf(data: unknown, listKey?: unknown): BaseRecord[] {
  const record = (data ?? {}) as Record<string, unknown>;
  if (typeof listKey === 'string') return (record[listKey] as BaseRecord[] | undefined) ?? [];
  if (Array.isArray(data)) return data as BaseRecord[];
  const arrays = Object.values(record).filter(Array.isArray);
  if (arrays.length !== 1) throw new Error('A list answer must have exactly one array (or name it with meta.listKey)');
  return arrays[0] as BaseRecord[];
}

export const dataProvider: DataProvider = {
  getApiUrl: () => `${API_BASE}/admin`,

  getList: async <TData extends BaseRecord = BaseRecord>({
    resource,
    pagination,
    sorters,
    filters,
    meta,
  }: GetListParams) => {
    const data = await apiCall<unknown>(pathOf(resource, meta), {
      query: { ...filterQuery(filters), ...sortQuery(sorters), ...paginationQuery(pagination) },
    });
    const rows = rowsOf(data, meta?.listKey);
    const total = (data as { total?: unknown } | null)?.total;
    return { data: rows as TData[], total: typeof total === 'number' ? total : rows.length };
  },

  getOne: async <TData extends BaseRecord = BaseRecord>({ resource, id, meta }: GetOneParams) => ({
    data: await apiCall<TData>(`${pathOf(resource, meta)}/${encodeURIComponent(String(id))}`),
  }),

  create: async <TData extends BaseRecord = BaseRecord, TVariables = unknown>({
    resource,
    variables,
    meta,
  }: CreateParams<TVariables>) => ({
    data: await apiCall<TData>(pathOf(resource, meta), { method: 'POST', body: variables }),
  }),

  update: async <TData extends BaseRecord = BaseRecord, TVariables = unknown>({
    resource,
    id,
    variables,
    meta,
  }: UpdateParams<TVariables>) => ({
    data: await apiCall<TData>(`${pathOf(resource, meta)}/${encodeURIComponent(String(id))}`, {
      method: 'PATCH',
      body: variables,
    }),
  }),

  deleteOne: async <TData extends BaseRecord = BaseRecord, TVariables = unknown>({
    resource,
    id,
    meta,
  }: DeleteOneParams<TVariables>) => ({
    data: await apiCall<TData>(`${pathOf(resource, meta)}/${encodeURIComponent(String(id))}`, {
      method: 'DELETE',
    }),
  }),

  /** Actions (`/admin/withdrawals/:id/approve`...): `url` is a path under /api. */
  custom: async <TData extends BaseRecord = BaseRecord, TQuery = unknown, TPayload = unknown>({
    url,
    method,
    payload,
    query,
  }: CustomParams<TQuery, TPayload>) => {
    const path = url.startsWith(API_BASE) ? url.slice(API_BASE.length) : url;
    const verb = method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    return {
      data: await apiCall<TData>(path, {
        method: verb,
        body: verb === 'GET' ? undefined : payload,
        query: query as Record<string, string> | undefined,
      }),
    };
  },
};

import { describe, expect, it } from 'vitest';
import { filterQuery, sortQuery } from '../providers/data-provider';
import { toFilterModel, toFilters, toSorters, toSortModel } from './server-grid';

describe('the Data Grid models as Refine list parameters', () => {
  it('turns the sort model into sorters and back; an unsorted column is dropped', () => {
    const sorters = toSorters([
      { field: 'created_at', sort: 'desc' },
      { field: 'email', sort: 'asc' },
      { field: 'country', sort: null },
    ]);
    expect(sorters).toEqual([
      { field: 'created_at', order: 'desc' },
      { field: 'email', order: 'asc' },
    ]);
    expect(toSortModel(sorters)).toEqual([
      { field: 'created_at', sort: 'desc' },
      { field: 'email', sort: 'asc' },
    ]);
    // What reaches the API.
    expect(sortQuery(sorters)).toEqual({ sort: '-created_at,email' });
  });

  it('keeps only the filter operators the API has a form for, and round-trips them', () => {
    const filters = toFilters({
      items: [
        { field: 'status', operator: 'is', value: 'PENDING' },
        { field: 'email', operator: 'contains', value: 'dupont' },
        { field: 'created_at', operator: 'onOrAfter', value: '2026-01-01' },
        { field: 'email', operator: 'endsWith', value: '.fr' },
        { field: 'country', operator: 'equals', value: undefined },
      ],
    });
    expect(filters).toEqual([
      { field: 'status', operator: 'eq', value: 'PENDING' },
      { field: 'email', operator: 'contains', value: 'dupont' },
      { field: 'created_at', operator: 'gte', value: '2026-01-01' },
    ]);
    expect(filterQuery(filters)).toEqual({ status: 'PENDING', email: 'dupont', created_at_from: '2026-01-01' });
    expect(toFilterModel(filters).items.map((item) => item.operator)).toEqual(['equals', 'contains', 'onOrAfter']);
  });
});

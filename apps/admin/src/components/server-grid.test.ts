import { describe, expect, it } from 'vitest';
import { sortQuery } from '../providers/data-provider';
import { toSorters, toSortModel } from './server-grid';

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
});

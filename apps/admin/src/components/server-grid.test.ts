import type { GridColDef } from '@mui/x-data-grid';
import { describe, expect, it } from 'vitest';
import { sortQuery } from '../providers/data-provider';
import { serverColumns, toSorters, toSortModel } from './server-grid';

const keys = { name: 'last_name', email: 'email', created_at: 'created_at' };

describe('the Data Grid sort as the route’s sort key', () => {
  it('sends the first sorted column as its key, and reads the key back as that column', () => {
    const sorters = toSorters(
      [
        { field: 'name', sort: 'desc' },
        { field: 'email', sort: 'asc' },
      ],
      keys,
    );
    expect(sorters).toEqual([{ field: 'last_name', order: 'desc' }]);
    expect(toSortModel(sorters, keys)).toEqual([{ field: 'name', sort: 'desc' }]);
    // What reaches the API.
    expect(sortQuery(sorters)).toEqual({ sort: 'last_name', order: 'desc' });
  });

  it('drops an unsorted column and one the route cannot sort by, and a key no column shows', () => {
    expect(
      toSorters(
        [
          { field: 'country', sort: 'asc' },
          { field: 'email', sort: null },
        ],
        keys,
      ),
    ).toEqual([]);
    expect(toSortModel([{ field: 'password_hash', order: 'asc' }], keys)).toEqual([]);
    expect(toSorters([{ field: 'email', sort: 'asc' }], {})).toEqual([]);
  });

  it('marks sortable exactly the columns the route sorts by, and none filterable', () => {
    const columns: GridColDef[] = [{ field: 'name' }, { field: 'country', sortable: true }];
    expect(
      serverColumns(columns, keys).map(({ field, sortable, filterable }) => [field, sortable, filterable]),
    ).toEqual([
      ['name', true, false],
      ['country', false, false],
    ]);
  });
});

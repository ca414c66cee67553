import { messages } from '@parcelle/shared/i18n/messages';
import { describe, expect, it } from 'vitest';
import { filterQuery } from '../../providers/data-provider';
import { actionBody } from './member-actions';
import { memberFilters, memberSearch } from './members-query';

describe('the members search and sort', () => {
  it('becomes the route’s q, sort and order parameters', () => {
    const filters = memberFilters('  Morel ', [{ field: 'name', sort: 'asc' }]);
    expect(filterQuery(filters)).toEqual({ q: 'Morel', sort: 'last_name', order: 'asc' });
    expect(filterQuery(memberFilters('', [{ field: 'created_at', sort: 'desc' }]))).toEqual({
      sort: 'created_at',
      order: 'desc',
    });
  });

  it('leaves out an empty search and a column the route cannot sort by', () => {
    expect(memberFilters(' ', [{ field: 'country', sort: 'asc' }])).toEqual([]);
  });

  it('reads the search box and the grid’s sort back from the filters', () => {
    expect(memberSearch(memberFilters('WD-0001', [{ field: 'email', sort: 'desc' }]))).toEqual({
      q: 'WD-0001',
      sortModel: [{ field: 'email', sort: 'desc' }],
    });
    expect(memberSearch([])).toEqual({ q: '', sortModel: [] });
  });
});

describe('the member actions', () => {
  it('ask for a reason to disable and a text for a note, as the shared contract says', () => {
    expect(actionBody('disable', '  ')).toEqual({ ok: false, error: messages.ReasonRequired });
    expect(actionBody('note', '')).toEqual({ ok: false, error: messages.NoteRequired });
    expect(actionBody('disable', ' Fraud report ')).toEqual({ ok: true, body: { reason: 'Fraud report' } });
    expect(actionBody('signOut', 'ignored')).toEqual({ ok: true, body: {} });
  });
});

import { messages } from '@parcelle/shared/i18n/messages';
import { describe, expect, it } from 'vitest';
import { filterQuery } from '../../providers/data-provider';
import { actionBody } from './member-actions';
import { memberFilters, memberSearch } from './members-query';

describe('the members search', () => {
  it('becomes the route’s q parameter, trimmed; an empty box is no search', () => {
    expect(filterQuery(memberFilters('  Morel '))).toEqual({ q: 'Morel' });
    expect(memberFilters(' ')).toEqual([]);
  });

  it('reads the search box back from the filters', () => {
    expect(memberSearch(memberFilters('WD-0001'))).toBe('WD-0001');
    expect(memberSearch([])).toBe('');
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

import { describe, expect, it } from 'vitest';
import { filterQuery } from '../../providers/data-provider';
import { auditFilters, auditQuery, isoOf, NO_AUDIT_FILTERS } from './audit-query';

describe('the audit filters', () => {
  it('become the route’s query parameters, dates as ISO instants, empty ones left out', () => {
    const filters = {
      ...NO_AUDIT_FILTERS,
      action: ' withdrawal. ',
      target_type: 'withdrawal',
      from: '2026-11-01T00:00',
    };
    const query = auditQuery(filters);
    expect(query).toEqual({
      action: 'withdrawal.',
      target_type: 'withdrawal',
      from: new Date('2026-11-01T00:00').toISOString(),
    });
    // The grid's filters ask the list route for exactly the CSV download's parameters.
    expect(filterQuery(auditFilters(filters))).toEqual(query);
  });

  it('drops a date that is not one', () => {
    expect(isoOf('')).toBeUndefined();
    expect(isoOf('not a date')).toBeUndefined();
    expect(auditQuery(NO_AUDIT_FILTERS)).toEqual({});
  });
});

import { describe, expect, it } from 'vitest';
import { filterQuery } from '../../providers/data-provider';
import { ledgerFilters } from './LedgerTools';

describe('the ledger filters', () => {
  it('become the transactions route’s parameters, empty ones left out', () => {
    expect(
      filterQuery(
        ledgerFilters({
          account_kind: 'member_wallet',
          member_id: '',
          reference: ' WD- ',
          from: '2026-11-01T00:00',
          to: '',
        }),
      ),
    ).toEqual({ account_kind: 'member_wallet', reference: 'WD-', from: new Date('2026-11-01T00:00').toISOString() });
  });
});

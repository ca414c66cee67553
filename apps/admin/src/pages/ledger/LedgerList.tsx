import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import type { TAdminLedger } from '@parcelle/shared/contracts/admin';
import { useGetLocale, useTranslate } from '@refinedev/core';
import { Grid } from '../../components/Grid';
import { serverColumns, sortKeys, useServerGrid } from '../../components/server-grid';
import { dateTimeText, moneyText } from '../../format';
import type { Language } from '../../providers/i18n';
import { LedgerCheck, LedgerFilters } from './LedgerTools';

type Transaction = TAdminLedger['transactions'][number];

/** GET /api/admin/ledger/transactions: each transaction with its balanced entries, newest first, paged on the server. */
export function LedgerList() {
  const translate = useTranslate();
  const language = useGetLocale()() as Language;
  const gridSorts = sortKeys('ledger', {
    reference: 'reference',
    description: 'description',
    created_at: 'created_at',
  });
  const { table, gridProps } = useServerGrid<Transaction>('ledger', {
    meta: { path: 'ledger/transactions', listKey: 'transactions' },
    sorts: gridSorts,
  });
  const columns: GridColDef<Transaction>[] = [
    { field: 'reference', headerName: translate('ledger.reference'), width: 170 },
    { field: 'description', headerName: translate('ledger.description'), flex: 1, minWidth: 200 },
    {
      field: 'entries',
      headerName: translate('ledger.entries'),
      flex: 1.4,
      minWidth: 260,
      valueGetter: (_value, row) =>
        row.entries
          .map((entry) => `${entry.kind} ${moneyText(entry.amount_minor, entry.amount.curr, language)}`)
          .join(' · '),
    },
    {
      field: 'created_at',
      headerName: translate('ledger.createdAt'),
      width: 200,
      valueFormatter: (value: string) => dateTimeText(value, language),
    },
  ];
  return (
    <>
      <Typography variant="h1" component="h1" sx={{ mb: 2 }}>
        {translate('ledger.title')}
      </Typography>
      <LedgerCheck />
      <LedgerFilters
        onApply={(filters) => {
          table.setFilters(filters, 'replace');
          table.setCurrentPage(1);
        }}
      />
      <Grid<Transaction>
        label={translate('ledger.title')}
        columns={serverColumns(columns, gridSorts)}
        error={table.tableQuery.error}
        onRetry={() => void table.tableQuery.refetch()}
        {...gridProps}
      />
    </>
  );
}

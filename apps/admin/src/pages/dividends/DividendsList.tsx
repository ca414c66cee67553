import Button from '@mui/material/Button';
import type { GridColDef } from '@mui/x-data-grid';
import type { TDividendPreview } from '@parcelle/shared/contracts/admin-money';
import { useGetLocale, useTranslate } from '@refinedev/core';
import { Link as RouterLink } from 'react-router';
import { amountColumn, paintingColumn, referenceColumn } from '../../components/columns';
import { Grid } from '../../components/Grid';
import { ListHeader } from '../../components/ListHeader';
import { serverColumns, sortKeys, useServerGrid } from '../../components/server-grid';
import { dateText, dateTimeText, moneyText } from '../../format';
import type { Language } from '../../providers/i18n';

type Row = Pick<
  TDividendPreview,
  | 'id'
  | 'reference'
  | 'painting'
  | 'year'
  | 'status'
  | 'total'
  | 'total_minor'
  | 'record_date'
  | 'declared_by'
  | 'declared_by_email'
  | 'declared_at'
  | 'approved_by'
  | 'approved_by_email'
  | 'paid_at'
>;

export const DIVIDEND_STATUSES = ['declared', 'paid'] as const;

/** GET /api/admin/dividends: every declared dividend, filtered by status on the server; each opens its preview. */
export function DividendsList() {
  const translate = useTranslate();
  const language = useGetLocale()() as Language;
  const gridSorts = sortKeys('dividends', {
    reference: 'reference',
    painting: 'painting',
    year: 'year',
    total: 'total',
    status: 'status',
    record_date: 'record_date',
    paid_at: 'paid_at',
  });
  const { table, gridProps } = useServerGrid<Row>('dividends', { sorts: gridSorts });
  const columns: GridColDef<Row>[] = [
    referenceColumn(translate('dividends.reference'), '/dividends', 160),
    paintingColumn(translate('dividends.paintingTitle')),
    { field: 'year', headerName: translate('dividends.year'), width: 80 },
    amountColumn('total', translate('dividends.totalAmount'), 140, (row) =>
      moneyText(row.total_minor, row.total.curr, language),
    ),
    {
      field: 'status',
      headerName: translate('dividends.status'),
      width: 120,
      valueFormatter: (value: string) => translate(`dividends.${value}`),
    },
    {
      field: 'record_date',
      headerName: translate('dividends.recordDateShort'),
      width: 130,
      valueFormatter: (value: string) => dateText(value, language),
    },
    { field: 'declared_by_email', headerName: translate('dividends.declaredBy'), width: 220 },
    { field: 'approved_by_email', headerName: translate('dividends.approvedBy'), width: 220 },
    {
      field: 'paid_at',
      headerName: translate('dividends.paidAt'),
      width: 170,
      valueFormatter: (value: string | null) => dateTimeText(value, language),
    },
  ];
  return (
    <>
      <ListHeader
        title={translate('dividends.listTitle')}
        actions={
          <Button variant="contained" component={RouterLink} to="/dividends/new">
            {translate('dividends.title')}
          </Button>
        }
        status={{
          label: translate('dividends.status'),
          values: DIVIDEND_STATUSES,
          text: (value) => translate(`dividends.${value}`),
          table,
        }}
      />
      <Grid<Row>
        label={translate('dividends.listTitle')}
        columns={serverColumns(columns, gridSorts)}
        error={table.tableQuery.error}
        onRetry={() => void table.tableQuery.refetch()}
        {...gridProps}
      />
    </>
  );
}
